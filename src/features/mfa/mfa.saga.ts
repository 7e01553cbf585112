// MFA setup (at sign-in with the MFA access token, or from the profile with the session) and
// the profile's password-protected actions (spec auth §4, §7, §8).
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import {
  postDisableMfa,
  postMfaSetup,
  postMfaSkipSetup,
  postMfaVerify,
  postRegenerateRecoveryKeys,
  type MfaSetupAnswer,
  type MfaVerifyAnswer,
} from '../../api/mfa';
import type { TokenAnswer } from '../auth/auth.types';
import { authActions } from '../auth/auth.slice';
import { selectMfaAccessToken } from '../auth/auth.selectors';
import { toAccessToken } from '../auth/tokenStorage';
import { mfaActions } from './mfaSetup.slice';
import { selectMfaSetup } from './mfa.selectors';
import type { MfaSetupState } from './mfa.types';

/** The MFA access token during sign-in; undefined lets callApi send the session token. */
function* tokenFor(context: MfaSetupState['context']): SagaIterator<string | undefined> {
  if (context === 'profile') return undefined;
  const token: string | null = yield select(selectMfaAccessToken);
  return token ?? undefined;
}

function* setup(action: PayloadAction<{ context: 'login' | 'profile' }>): SagaIterator {
  try {
    const token: string | undefined = yield call(tokenFor, action.payload.context);
    const { data }: ApiResponse<MfaSetupAnswer> = yield call(callApi, postMfaSetup(token));
    yield put(mfaActions.setupSucceeded({ otpUrl: data.otpUrl, mfaEnforcedAt: data.mfaEnforcedAt }));
  } catch (error) {
    console.error('MFA setup failed:', error);
    yield put(mfaActions.setupFailed(toErrorState(error)));
  }
}

function* verify(action: PayloadAction<{ otpToken: string }>): SagaIterator {
  const { context }: MfaSetupState = yield select(selectMfaSetup);
  try {
    const token: string | undefined = yield call(tokenFor, context);
    const { data }: ApiResponse<MfaVerifyAnswer> = yield call(callApi, postMfaVerify(action.payload.otpToken, token));
    yield put(mfaActions.verifySucceeded({ recoveryKeys: data.recoveryKeys }));
    // Spec auth §4: after verify the returned access token is stored as the login.
    if (data.access_token && data.expires_in) {
      yield put(authActions.mfaAuthSucceeded(toAccessToken({ access_token: data.access_token, expires_in: data.expires_in })));
    }
  } catch (error) {
    console.error('MFA verification failed:', error);
    yield put(mfaActions.verifyFailed(toErrorState(error)));
  }
}

function* skip(): SagaIterator {
  const token: string | undefined = yield call(tokenFor, 'login');
  if (!token) return;
  try {
    const { data }: ApiResponse<TokenAnswer> = yield call(callApi, postMfaSkipSetup(token));
    yield put(mfaActions.setupCancelled());
    yield put(authActions.mfaAuthSucceeded(toAccessToken(data)));
  } catch (error) {
    // Spec auth §8: a skip failure is logged and stored.
    console.error('Skipping MFA setup failed:', error);
    yield put(mfaActions.skipFailed(toErrorState(error)));
  }
}

function* regenerate(action: PayloadAction<{ password: string }>): SagaIterator {
  try {
    const { data }: ApiResponse<{ recoveryKeys: string[] }> = yield call(callApi, postRegenerateRecoveryKeys(action.payload.password));
    yield put(mfaActions.regenerateSucceeded({ recoveryKeys: data.recoveryKeys }));
  } catch (error) {
    yield put(mfaActions.regenerateFailed(toErrorState(error)));
  }
}

function* disable(action: PayloadAction<{ password: string }>): SagaIterator {
  try {
    yield call(callApi, postDisableMfa(action.payload.password));
    yield put(mfaActions.disableSucceeded());
  } catch (error) {
    yield put(mfaActions.disableFailed(toErrorState(error)));
  }
}

export function* mfaSaga(): SagaIterator {
  yield takeLatest(mfaActions.setupRequested.type, setup);
  yield takeLatest(mfaActions.verifyRequested.type, verify);
  yield takeLatest(mfaActions.skipRequested.type, skip);
  yield takeLatest(mfaActions.regenerateRequested.type, regenerate);
  yield takeLatest(mfaActions.disableRequested.type, disable);
}
