// The login step machine (spec auth §4). Reducers ignore events that do not fit the current step
// (DESIGN §3.3): a late answer of an abandoned attempt cannot move the user somewhere else.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { AccessToken, AuthState, AuthStep, Credentials, MfaFailureReason } from './auth.types';

const initialState = { step: 'loggedOut', errorMessage: null } as AuthState;

const MFA_STEPS: readonly AuthStep[] = [
  'mfaAuthRequired',
  'mfaAuthRequest',
  'mfaAuthFailure',
  'mfaSetupRequired',
  'mfaRecoveryKeyRequired',
  'mfaRecoveryKeyRequest',
  'mfaRecoveryKeyFailure',
];

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    loginRequested(state, _action: PayloadAction<Credentials>) {
      if (state.step === 'loggedOut' || state.step === 'passwordAuthFailure') return { step: 'passwordAuthRequest' };
      return state;
    },
    passwordAuthSucceeded(state, action: PayloadAction<AccessToken>) {
      return state.step === 'passwordAuthRequest' ? { step: 'loggedIn', accessToken: action.payload } : state;
    },
    passwordAuthFailed(state, action: PayloadAction<ErrorState>) {
      return state.step === 'passwordAuthRequest' ? { step: 'passwordAuthFailure', error: action.payload } : state;
    },
    mfaRequired(state, action: PayloadAction<{ mfaAccessToken: string }>) {
      return state.step === 'passwordAuthRequest' ? { step: 'mfaAuthRequired', mfaAccessToken: action.payload.mfaAccessToken } : state;
    },
    mfaSetupRequired(state, action: PayloadAction<{ mfaAccessToken: string; mfaEnforcedAt: string | null }>) {
      return state.step === 'passwordAuthRequest' ? { step: 'mfaSetupRequired', ...action.payload } : state;
    },
    mfaTokenSubmitted(state, _action: PayloadAction<{ otpToken: string }>) {
      if (state.step === 'mfaAuthRequired' || state.step === 'mfaAuthFailure') {
        return { step: 'mfaAuthRequest', mfaAccessToken: state.mfaAccessToken };
      }
      return state;
    },
    mfaAuthFailed(state, action: PayloadAction<MfaFailureReason>) {
      if (state.step !== 'mfaAuthRequest') return state;
      return { step: 'mfaAuthFailure', mfaAccessToken: state.mfaAccessToken, errorMessage: action.payload };
    },
    recoveryKeyPathChosen(state) {
      if (state.step === 'mfaAuthRequired' || state.step === 'mfaAuthFailure') {
        return { step: 'mfaRecoveryKeyRequired', mfaAccessToken: state.mfaAccessToken };
      }
      return state;
    },
    recoveryKeySubmitted(state, _action: PayloadAction<{ recoveryKey: string }>) {
      if (state.step === 'mfaRecoveryKeyRequired' || state.step === 'mfaRecoveryKeyFailure') {
        return { step: 'mfaRecoveryKeyRequest', mfaAccessToken: state.mfaAccessToken };
      }
      return state;
    },
    recoveryKeyFailed(state, action: PayloadAction<MfaFailureReason>) {
      if (state.step !== 'mfaRecoveryKeyRequest') return state;
      return { step: 'mfaRecoveryKeyFailure', mfaAccessToken: state.mfaAccessToken, errorMessage: action.payload };
    },
    recoveryKeyBack(state) {
      if (state.step === 'mfaRecoveryKeyRequired' || state.step === 'mfaRecoveryKeyFailure') {
        return { step: 'mfaAuthRequired', mfaAccessToken: state.mfaAccessToken };
      }
      return state;
    },
    /** A full token from the MFA code, a recovery key, or MFA setup (verify or skip). */
    mfaAuthSucceeded(state, action: PayloadAction<AccessToken>) {
      return MFA_STEPS.includes(state.step) ? { step: 'loggedIn', accessToken: action.payload } : state;
    },
    sessionRestored(state, action: PayloadAction<AccessToken>) {
      return state.step === 'loggedOut' ? { step: 'loggedIn', accessToken: action.payload } : state;
    },
    tokenRefreshed(state, action: PayloadAction<AccessToken>) {
      return state.step === 'loggedIn' ? { step: 'loggedIn', accessToken: action.payload } : state;
    },
    /** The user signs out, or abandons the MFA step to start again. */
    logoutRequested() {
      return { step: 'loggedOut', errorMessage: null };
    },
    /** Any 401 on any call made with a token (spec auth §4). */
    sessionExpired() {
      return { step: 'loggedOut', errorMessage: 'token_expired' };
    },
  },
});

export const authActions = authSlice.actions;
