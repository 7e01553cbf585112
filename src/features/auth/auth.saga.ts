// Sign-in flows (spec auth §4), the stored session and its renewal (§9).
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { postLogout, postMfaToken, postPasswordGrant, postRecoveryKey, postRefresh } from '../../api/auth';
import { callApi } from '../../api/callApi';
import { sendRequest, type ApiResponse } from '../../api/client';
import { ApiError, toErrorState } from '../../api/errors';
import { clientConfigurationActions } from '../../app/startup/clientConfiguration.slice';
import { selectLocale } from '../locale/locale.selectors';
import { authActions } from './auth.slice';
import { selectAccessToken, selectMfaAccessToken } from './auth.selectors';
import type { AccessToken, Credentials, MfaFailureReason, PasswordGrantAnswer, TokenAnswer } from './auth.types';
import { clearToken, loadToken, renewalDelay, saveToken, toAccessToken } from './tokenStorage';

/** A new session from the sign-in steps; a restored one (page reload) has its user loaded by startup. */
const FRESH_SIGN_IN = [authActions.passwordAuthSucceeded.type, authActions.mfaAuthSucceeded.type];
const SIGNED_IN = [...FRESH_SIGN_IN, authActions.sessionRestored.type];
const SIGNED_OUT = [authActions.logoutRequested.type, authActions.sessionExpired.type];

function* passwordSignIn(action: PayloadAction<Credentials>): SagaIterator {
  try {
    const { username, password } = action.payload;
    const { data }: ApiResponse<PasswordGrantAnswer> = yield call(callApi, postPasswordGrant(username, password));
    if (!data.mfa_required) {
      yield put(authActions.passwordAuthSucceeded(toAccessToken(data)));
    } else if (data.mfa_configured) {
      yield put(authActions.mfaRequired({ mfaAccessToken: data.access_token }));
    } else {
      yield put(authActions.mfaSetupRequired({ mfaAccessToken: data.access_token, mfaEnforcedAt: data.mfa_enforced_at }));
    }
  } catch (error) {
    yield put(authActions.passwordAuthFailed(toErrorState(error)));
  }
}

/** Spec auth §8: 400 → invalid_token, 401 → token_expired, anything else → login_failed. */
export function mfaFailureReason(error: unknown): MfaFailureReason {
  if (error instanceof ApiError && error.status === 400) return 'invalid_token';
  if (error instanceof ApiError && error.status === 401) return 'token_expired';
  return 'login_failed';
}

function* mfaSignIn(action: PayloadAction<{ otpToken: string }>): SagaIterator {
  const mfaAccessToken: string | null = yield select(selectMfaAccessToken);
  if (!mfaAccessToken) return;
  try {
    const { data }: ApiResponse<TokenAnswer> = yield call(callApi, postMfaToken(action.payload.otpToken, mfaAccessToken));
    yield put(authActions.mfaAuthSucceeded(toAccessToken(data)));
  } catch (error) {
    yield put(authActions.mfaAuthFailed(mfaFailureReason(error)));
  }
}

function* recoveryKeySignIn(action: PayloadAction<{ recoveryKey: string }>): SagaIterator {
  const mfaAccessToken: string | null = yield select(selectMfaAccessToken);
  if (!mfaAccessToken) return;
  try {
    const { data }: ApiResponse<TokenAnswer> = yield call(callApi, postRecoveryKey(action.payload.recoveryKey, mfaAccessToken));
    yield put(authActions.mfaAuthSucceeded(toAccessToken(data)));
  } catch (error) {
    yield put(authActions.recoveryKeyFailed(mfaFailureReason(error)));
  }
}

/** Answers false when renewal must stop (a 400 answer); other failures retry later. */
function* renew(token: AccessToken): SagaIterator<boolean> {
  try {
    const { data }: ApiResponse<TokenAnswer> = yield call(callApi, postRefresh(token.token));
    yield put(authActions.tokenRefreshed(toAccessToken(data)));
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    console.warn('Session renewal failed; retrying later.', toErrorState(error));
    return true;
  }
}

/** Renews at half the remaining lifetime (at least 10 s) until the user is signed out. */
export function* renewSession(): SagaIterator {
  for (;;) {
    const token: AccessToken | null = yield select(selectAccessToken);
    if (!token) return;
    const { signedOut } = yield race({ due: delay(renewalDelay(token.expiresAt, Date.now())), signedOut: take(SIGNED_OUT) });
    if (signedOut) return;
    // The token may have been replaced meanwhile (impersonation start or exit): renew the current one.
    const current: AccessToken | null = yield select(selectAccessToken);
    if (!current) return;
    const keepGoing: boolean = yield call(renew, current);
    if (!keepGoing) return;
  }
}

function* afterSignIn(): SagaIterator {
  const token: AccessToken | null = yield select(selectAccessToken);
  if (token) yield call(saveToken, token);
  yield put(clientConfigurationActions.loadRequested());
}

function* storeRenewedToken(action: PayloadAction<AccessToken>): SagaIterator {
  yield call(saveToken, action.payload);
}

/** The reducer has already signed the user out; the token is still in storage to revoke it. */
function* signOut(): SagaIterator {
  const stored: AccessToken | null = yield call(loadToken);
  yield call(clearToken);
  if (!stored) return;
  const locale: string = yield select(selectLocale);
  try {
    // Not through callApi: a 401 here must not turn a deliberate sign-out into "Session expired".
    yield call(sendRequest, postLogout(), { token: stored.token, locale });
  } catch (error) {
    console.warn('Sign-out could not reach the server; the session ends when its token expires.', toErrorState(error));
  }
}

export function* authSaga(): SagaIterator {
  yield takeLatest(authActions.loginRequested.type, passwordSignIn);
  yield takeLatest(authActions.mfaTokenSubmitted.type, mfaSignIn);
  yield takeLatest(authActions.recoveryKeySubmitted.type, recoveryKeySignIn);
  yield takeEvery(FRESH_SIGN_IN, afterSignIn);
  yield takeLatest(SIGNED_IN, renewSession);
  yield takeEvery(authActions.tokenRefreshed.type, storeRenewedToken);
  yield takeEvery(authActions.logoutRequested.type, signOut);
  yield takeEvery(authActions.sessionExpired.type, clearToken);
}
