// The login step machine of spec auth §4 as a discriminated union: each step carries exactly
// the data that step needs, so an impossible combination cannot be represented.
import type { ErrorState } from '../../api/errors';

export interface AccessToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Why the MFA token or recovery-key step failed (spec auth §8). */
export type MfaFailureReason = 'invalid_token' | 'token_expired' | 'login_failed';

export type AuthState =
  | { step: 'loggedOut'; errorMessage: 'token_expired' | null }
  | { step: 'passwordAuthRequest' }
  | { step: 'passwordAuthFailure'; error: ErrorState }
  | { step: 'loggedIn'; accessToken: AccessToken }
  | { step: 'mfaAuthRequired'; mfaAccessToken: string }
  | { step: 'mfaAuthRequest'; mfaAccessToken: string }
  | { step: 'mfaAuthFailure'; mfaAccessToken: string; errorMessage: MfaFailureReason }
  | { step: 'mfaSetupRequired'; mfaAccessToken: string; mfaEnforcedAt: string | null }
  | { step: 'mfaRecoveryKeyRequired'; mfaAccessToken: string }
  | { step: 'mfaRecoveryKeyRequest'; mfaAccessToken: string }
  | { step: 'mfaRecoveryKeyFailure'; mfaAccessToken: string; errorMessage: MfaFailureReason };

export type AuthStep = AuthState['step'];

/** The answer of POST /auth/tokens (spec auth §7). */
export interface PasswordGrantAnswer {
  access_token: string;
  expires_in: number;
  mfa_required: boolean;
  mfa_configured: boolean;
  mfa_enforced_at: string | null;
}

/** The answer of the calls that hand out a full session token. */
export interface TokenAnswer {
  access_token: string;
  expires_in: number;
}

export interface Credentials {
  username: string;
  password: string;
}
