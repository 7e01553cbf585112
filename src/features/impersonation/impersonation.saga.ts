// Start and exit swap the session token: the answer's token replaces the stored one (as a refresh
// would), then the client configuration is loaded again so every screen sees the new user and the
// banner appears or goes. Errors show the server's localized text ("Error occured during
// impersonation initiation!", the exit error).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { deleteImpersonation, getImpersonationCandidates, postImpersonation, type ImpersonationCandidate, type ImpersonationStarted } from '../../api/impersonation';
import { clientConfigurationActions } from '../../app/startup/clientConfiguration.slice';
import { authActions } from '../auth/auth.slice';
import type { TokenAnswer } from '../auth/auth.types';
import { toAccessToken } from '../auth/tokenStorage';
import { impersonationActions } from './impersonation.slice';

/** Typing pauses this long before a search goes out. */
export const SEARCH_DELAY_MS = 250;

function* loadCandidates(action: PayloadAction<{ search: string }>): SagaIterator {
  yield delay(SEARCH_DELAY_MS);
  try {
    const { data }: ApiResponse<{ results: ImpersonationCandidate[] }> = yield call(callApi, getImpersonationCandidates(action.payload.search));
    yield put(impersonationActions.candidatesLoaded({ search: action.payload.search, items: data.results }));
  } catch (error) {
    yield put(impersonationActions.candidatesFailed(toErrorState(error)));
  }
}

function* switchSession(answer: TokenAnswer): SagaIterator {
  yield put(authActions.tokenRefreshed(toAccessToken(answer)));
  yield put(clientConfigurationActions.loadRequested());
}

function* start(action: PayloadAction<{ userId: string }>): SagaIterator {
  try {
    const { data }: ApiResponse<ImpersonationStarted> = yield call(callApi, postImpersonation(action.payload.userId));
    yield call(switchSession, data);
    yield put(impersonationActions.started());
  } catch (error) {
    yield put(impersonationActions.failed(toErrorState(error)));
  }
}

function* exit(): SagaIterator {
  try {
    const { data }: ApiResponse<TokenAnswer> = yield call(callApi, deleteImpersonation());
    yield call(switchSession, data);
    yield put(impersonationActions.exited());
  } catch (error) {
    yield put(impersonationActions.failed(toErrorState(error)));
  }
}

export function* impersonationSaga(): SagaIterator {
  yield takeLatest(impersonationActions.candidatesRequested.type, loadCandidates);
  yield takeLatest(impersonationActions.startRequested.type, start);
  yield takeLatest(impersonationActions.exitRequested.type, exit);
}
