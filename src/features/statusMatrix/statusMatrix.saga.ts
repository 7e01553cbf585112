// Loads a page of the status matrix (one request per page: the server answers the columns and
// every cell's forms together) and the registries the picker offers.
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { getAccessibleRegistries, type AccessibleRegistry } from '../../api/dashboard';
import { toErrorState } from '../../api/errors';
import { getStatusMatrix, type StatusMatrixAnswer } from '../../api/statusMatrix';
import { gridQueryToParams, type GridQuery } from '../../common/dataGrid';
import { authActions } from '../auth/auth.slice';
import { statusMatrixActions } from './statusMatrix.slice';

function* loadPage(action: PayloadAction<{ registryId: string; query: GridQuery }>): SagaIterator {
  const { registryId, query } = action.payload;
  try {
    const { data }: ApiResponse<StatusMatrixAnswer> = yield call(callApi, getStatusMatrix(registryId, gridQueryToParams(query)));
    yield put(statusMatrixActions.loaded(data));
  } catch (error) {
    yield put(statusMatrixActions.failed(toErrorState(error)));
  }
}

function* loadRegistries(): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: AccessibleRegistry[] }> = yield call(callApi, getAccessibleRegistries());
    yield put(statusMatrixActions.registriesLoaded(data.results));
  } catch {
    yield put(statusMatrixActions.registriesFailed());
  }
}

function* clear(): SagaIterator {
  yield put(statusMatrixActions.signedOut());
}

export function* statusMatrixSaga(): SagaIterator {
  yield takeLatest(statusMatrixActions.queryChanged.type, loadPage);
  yield takeLatest(statusMatrixActions.registriesRequested.type, loadRegistries);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
