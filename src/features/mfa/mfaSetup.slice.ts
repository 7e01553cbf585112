import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { MfaManagementState, MfaSetupState } from './mfa.types';

export interface MfaState {
  setup: MfaSetupState;
  management: MfaManagementState;
}

const idleSetup: MfaSetupState = {
  step: 'idle',
  context: 'login',
  otpUrl: null,
  mfaEnforcedAt: null,
  errorMessage: null,
  verifyToken: null,
  recoveryKeys: null,
};

const initialState: MfaState = { setup: idleSetup, management: { regenerate: 'idle', disable: 'idle', error: null } };

export const mfaSlice = createSlice({
  name: 'mfa',
  initialState,
  reducers: {
    setupRequested(state, action: PayloadAction<{ context: 'login' | 'profile' }>) {
      state.setup = { ...idleSetup, step: 'setupRequest', context: action.payload.context };
    },
    setupSucceeded(state, action: PayloadAction<{ otpUrl: string; mfaEnforcedAt: string | null }>) {
      if (state.setup.step !== 'setupRequest') return;
      state.setup = { ...state.setup, step: 'setupSuccess', ...action.payload };
    },
    setupFailed(state, action: PayloadAction<ErrorState>) {
      if (state.setup.step !== 'setupRequest') return;
      state.setup = { ...state.setup, step: 'setupFailure', errorMessage: action.payload };
    },
    verifyRequested(state, action: PayloadAction<{ otpToken: string }>) {
      if (!['setupSuccess', 'verifyFailure', 'skipFailure'].includes(state.setup.step)) return;
      state.setup = { ...state.setup, step: 'verifyRequest', verifyToken: action.payload.otpToken, errorMessage: null };
    },
    verifySucceeded(state, action: PayloadAction<{ recoveryKeys: string[] }>) {
      if (state.setup.step !== 'verifyRequest') return;
      state.setup = { ...state.setup, step: 'verified', recoveryKeys: action.payload.recoveryKeys, verifyToken: null, otpUrl: null };
    },
    verifyFailed(state, action: PayloadAction<ErrorState>) {
      if (state.setup.step !== 'verifyRequest') return;
      state.setup = { ...state.setup, step: 'verifyFailure', verifyToken: null, errorMessage: action.payload };
    },
    skipRequested(state) {
      if (!['setupSuccess', 'verifyFailure', 'skipFailure', 'setupFailure'].includes(state.setup.step)) return;
      state.setup = { ...state.setup, step: 'skipRequest', errorMessage: null };
    },
    skipFailed(state, action: PayloadAction<ErrorState>) {
      if (state.setup.step !== 'skipRequest') return;
      state.setup = { ...state.setup, step: 'skipFailure', errorMessage: action.payload };
    },
    /** "I saved recovery codes": the keys leave the state for good. */
    recoveryKeysConfirmed(state) {
      state.setup = idleSetup;
    },
    setupCancelled(state) {
      state.setup = idleSetup;
    },
    regenerateRequested(state, _action: PayloadAction<{ password: string }>) {
      state.management = { ...state.management, regenerate: 'request', error: null };
    },
    regenerateSucceeded(state, action: PayloadAction<{ recoveryKeys: string[] }>) {
      state.management = { ...state.management, regenerate: 'idle' };
      state.setup = { ...idleSetup, step: 'verified', context: 'profile', recoveryKeys: action.payload.recoveryKeys };
    },
    regenerateFailed(state, action: PayloadAction<ErrorState>) {
      state.management = { ...state.management, regenerate: 'failure', error: action.payload };
    },
    disableRequested(state, _action: PayloadAction<{ password: string }>) {
      state.management = { ...state.management, disable: 'request', error: null };
    },
    disableSucceeded(state) {
      state.management = { ...state.management, disable: 'done' };
    },
    disableFailed(state, action: PayloadAction<ErrorState>) {
      state.management = { ...state.management, disable: 'failure', error: action.payload };
    },
    managementReset(state) {
      state.management = initialState.management;
    },
  },
});

export const mfaActions = mfaSlice.actions;
