// What the server told the client at startup (spec auth §3): its API version, whether form
// backups are on, and who is signed in.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClientConfiguration } from '../../api/clientConfiguration';
import type { ErrorState } from '../../api/errors';
import { authActions } from '../../features/auth/auth.slice';

export interface ClientConfigurationState {
  status: 'loading' | 'ready' | 'failed';
  data: ClientConfiguration | null;
  error: ErrorState | null;
  /**
   * Who was signed in when the session ended (sign-out or expiry): the page they were on is
   * theirs to return to, never the next user's (RequireAuth, LoginArea).
   */
  signedOutUserId?: string | null;
}

const initialState: ClientConfigurationState = { status: 'loading', data: null, error: null, signedOutUserId: null };

/** The session ended: the user is forgotten (the next sign-in loads its own), their id kept for the return-to page. */
function forgetUser(state: ClientConfigurationState): void {
  if (state.data?.user) {
    state.signedOutUserId = state.data.user.id;
    state.data.user = undefined;
  }
}

export const clientConfigurationSlice = createSlice({
  name: 'clientConfiguration',
  initialState,
  reducers: {
    /** Startup, a retry after a failure, or a reload of the signed-in user after sign-in. */
    loadRequested(state) {
      if (state.status === 'failed') state.status = 'loading';
      state.error = null;
    },
    loaded(state, action: PayloadAction<ClientConfiguration>) {
      state.status = 'ready';
      state.data = action.payload;
    },
    loadFailed(state, action: PayloadAction<ErrorState>) {
      // After the first success a failed reload keeps the app usable with what it has.
      if (state.status !== 'ready') state.status = 'failed';
      state.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.logoutRequested, forgetUser).addCase(authActions.sessionExpired, forgetUser);
  },
});

export const clientConfigurationActions = clientConfigurationSlice.actions;
