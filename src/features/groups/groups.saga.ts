// Loads the groups grid and one group with its members, searches users to add, and saves and
// deletes groups. A refused delete (409 group_in_use) keeps the server's text, which names the entries.
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, debounce, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { deleteUserGroup, getUserGroup, getUserGroups, getUsers, postUserGroup, putUserGroup, type GroupInput, type User, type UserGroup } from '../../api/users';
import { gridQueryToParams, type GridQuery } from '../../common/dataGrid';
import { formatFilter } from '../../domain/lists';
import { authActions } from '../auth/auth.slice';
import { groupsActions } from './groups.slice';
import { selectGroupList } from './groups.selectors';

interface ListAnswer<T> {
  results: T[];
  statistics?: { total: number };
}

export const MEMBER_SEARCH_DEBOUNCE_MS = 300;
const MEMBER_SEARCH_LIMIT = 10;

function* loadList(): SagaIterator {
  const { query }: { query: GridQuery | null } = yield select(selectGroupList);
  if (!query) return;
  try {
    const { data }: ApiResponse<ListAnswer<UserGroup>> = yield call(callApi, getUserGroups(gridQueryToParams(query)));
    yield put(groupsActions.listLoaded({ items: data.results, total: data.statistics?.total ?? data.results.length }));
  } catch (error) {
    yield put(groupsActions.listFailed(toErrorState(error)));
  }
}

function* loadGroup(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<ListAnswer<UserGroup>> = yield call(callApi, getUserGroup(action.payload));
    yield put(groupsActions.groupLoaded(data.results[0]));
  } catch (error) {
    yield put(groupsActions.groupFailed(toErrorState(error)));
  }
}

function* searchMembers(action: PayloadAction<string>): SagaIterator {
  const term = action.payload.trim();
  if (term === '') return;
  try {
    const filter = formatFilter([{ field: 'name', operator: '=@', value: term }]);
    const { data }: ApiResponse<ListAnswer<User>> = yield call(callApi, getUsers({ offset: '0', limit: String(MEMBER_SEARCH_LIMIT), filter, sort: 'name' }));
    yield put(groupsActions.memberSearchLoaded(data.results.map(({ id, name, email }) => ({ id, name, email }))));
  } catch {
    yield put(groupsActions.memberSearchLoaded([]));
  }
}

function* reloadList(): SagaIterator {
  const { query }: { query: GridQuery | null } = yield select(selectGroupList);
  if (query) yield put(groupsActions.listQueryChanged(query));
}

function* create(action: PayloadAction<GroupInput>): SagaIterator {
  try {
    yield call(callApi, postUserGroup(action.payload));
    yield put(groupsActions.saved());
    yield call(reloadList);
  } catch (error) {
    yield put(groupsActions.saveFailed(toErrorState(error)));
  }
}

function* update(action: PayloadAction<{ id: string; group: GroupInput }>): SagaIterator {
  try {
    yield call(callApi, putUserGroup(action.payload.id, action.payload.group));
    yield put(groupsActions.saved());
    yield call(reloadList);
  } catch (error) {
    yield put(groupsActions.saveFailed(toErrorState(error)));
  }
}

function* remove(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(callApi, deleteUserGroup(action.payload));
    yield put(groupsActions.deleted());
    yield call(reloadList);
  } catch (error) {
    yield put(groupsActions.saveFailed(toErrorState(error)));
  }
}

function* clear(): SagaIterator {
  yield put(groupsActions.signedOut());
}

export function* groupsSaga(): SagaIterator {
  yield takeLatest([groupsActions.listQueryChanged.type, groupsActions.listRetried.type], loadList);
  yield takeLatest(groupsActions.groupRequested.type, loadGroup);
  yield debounce(MEMBER_SEARCH_DEBOUNCE_MS, groupsActions.memberSearchChanged.type, searchMembers);
  yield takeLatest(groupsActions.createRequested.type, create);
  yield takeLatest(groupsActions.updateRequested.type, update);
  yield takeLatest(groupsActions.deleteRequested.type, remove);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
