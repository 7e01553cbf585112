import type { RootState } from '../../app/rootReducer';
import type { AccessToken, AuthState, AuthStep } from './auth.types';

export const selectAuth = (state: RootState): AuthState => state.auth;
export const selectAuthStep = (state: RootState): AuthStep => state.auth.step;
export const selectIsLoggedIn = (state: RootState): boolean => state.auth.step === 'loggedIn';

export const selectAccessToken = (state: RootState): AccessToken | null =>
  state.auth.step === 'loggedIn' ? state.auth.accessToken : null;

/** The MFA access token of the MFA steps; the MFA calls send it instead of a session token. */
export const selectMfaAccessToken = (state: RootState): string | null =>
  'mfaAccessToken' in state.auth ? state.auth.mfaAccessToken : null;
