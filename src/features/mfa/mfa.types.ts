// MFA setup state (spec auth §3): the setup request yields otpUrl and mfaEnforcedAt; verifying
// yields the recovery keys and clears the verify token and the otp data.
import type { ErrorState } from '../../api/errors';

export type MfaSetupStep =
  | 'idle'
  | 'setupRequest'
  | 'setupFailure'
  | 'setupSuccess'
  | 'verifyRequest'
  | 'verifyFailure'
  | 'verified'
  | 'skipRequest'
  | 'skipFailure';

export interface MfaSetupState {
  step: MfaSetupStep;
  /** Where the setup runs: the sign-in step (MFA access token) or the profile (session). */
  context: 'login' | 'profile';
  otpUrl: string | null;
  mfaEnforcedAt: string | null;
  errorMessage: ErrorState | null;
  verifyToken: string | null;
  /** Shown once after verification or regeneration, until the user confirms saving them. */
  recoveryKeys: string[] | null;
}

/** The profile's password-protected MFA actions. */
export interface MfaManagementState {
  regenerate: 'idle' | 'request' | 'failure';
  disable: 'idle' | 'request' | 'failure' | 'done';
  error: ErrorState | null;
}
