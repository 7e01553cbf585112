// Self-registration calls of spec business-data §7. All are public: they go without a token even
// when a session happens to exist in this browser.
import type { ApiRequest } from './client';

export interface RegistrationRequest {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  instituteId: string;
  phone?: string;
  doctor?: boolean;
  notes?: string;
  /** The ALTCHA widget's payload (base64). */
  altcha: string;
}

export const getRegistrationInstitutes = (): ApiRequest => ({ method: 'GET', path: '/user-registrations/institutes', token: null });

export const getCaptchaChallenge = (): ApiRequest => ({ method: 'GET', path: '/user-registrations/captcha', token: null });

export const postRegistration = (form: RegistrationRequest): ApiRequest => ({
  method: 'POST',
  path: '/user-registrations/users',
  json: form,
  token: null,
});

export const postResendConfirmation = (email: string): ApiRequest => ({
  method: 'POST',
  path: '/user-registrations/resend-confirmation-email',
  json: { email },
  token: null,
});

export const postEmailConfirmation = (userId: string, token: string): ApiRequest => ({
  method: 'POST',
  path: `/user-registrations/users/${encodeURIComponent(userId)}/email-confirmation-token`,
  json: { token },
  token: null,
});
