// The sign-in calls of spec auth §7: the OAuth-style ones are form-encoded.
import type { ApiRequest } from './client';

export const postPasswordGrant = (username: string, password: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/tokens',
  form: { grant_type: 'password', username, password },
  token: null,
});

export const postMfaToken = (otpToken: string, mfaAccessToken: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/mfa-tokens',
  form: { otp_token: otpToken },
  token: mfaAccessToken,
});

export const postRecoveryKey = (recoveryKey: string, mfaAccessToken: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/mfa-recovery',
  form: { recovery_key: recoveryKey },
  token: mfaAccessToken,
});

export const postRefresh = (token: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/refresh',
  form: { token },
});

export const postLogout = (): ApiRequest => ({ method: 'POST', path: '/auth/logout' });
