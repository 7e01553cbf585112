// The dashboard counts are the totals of the list calls (statistics=true, one row), so they follow
// exactly what the caller may see in each list.
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiRequest, ApiResponse } from '../../api/client';
import { getUserGroups, getUsers } from '../../api/users';
import { formatFilter } from '../../domain/lists';
import { mayAdministerGroups, mayAdministerInstitutes, mayAdministerUsers, type AdminActor } from '../../domain/permissions/administration';
import { selectAdminActor } from './adminActor';
import { adminDashboardActions, type AdminCounts } from './adminDashboard.slice';

const ONE_ROW = { offset: '0', limit: '1', statistics: 'true' };
const usersIn = (state: string): ApiRequest => getUsers({ ...ONE_ROW, filter: formatFilter([{ field: 'state', operator: '==', value: state }]) });
const institutes: ApiRequest = { method: 'GET', path: '/institutes', query: ONE_ROW };

function* total(request: ApiRequest | null): SagaIterator<number | null> {
  if (!request) return null;
  const { data }: ApiResponse<{ statistics?: { total: number } }> = yield call(callApi, request);
  return data.statistics?.total ?? 0;
}

function* loadCounts(): SagaIterator {
  const actor: AdminActor | null = yield select(selectAdminActor);
  if (!actor) return;
  const users = mayAdministerUsers(actor);
  try {
    const [awaitingActivation, inactiveUsers, instituteCount, groups]: (number | null)[] = yield all([
      call(total, users ? usersIn('confirmed') : null),
      call(total, users ? usersIn('inactive') : null),
      call(total, mayAdministerInstitutes(actor) ? institutes : null),
      call(total, mayAdministerGroups(actor) ? getUserGroups(ONE_ROW) : null),
    ]);
    const counts: AdminCounts = { awaitingActivation, inactiveUsers, institutes: instituteCount, groups };
    yield put(adminDashboardActions.countsLoaded(counts));
  } catch {
    yield put(adminDashboardActions.countsFailed());
  }
}

export function* adminDashboardSaga(): SagaIterator {
  yield takeLatest(adminDashboardActions.countsRequested.type, loadCounts);
}
