// Loads the patient grid and the selector's matches, the reference lists of the new-patient pane,
// and saves, merges and deletes patients. Every change reloads the grid's current page.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, debounce, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { getAccessibleInstitutes, getAccessibleRegistries, getRegistry, type AccessibleRegistry, type InstituteSummary, type RegistryDetails } from '../../api/dashboard';
import { ApiError, toErrorState } from '../../api/errors';
import { deletePatient, getPatient, getPatients, postPatient, putPatient, type NewPatient, type Patient, type PatientChange } from '../../api/patients';
import { createGridQuery, gridQueryToParams, type GridQuery } from '../../common/dataGrid';
import { formatFilter } from '../../domain/lists';
import { authActions } from '../auth/auth.slice';
import { selectPerPage } from '../profile/profile.selectors';
import { searchClauses, SEARCH_LIMIT } from './patientSearch';
import { patientsActions, type SearchCriteria } from './patients.slice';
import { selectPatientList } from './patients.selectors';

interface ListAnswer<T> {
  results: T[];
  statistics?: { total: number };
}

const SEARCH_DEBOUNCE_MS = 300;

function* loadList(): SagaIterator {
  const { query }: { query: GridQuery | null } = yield select(selectPatientList);
  if (!query) return;
  try {
    const { data }: ApiResponse<ListAnswer<Patient>> = yield call(callApi, getPatients(gridQueryToParams(query)));
    yield put(patientsActions.listLoaded({ items: data.results, total: data.statistics?.total ?? data.results.length }));
  } catch (error) {
    yield put(patientsActions.listFailed(toErrorState(error)));
  }
}

function* reloadList(): SagaIterator {
  const { query }: { query: GridQuery | null } = yield select(selectPatientList);
  const perPage: number = yield select(selectPerPage);
  yield put(patientsActions.listQueryChanged(query ?? createGridQuery(perPage)));
}

function* search(action: PayloadAction<SearchCriteria>): SagaIterator {
  if (action.payload.term.trim() === '') return;
  const params = { offset: '0', limit: String(SEARCH_LIMIT), filter: formatFilter(searchClauses(action.payload)), sort: 'name' };
  try {
    const { data }: ApiResponse<ListAnswer<Patient>> = yield call(callApi, getPatients(params));
    yield put(patientsActions.searchLoaded(data.results));
  } catch (error) {
    yield put(patientsActions.searchFailed(toErrorState(error)));
  }
}

function* loadReferences(): SagaIterator {
  try {
    const [registries, institutes]: [ApiResponse<ListAnswer<AccessibleRegistry>>, ApiResponse<ListAnswer<InstituteSummary>>] = yield all([
      call(callApi, getAccessibleRegistries()),
      call(callApi, getAccessibleInstitutes()),
    ]);
    yield put(patientsActions.referencesLoaded({ registries: registries.data.results, institutes: institutes.data.results }));
  } catch {
    yield put(patientsActions.referencesFailed());
  }
}

function* loadRegistryDetails(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: RegistryDetails[] }> = yield call(callApi, getRegistry(action.payload));
    yield put(patientsActions.registryDetailsLoaded(data.results[0]));
  } catch {
    // The pane then leaves the insurance number optional; the server still enforces the rule.
  }
}

/**
 * A 409 patient_exists_different names the other patient, for the merge prompt; a 409
 * patient_registered_elsewhere (a patient the user may not see) is a plain failure the panes explain.
 */
function* failed(error: unknown): SagaIterator {
  if (!(error instanceof ApiError) || error.code !== 'patient_exists_different') {
    yield put(patientsActions.saveFailed(toErrorState(error)));
    return;
  }
  const existing = error.details.existingPatientId;
  const existingPatientId = typeof existing === 'string' ? existing : null;
  yield put(patientsActions.conflicted({ error: toErrorState(error), existingPatientId }));
}

function* create(action: PayloadAction<{ instituteId: string; patient: NewPatient }>): SagaIterator {
  try {
    // 201 is a new patient; 200 the same person already registered with identical data.
    const { data }: ApiResponse<{ results: Patient[] }> = yield call(callApi, postPatient(action.payload.instituteId, action.payload.patient));
    yield put(patientsActions.saved(data.results[0]));
    yield call(reloadList);
  } catch (error) {
    yield call(failed, error);
  }
}

function* update(action: PayloadAction<{ id: string; registryId: string; change: PatientChange }>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: Patient[] }> = yield call(callApi, putPatient(action.payload.id, action.payload.change));
    yield put(patientsActions.saved(data.results[0]));
    yield call(reloadList);
  } catch (error) {
    yield call(failed, error);
  }
}

function* merge(action: PayloadAction<{ sourceId: string; targetId: string; change?: PatientChange }>): SagaIterator {
  const { sourceId, targetId, change } = action.payload;
  try {
    const { data }: ApiResponse<{ results: Patient[] }> = yield call(callApi, putPatient(sourceId, change ?? {}, targetId));
    yield put(patientsActions.saved(data.results[0] ?? null));
    yield call(reloadList);
  } catch (error) {
    yield put(patientsActions.saveFailed(toErrorState(error)));
  }
}

function* remove(action: PayloadAction<{ id: string; mergeInto?: string }>): SagaIterator {
  try {
    yield call(callApi, deletePatient(action.payload.id, action.payload.mergeInto));
    yield put(patientsActions.saved(null));
    yield call(reloadList);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'patient_has_data') yield put(patientsActions.deleteRefusedHasData(toErrorState(error)));
    else yield put(patientsActions.saveFailed(toErrorState(error)));
  }
}

/** Shows the kept patient: the grid is narrowed to its internal number, which is never hidden. */
function* adoptExisting(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: Patient[] }> = yield call(callApi, getPatient(action.payload));
    const patient = data.results[0];
    yield put(patientsActions.existingPatientKept(patient));
    const perPage: number = yield select(selectPerPage);
    const filter = [{ field: 'internalPatientNumber', operator: '==' as const, value: patient.internalPatientNumber }];
    yield put(patientsActions.listQueryChanged({ ...createGridQuery(perPage), filter }));
  } catch (error) {
    yield put(patientsActions.saveFailed(toErrorState(error)));
  }
}

/** The patient the start-attendance card is opened for; not found or not allowed leaves the card empty. */
function* loadStartFor(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: Patient[] }> = yield call(callApi, getPatient(action.payload));
    yield put(patientsActions.startForLoaded(data.results[0] ?? null));
  } catch {
    yield put(patientsActions.startForLoaded(null));
  }
}

function* clear(): SagaIterator {
  yield put(patientsActions.signedOut());
}

export function* patientsSaga(): SagaIterator {
  yield takeLatest([patientsActions.listQueryChanged.type, patientsActions.listRetried.type], loadList);
  yield debounce(SEARCH_DEBOUNCE_MS, patientsActions.searchChanged.type, search);
  yield takeLatest(patientsActions.referencesRequested.type, loadReferences);
  yield takeEvery(patientsActions.registryDetailsRequested.type, loadRegistryDetails);
  yield takeLatest(patientsActions.createRequested.type, create);
  yield takeLatest(patientsActions.updateRequested.type, update);
  yield takeLatest(patientsActions.mergeRequested.type, merge);
  yield takeLatest(patientsActions.deleteRequested.type, remove);
  yield takeLatest(patientsActions.existingPatientAdopted.type, adoptExisting);
  yield takeLatest(patientsActions.startForRequested.type, loadStartFor);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
