// Forgotten password: the request by e-mail, then the new password from the e-mailed link.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';

export type RequestStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface PasswordResetState {
  request: RequestStatus;
  reset: RequestStatus;
  error: ErrorState | null;
}

const initialState: PasswordResetState = { request: 'idle', reset: 'idle', error: null };

export const passwordResetSlice = createSlice({
  name: 'passwordReset',
  initialState,
  reducers: {
    resetLinkRequested(state, _action: PayloadAction<{ email: string }>) {
      state.request = 'sending';
      state.error = null;
    },
    resetLinkSent(state) {
      state.request = 'sent';
    },
    resetLinkFailed(state, action: PayloadAction<ErrorState>) {
      state.request = 'failed';
      state.error = action.payload;
    },
    newPasswordSubmitted(state, _action: PayloadAction<{ token: string; password: string; passwordConfirmation: string }>) {
      state.reset = 'sending';
      state.error = null;
    },
    newPasswordSaved(state) {
      state.reset = 'sent';
    },
    newPasswordFailed(state, action: PayloadAction<ErrorState>) {
      state.reset = 'failed';
      state.error = action.payload;
    },
    screenLeft() {
      return initialState;
    },
  },
});

export const passwordResetActions = passwordResetSlice.actions;

