// Loads the institutes grid, opens one with its usage counts, saves (POST or PUT) and deletes;
// every change reloads the grid's current page.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { deleteInstitute, getInstitute, getInstitutes, getInstituteUsage, postInstitute, putInstitute, type Institute, type InstituteInput, type InstituteUsage } from '../../api/institutes';
import { gridQueryToParams, type GridQuery } from '../../common/dataGrid';
import type { RootState } from '../../app/rootReducer';
import { institutesActions } from './institutes.slice';

interface Results<T> {
  results: T[];
  statistics?: { total: number };
}

const selectQuery = (state: RootState): GridQuery | null => state.institutes.list.query;

function* loadList(): SagaIterator {
  const query: GridQuery | null = yield select(selectQuery);
  if (!query) return;
  try {
    const { data }: ApiResponse<Results<Institute>> = yield call(callApi, getInstitutes(gridQueryToParams(query)));
    yield put(institutesActions.listLoaded({ items: data.results, total: data.statistics?.total ?? data.results.length }));
  } catch (error) {
    yield put(institutesActions.listFailed(toErrorState(error)));
  }
}

function* open(action: PayloadAction<string>): SagaIterator {
  try {
    const [one, usage]: [ApiResponse<Results<Institute>>, ApiResponse<Results<InstituteUsage>>] = yield all([
      call(callApi, getInstitute(action.payload)),
      call(callApi, getInstituteUsage(action.payload)),
    ]);
    yield put(institutesActions.openLoaded({ institute: one.data.results[0], usage: usage.data.results[0] }));
  } catch (error) {
    yield put(institutesActions.failed(toErrorState(error)));
  }
}

function* save(action: PayloadAction<{ id: string | null; input: InstituteInput }>): SagaIterator {
  const { id, input } = action.payload;
  try {
    const { data }: ApiResponse<Results<Institute>> = yield call(callApi, id ? putInstitute(id, input) : postInstitute(input));
    yield put(institutesActions.saved(data.results[0]));
    yield call(loadList);
  } catch (error) {
    yield put(institutesActions.failed(toErrorState(error)));
  }
}

function* remove(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(callApi, deleteInstitute(action.payload));
    yield put(institutesActions.deleted());
    yield call(loadList);
  } catch (error) {
    yield put(institutesActions.failed(toErrorState(error)));
  }
}

export function* institutesSaga(): SagaIterator {
  yield takeLatest([institutesActions.listQueryChanged.type, institutesActions.listRetried.type], loadList);
  yield takeLatest(institutesActions.opened.type, open);
  yield takeLatest(institutesActions.saveRequested.type, save);
  yield takeLatest(institutesActions.deleteRequested.type, remove);
}
