import type { ApiRequest } from './client';

export const postPasswordResetRequest = (email: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/request-password-reset',
  json: { email },
  token: null,
});

export const postPasswordReset = (token: string, password: string, passwordConfirmation: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/reset-password',
  json: { token, password, passwordConfirmation },
  token: null,
});

export const postPasswordChange = (currentPassword: string, password: string, passwordConfirmation: string): ApiRequest => ({
  method: 'POST',
  path: '/auth/change-password',
  json: { currentPassword, password, passwordConfirmation },
});
