// Loads the access lists, one entry, the condition choices (form types of the chosen registry,
// physicians of the chosen institute), searches users and groups as trustees, saves and deletes
// entries, and reads a user's effective access.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, debounce, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import {
  deleteAccessEntry,
  getAccessEntries,
  getAccessEntry,
  getEffectiveAccess,
  getRegistryFormTypes,
  postAccessEntry,
  putAccessEntry,
  type AccessEntry,
  type AccessEntryInput,
  type EffectiveAccessView,
} from '../../api/accessLists';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { getPhysicians } from '../../api/institutes';
import { toErrorState } from '../../api/errors';
import { getAllInstitutes, getAllRegistries, getUserGroups, getUsers } from '../../api/users';
// Straight from the query helpers: the grid's index would pull the table UI into every page.
import { gridQueryToParams } from '../../common/dataGrid/gridQuery';
import type { GridQuery } from '../../common/dataGrid/types';
import type { AccessEntryKind } from '../../domain/permissions/entries';
import { formatFilter } from '../../domain/lists';
import { authActions } from '../auth/auth.slice';
import { accessListsActions, selectAccessList, type Choice } from './accessLists.slice';

interface ListAnswer<T> {
  results: T[];
  statistics?: { total: number };
}
type Named = { id: string | number; name?: string; shortName?: string; nameEn?: string };

export const TRUSTEE_SEARCH_DEBOUNCE_MS = 300;
const choice = (row: Named): Choice => ({ value: String(row.id), label: row.shortName ? `${row.shortName} – ${row.name ?? row.nameEn ?? ''}` : (row.name ?? row.nameEn ?? String(row.id)) });

function* loadList(): SagaIterator {
  const { kind, query }: { kind: AccessEntryKind; query: GridQuery | null } = yield select(selectAccessList);
  if (!query) return;
  try {
    const { data }: ApiResponse<ListAnswer<AccessEntry>> = yield call(callApi, getAccessEntries(kind, gridQueryToParams(query)));
    yield put(accessListsActions.listLoaded({ items: data.results, total: data.statistics?.total ?? data.results.length }));
  } catch (error) {
    yield put(accessListsActions.listFailed(toErrorState(error)));
  }
}

function* openEditor(action: PayloadAction<{ kind: AccessEntryKind; id: string | null }>): SagaIterator {
  try {
    const [registries, institutes]: ApiResponse<ListAnswer<Named>>[] = yield all([call(callApi, getAllRegistries()), call(callApi, getAllInstitutes())]);
    yield put(accessListsActions.baseChoicesLoaded({ registries: registries.data.results.map(choice), institutes: institutes.data.results.map(choice) }));
    const { kind, id } = action.payload;
    if (!id) return;
    const { data }: ApiResponse<ListAnswer<AccessEntry>> = yield call(callApi, getAccessEntry(kind, id));
    const entry = data.results[0];
    yield put(accessListsActions.entryLoaded(entry));
    yield put(accessListsActions.trusteesLoaded([{ value: entry.trustee.userId ? `user:${entry.trustee.userId}` : `group:${entry.trustee.groupId}`, label: entry.trustee.name }]));
    if (entry.registryId) yield put(accessListsActions.registryChosen(entry.registryId));
    if (entry.instituteId) yield put(accessListsActions.instituteChosen(entry.instituteId));
  } catch (error) {
    yield put(accessListsActions.entryFailed(toErrorState(error)));
  }
}

function* loadFormTypes(action: PayloadAction<string | null>): SagaIterator {
  if (!action.payload) return;
  try {
    const { data }: ApiResponse<ListAnswer<Named>> = yield call(callApi, getRegistryFormTypes(action.payload));
    yield put(accessListsActions.formTypesLoaded(data.results.map(choice)));
  } catch (error) {
    yield put(accessListsActions.choicesFailed(toErrorState(error)));
  }
}

function* loadPhysicians(action: PayloadAction<string | null>): SagaIterator {
  if (!action.payload) return;
  try {
    const { data }: ApiResponse<ListAnswer<Named>> = yield call(callApi, getPhysicians(action.payload));
    yield put(accessListsActions.physiciansLoaded(data.results.map(choice)));
  } catch (error) {
    yield put(accessListsActions.choicesFailed(toErrorState(error)));
  }
}

/** Users and groups whose name contains the term, users first. */
function* searchTrustees(action: PayloadAction<string>): SagaIterator {
  const term = action.payload.trim();
  if (term === '') return;
  const params = { offset: '0', limit: '10', filter: formatFilter([{ field: 'name', operator: '=@', value: term }]), sort: 'name' };
  try {
    const [users, groups]: ApiResponse<ListAnswer<{ id: string; name: string; email?: string }>>[] = yield all([call(callApi, getUsers(params)), call(callApi, getUserGroups(params))]);
    yield put(
      accessListsActions.trusteesLoaded([
        ...users.data.results.map((u) => ({ value: `user:${u.id}`, label: `${u.name} (${u.email ?? ''})` })),
        ...groups.data.results.map((g) => ({ value: `group:${g.id}`, label: g.name })),
      ]),
    );
  } catch {
    yield put(accessListsActions.trusteesLoaded([]));
  }
}

function* save(action: PayloadAction<{ kind: AccessEntryKind; id: string | null; entry: AccessEntryInput }>): SagaIterator {
  const { kind, id, entry } = action.payload;
  try {
    yield call(callApi, id ? putAccessEntry(kind, id, entry) : postAccessEntry(kind, entry));
    yield put(accessListsActions.saved());
  } catch (error) {
    yield put(accessListsActions.saveFailed(toErrorState(error)));
  }
}

function* remove(action: PayloadAction<{ kind: AccessEntryKind; id: string }>): SagaIterator {
  try {
    yield call(callApi, deleteAccessEntry(action.payload.kind, action.payload.id));
    yield put(accessListsActions.deleted());
  } catch (error) {
    yield put(accessListsActions.saveFailed(toErrorState(error)));
  }
}

function* loadEffectiveAccess(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<ListAnswer<EffectiveAccessView>> = yield call(callApi, getEffectiveAccess(action.payload));
    yield put(accessListsActions.effectiveAccessLoaded(data.results[0]));
  } catch (error) {
    yield put(accessListsActions.effectiveAccessFailed(toErrorState(error)));
  }
}

function* clear(): SagaIterator {
  yield put(accessListsActions.signedOut());
}

export function* accessListsSaga(): SagaIterator {
  yield takeLatest(accessListsActions.listQueryChanged.type, loadList);
  yield takeLatest(accessListsActions.editorOpened.type, openEditor);
  yield takeLatest(accessListsActions.registryChosen.type, loadFormTypes);
  yield takeLatest(accessListsActions.instituteChosen.type, loadPhysicians);
  yield debounce(TRUSTEE_SEARCH_DEBOUNCE_MS, accessListsActions.trusteeSearchChanged.type, searchTrustees);
  yield takeLatest(accessListsActions.saveRequested.type, save);
  yield takeLatest(accessListsActions.deleteRequested.type, remove);
  yield takeLatest(accessListsActions.effectiveAccessRequested.type, loadEffectiveAccess);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
