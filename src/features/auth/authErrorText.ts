// Spec auth §8: the texts of the sign-in failures. Known codes get our own wording; anything else
// shows the server's message ("message (status)"), and no answer at all the request-failed text.
import type { IntlShape } from 'react-intl';
import { NETWORK_ERROR, type ErrorState } from '../../api/errors';
import type { MfaFailureReason } from './auth.types';
import { messages } from './messages';

export function passwordFailureText(intl: IntlShape, error: ErrorState): string {
  if (error.code === 'login_failed') return intl.formatMessage(messages.loginFailed);
  if (error.code === NETWORK_ERROR || (error.status ?? 0) >= 500) return intl.formatMessage(messages.requestFailed);
  return error.message ?? intl.formatMessage(messages.loginFailed);
}

export function mfaFailureText(intl: IntlShape, reason: MfaFailureReason, recovery: boolean): string {
  if (reason === 'invalid_token') return intl.formatMessage(recovery ? messages.invalidRecoveryKey : messages.invalidToken);
  if (reason === 'token_expired') return intl.formatMessage(messages.sessionExpired);
  return intl.formatMessage(messages.loginFailed);
}
