// The errors of sign-in, sessions and MFA: one factory per answer so codes and message ids stay
// consistent between routes (the client branches on `code` and on the status).
import { ApiError } from '../errors/apiError';

const error = (statusCode: number, code: string, messageId: string, values?: Record<string, unknown>): ApiError =>
  new ApiError({ statusCode, code, messageId, values });

/** Missing, malformed, expired or revoked token, or an MFA token where a session is needed. */
export const tokenExpired = (): ApiError => error(401, 'token_expired', 'server.auth.tokenExpired');
export const loginFailed = (): ApiError => error(401, 'login_failed', 'server.auth.loginFailed');
export const accountNotActive = (): ApiError => error(403, 'account_not_active', 'server.auth.accountNotActive');
export const invalidOtp = (): ApiError => error(400, 'invalid_token', 'server.auth.invalidOtp');
export const invalidRecoveryKey = (): ApiError => error(400, 'invalid_token', 'server.auth.invalidRecoveryKey');
export const invalidPassword = (): ApiError => error(400, 'invalid_password', 'server.auth.invalidPassword');
export const invalidResetToken = (): ApiError => error(400, 'invalid_reset_token', 'server.auth.invalidResetToken');
export const mfaNotConfigured = (): ApiError => error(400, 'mfa_not_configured', 'server.auth.mfaNotConfigured');
export const mfaForbidden = (): ApiError => error(403, 'mfa_forbidden', 'server.auth.mfaForbidden');
export const mfaEnforced = (): ApiError => error(403, 'mfa_enforced', 'server.auth.mfaEnforced');
export const mfaSkipForbidden = (): ApiError => error(403, 'mfa_skip_forbidden', 'server.auth.mfaSkipForbidden');
/** An MFA token may set up MFA only while none is configured: else it would bypass the code. */
export const mfaAlreadyConfigured = (): ApiError => error(403, 'mfa_already_configured', 'server.auth.mfaAlreadyConfigured');
export const forbidden = (): ApiError => error(403, 'forbidden', 'server.errors.forbidden');
export const formEncodingRequired = (): ApiError => error(415, 'unsupported_media_type', 'server.auth.formEncodingRequired');

/** Thrown with the seconds to wait; the route sets Retry-After from it. */
export class TooManyAttemptsError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, messageId = 'server.auth.tooManyAttempts') {
    super({
      statusCode: 429,
      code: 'too_many_attempts',
      messageId,
      values: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
