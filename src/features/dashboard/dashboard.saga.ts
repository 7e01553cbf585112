// Opening the dashboard loads its cards' data: the registries with their counts, the to-do counts,
// and the registries and institutes the start-attendance card offers.
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { getDashboardRegistries, type DashboardRegistry } from '../../api/dashboard';
import { toErrorState } from '../../api/errors';
import { authActions } from '../auth/auth.slice';
import { formListsActions } from '../forms/formLists.slice';
import { patientsActions } from '../patients/patients.slice';
import { dashboardActions, NO_ACCESS_ENTRIES } from './dashboard.slice';

function* open(): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: DashboardRegistry[] }> = yield call(callApi, getDashboardRegistries());
    yield put(dashboardActions.registriesLoaded(data.results));
  } catch (error) {
    const state = toErrorState(error);
    yield put(dashboardActions.registriesFailed(state));
    // Without access entries every other card would only collect the same 403s.
    if (state.code === NO_ACCESS_ENTRIES) return;
  }
  yield put(formListsActions.countsRequested());
  yield put(patientsActions.referencesRequested());
}

function* clear(): SagaIterator {
  yield put(dashboardActions.signedOut());
}

export function* dashboardSaga(): SagaIterator {
  yield takeLatest(dashboardActions.opened.type, open);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
