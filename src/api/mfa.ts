// MFA setup and management calls (spec auth §7). Setup and verify take the MFA access token
// during sign-in and the session token from the profile.
import type { ApiRequest } from './client';

export interface MfaSetupAnswer {
  otpUrl: string;
  mfaEnforcedAt: string | null;
}

export interface MfaVerifyAnswer {
  recoveryKeys: string[];
  /** Present when verified during sign-in: the new full session. */
  access_token?: string;
  expires_in?: number;
}

/** `token`: the MFA access token during sign-in; undefined uses the session. */
export const postMfaSetup = (token?: string): ApiRequest => ({ method: 'POST', path: '/auth/mfa-tokens/setup', token });

export const postMfaVerify = (otpToken: string, token?: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/mfa-tokens/verify',
  json: { otp_token: otpToken },
  token,
});

export const postMfaSkipSetup = (token: string): ApiRequest => ({ method: 'POST', path: '/auth/mfa-tokens/skip-setup', token });

export const postRegenerateRecoveryKeys = (password: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/mfa-recovery/regenerate',
  json: { password },
});

export const postDisableMfa = (password: string): ApiRequest => ({ method: 'POST', path: '/auth/mfa-tokens/disable', json: { password } });
