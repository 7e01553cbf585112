// The signed-in user's preferences (spec auth §3: perPage default 10, locale default hu), the MFA
// status shown with them, and the password change.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { ProfileSettings, ProfileSettingsChange } from '../../api/profile';

export interface PasswordChange {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export interface ProfileState {
  settings: ProfileSettings | null;
  saving: boolean;
  error: ErrorState | null;
  passwordChange: { status: 'idle' | 'request' | 'success' | 'failure'; error: ErrorState | null };
}

export const DEFAULT_PER_PAGE = 10;

const initialState: ProfileState = { settings: null, saving: false, error: null, passwordChange: { status: 'idle', error: null } };

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    loadRequested(state) {
      state.error = null;
    },
    loaded(state, action: PayloadAction<ProfileSettings>) {
      state.settings = action.payload;
      state.saving = false;
    },
    loadFailed(state, action: PayloadAction<ErrorState>) {
      state.error = action.payload;
      state.saving = false;
    },
    changeRequested(state, action: PayloadAction<ProfileSettingsChange>) {
      state.saving = true;
      state.error = null;
      if (state.settings) state.settings = { ...state.settings, ...action.payload };
    },
    passwordChangeRequested(state, _action: PayloadAction<PasswordChange>) {
      state.passwordChange = { status: 'request', error: null };
    },
    passwordChangeSucceeded(state) {
      state.passwordChange = { status: 'success', error: null };
    },
    passwordChangeFailed(state, action: PayloadAction<ErrorState>) {
      state.passwordChange = { status: 'failure', error: action.payload };
    },
    passwordChangeDismissed(state) {
      state.passwordChange = initialState.passwordChange;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const profileActions = profileSlice.actions;
