import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { getFormCount, getFormList, type FormListKind, type ListedForm } from '../../api/forms';
import { gridQueryToParams, type GridQuery } from '../../common/dataGrid';
import { authActions } from '../auth/auth.slice';
import { formListsActions } from './formLists.slice';

function* loadList(action: PayloadAction<{ kind: FormListKind; query: GridQuery }>): SagaIterator {
  const { kind, query } = action.payload;
  try {
    const { data }: ApiResponse<{ results: ListedForm[]; statistics?: { total: number } }> = yield call(callApi, getFormList(kind, gridQueryToParams(query)));
    yield put(formListsActions.loaded({ kind, items: data.results, total: data.statistics?.total ?? data.results.length }));
  } catch (error) {
    yield put(formListsActions.failed({ kind, error: toErrorState(error) }));
  }
}

function* loadCount(kind: FormListKind): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: { count: number }[] }> = yield call(callApi, getFormCount(kind));
    yield put(formListsActions.countLoaded({ kind, count: data.results[0]?.count ?? 0 }));
  } catch {
    // A to-do count is a hint; the card still links to the list, which shows its own error.
    yield put(formListsActions.countLoaded({ kind, count: null }));
  }
}

function* loadCounts(): SagaIterator {
  yield all([call(loadCount, 'approvable'), call(loadCount, 'correctable')]);
}

// The two lists load independently: a pending approvable page must not cancel a correctable one.
const queryOf =
  (kind: FormListKind) =>
  (action: { type: string; payload?: { kind?: FormListKind } }): boolean =>
    action.type === formListsActions.queryChanged.type && action.payload?.kind === kind;

function* clear(): SagaIterator {
  yield put(formListsActions.signedOut());
}

export function* formListsSaga(): SagaIterator {
  yield takeLatest(queryOf('approvable'), loadList);
  yield takeLatest(queryOf('correctable'), loadList);
  yield takeLatest(formListsActions.countsRequested.type, loadCounts);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
