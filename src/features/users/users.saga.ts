// Loads the users grid, one user and the form's reference lists; creates, saves, (de)activates and
// deletes users. Every change reloads what the screens show.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import {
  deleteUser,
  getAllInstitutes,
  getAllRegistries,
  getUser,
  getUserGroups,
  getUsers,
  postUser,
  putUser,
  type DeleteOutcome,
  type User,
  type UserGroup,
  type UserInput,
} from '../../api/users';
import { gridQueryToParams, type GridQuery } from '../../common/dataGrid';
import { mayAdministerGroups, type AdminActor } from '../../domain/permissions/administration';
import { selectAdminActor } from '../admin/adminActor';
import { authActions } from '../auth/auth.slice';
import { groupChoices, usersActions, type Choice } from './users.slice';
import { selectUserDetail, selectUserList } from './users.selectors';

interface ListAnswer<T> {
  results: T[];
  statistics?: { total: number };
}

function* loadList(): SagaIterator {
  const { query }: { query: GridQuery | null } = yield select(selectUserList);
  if (!query) return;
  try {
    const { data }: ApiResponse<ListAnswer<User>> = yield call(callApi, getUsers(gridQueryToParams(query)));
    yield put(usersActions.listLoaded({ items: data.results, total: data.statistics?.total ?? data.results.length }));
  } catch (error) {
    yield put(usersActions.listFailed(toErrorState(error)));
  }
}

function* loadUser(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<ListAnswer<User>> = yield call(callApi, getUser(action.payload));
    yield put(usersActions.userLoaded(data.results[0]));
  } catch (error) {
    yield put(usersActions.userFailed(toErrorState(error)));
  }
}

function* loadReferences(): SagaIterator {
  const actor: AdminActor | null = yield select(selectAdminActor);
  try {
    const [institutes, registries]: [ApiResponse<ListAnswer<{ id: string; name: string; shortName: string }>>, ApiResponse<ListAnswer<{ id: string; shortName: string }>>] = yield all([
      call(callApi, getAllInstitutes()),
      call(callApi, getAllRegistries()),
    ]);
    // Only who administers groups may put users into them (and read them).
    let groups: Choice[] = [];
    if (actor && mayAdministerGroups(actor)) {
      const answer: ApiResponse<ListAnswer<UserGroup>> = yield call(callApi, getUserGroups({ offset: '0', limit: '1000', sort: 'name' }));
      groups = groupChoices(answer.data.results);
    }
    yield put(
      usersActions.referencesLoaded({
        institutes: institutes.data.results.map((i) => ({ id: i.id, label: `${i.name} (${i.shortName})` })),
        registries: registries.data.results.map((r) => ({ id: r.id, label: r.shortName })),
        groups,
      }),
    );
  } catch {
    // The pickers stay empty; the form still saves what it has and the server names what is missing.
  }
}

function* reloadList(): SagaIterator {
  const { query }: { query: GridQuery | null } = yield select(selectUserList);
  if (query) yield put(usersActions.listQueryChanged(query));
}

function* reloadDetail(id: string): SagaIterator {
  const { id: shown }: { id: string | null } = yield select(selectUserDetail);
  if (shown === id) yield put(usersActions.userRequested(id));
}

function* create(action: PayloadAction<UserInput>): SagaIterator {
  try {
    const { data }: ApiResponse<ListAnswer<User>> = yield call(callApi, postUser(action.payload));
    yield put(usersActions.saved({ id: data.results[0].id }));
    yield call(reloadList);
  } catch (error) {
    yield put(usersActions.saveFailed(toErrorState(error)));
  }
}

function* update(action: PayloadAction<{ id: string; user: UserInput }>): SagaIterator {
  try {
    yield call(callApi, putUser(action.payload.id, action.payload.user));
    yield put(usersActions.saved({ id: action.payload.id }));
    yield call(reloadDetail, action.payload.id);
    yield call(reloadList);
  } catch (error) {
    yield put(usersActions.saveFailed(toErrorState(error)));
  }
}

function* changeState(action: PayloadAction<{ user: User; state: 'active' | 'inactive' }>): SagaIterator {
  const { user, state } = action.payload;
  try {
    yield call(callApi, putUser(user.id, { name: user.name, email: user.email, state }));
    yield put(usersActions.saved({ id: user.id, outcome: state === 'active' ? 'activated' : 'deactivated' }));
    yield call(reloadDetail, user.id);
    yield call(reloadList);
  } catch (error) {
    yield put(usersActions.saveFailed(toErrorState(error)));
  }
}

function* remove(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<{ outcome: DeleteOutcome }> = yield call(callApi, deleteUser(action.payload));
    yield put(usersActions.saved({ id: action.payload, outcome: data.outcome }));
    if (data.outcome === 'deactivated') yield call(reloadDetail, action.payload);
    yield call(reloadList);
  } catch (error) {
    yield put(usersActions.saveFailed(toErrorState(error)));
  }
}

function* clear(): SagaIterator {
  yield put(usersActions.signedOut());
}

export function* usersSaga(): SagaIterator {
  yield takeLatest([usersActions.listQueryChanged.type, usersActions.listRetried.type], loadList);
  yield takeLatest(usersActions.userRequested.type, loadUser);
  yield takeLatest(usersActions.referencesRequested.type, loadReferences);
  yield takeLatest(usersActions.createRequested.type, create);
  yield takeLatest(usersActions.updateRequested.type, update);
  yield takeLatest(usersActions.stateChangeRequested.type, changeState);
  yield takeLatest(usersActions.deleteRequested.type, remove);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
