// Loads the application-log grid with its range, search and raw option, and one entry for the
// detail pane (with the stored row when raw is on).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { getApplicationLog, getApplicationLogEntry, type ApplicationLogEntry } from '../../api/adminLog';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import type { RootState } from '../../app/rootReducer';
import { gridQueryToParams } from '../../common/dataGrid';
import { authActions } from '../auth/auth.slice';
import { applicationLogActions, type ApplicationLogState } from './applicationLog.slice';

interface ListAnswer<T> {
  results: T[];
  statistics?: { total: number };
}

const selectLog = (state: RootState): ApplicationLogState => state.applicationLog;

/** The list call's parameters: the grid's, plus the range, search and raw when set. */
export function logParams(state: ApplicationLogState): Record<string, string> | null {
  if (!state.list.query) return null;
  const params = gridQueryToParams(state.list.query);
  if (state.range.from) params.from = state.range.from;
  if (state.range.to) params.to = state.range.to;
  if (state.range.search.trim()) params.search = state.range.search.trim();
  if (state.raw) params.raw = 'true';
  return params;
}

function* loadList(): SagaIterator {
  const params = logParams(yield select(selectLog));
  if (!params) return;
  try {
    const { data }: ApiResponse<ListAnswer<ApplicationLogEntry>> = yield call(callApi, getApplicationLog(params));
    yield put(applicationLogActions.listLoaded({ items: data.results, total: data.statistics?.total ?? data.results.length }));
  } catch (error) {
    yield put(applicationLogActions.listFailed(toErrorState(error)));
  }
}

function* loadEntry(action: PayloadAction<string>): SagaIterator {
  const { raw }: ApplicationLogState = yield select(selectLog);
  try {
    const { data }: ApiResponse<ListAnswer<ApplicationLogEntry>> = yield call(callApi, getApplicationLogEntry(action.payload, raw));
    yield put(applicationLogActions.entryLoaded(data.results[0]));
  } catch (error) {
    yield put(applicationLogActions.entryFailed(toErrorState(error)));
  }
}

function* clear(): SagaIterator {
  yield put(applicationLogActions.signedOut());
}

export function* applicationLogSaga(): SagaIterator {
  yield takeLatest(
    [applicationLogActions.listQueryChanged.type, applicationLogActions.rangeChanged.type, applicationLogActions.rawToggled.type, applicationLogActions.listRetried.type],
    loadList,
  );
  yield takeLatest(applicationLogActions.entryOpened.type, loadEntry);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
