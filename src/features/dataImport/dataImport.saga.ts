// The data import screens' side effects: the new job form's choices (registries the caller may
// write to, their form types), the template download, the start (upload, then the job), the job
// list (kept fresh while a job on it runs), and the opened job (polled until it stops running,
// then committed or cancelled on request).
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { getAccessibleRegistries, type AccessibleRegistry } from '../../api/dashboard';
import {
  cancelImportJob,
  commitImportJob,
  deleteFailedImportJobs,
  getImportJob,
  getImportJobs,
  getImportTemplate,
  isImportJobOpen,
  postDataImport,
  uploadImportFile,
  type ImportJob,
  type NewImportJob,
  type UploadedImportFile,
} from '../../api/dataImport';
import { toErrorState } from '../../api/errors';
import { getRegistry, type Registry } from '../../api/registries';
import { authActions } from '../auth/auth.slice';
import { saveBlob } from '../formPage/useFormFiles';
import { dataImportActions } from './dataImport.slice';
import { selectDataImport } from './dataImport.selectors';

export const POLL_MS = 1000;
/** The list refreshes more slowly: it only shows progress, the detail page is where one waits. */
export const LIST_POLL_MS = 3000;
const SIGNED_OUT = [authActions.logoutRequested.type, authActions.sessionExpired.type];
/** An import creates or updates forms: only registries where the caller holds one of these. */
const WRITE_CODES = ['frm_create', 'frm_edit'];

type Results<T> = ApiResponse<{ results: T[]; statistics?: { total: number } }>;

function* loadRegistries(): SagaIterator {
  try {
    const { data }: Results<AccessibleRegistry> = yield call(callApi, getAccessibleRegistries());
    yield put(dataImportActions.registriesLoaded(data.results.filter((r) => r.permissions.some((code) => WRITE_CODES.includes(code)))));
  } catch (error) {
    yield put(dataImportActions.registriesFailed(toErrorState(error)));
  }
}

function* loadFormTypes(action: ReturnType<typeof dataImportActions.registryChosen>): SagaIterator {
  const registryId = action.payload;
  if (!registryId) return;
  try {
    const { data }: Results<Registry> = yield call(callApi, getRegistry(registryId));
    yield put(dataImportActions.formTypesLoaded({ registryId, items: data.results[0]?.formTypes ?? [] }));
  } catch (error) {
    yield put(dataImportActions.formTypesFailed(toErrorState(error)));
  }
}

function* downloadTemplate(action: ReturnType<typeof dataImportActions.templateRequested>): SagaIterator {
  const { formTypeId, version, shortName } = action.payload;
  try {
    const { data }: ApiResponse<Blob> = yield call(callApi, getImportTemplate(String(formTypeId), version));
    // The name the server's Content-Disposition gives it too.
    yield call(saveBlob, data, `${shortName}-v${version}-import.csv`);
    yield put(dataImportActions.templateDone());
  } catch (error) {
    yield put(dataImportActions.templateFailed(toErrorState(error)));
  }
}

/**
 * Run by the form through `store.runSaga` (a File does not belong in an action): uploads the file,
 * posts the job and answers it, or null when either step was refused (the error is in the state).
 */
export function* startImportJob(job: Omit<NewImportJob, 'fileId'>, file: File): SagaIterator<ImportJob | null> {
  try {
    yield put(dataImportActions.submitStep('uploading'));
    const uploaded: ApiResponse<UploadedImportFile> = yield call(callApi, uploadImportFile(file, file.name));
    yield put(dataImportActions.submitStep('posting'));
    const { data }: Results<ImportJob> = yield call(callApi, postDataImport({ ...job, fileId: uploaded.data.fileId }));
    yield put(dataImportActions.jobCreated(data.results[0]));
    return data.results[0];
  } catch (error) {
    yield put(dataImportActions.submitFailed(toErrorState(error)));
    return null;
  }
}

function* loadJobs(): SagaIterator<ImportJob[] | null> {
  const { page }: { page: { offset: number; limit: number } } = yield select(selectDataImport);
  try {
    const { data }: Results<ImportJob> = yield call(callApi, getImportJobs(page));
    yield put(dataImportActions.jobsLoaded({ jobs: data.results, total: data.statistics?.total ?? data.results.length }));
    return data.results;
  } catch (error) {
    yield put(dataImportActions.jobsFailed(toErrorState(error)));
    return null;
  }
}

/** Loads the page of jobs, and again every LIST_POLL_MS while one of them is still running. */
function* keepJobsFresh(): SagaIterator {
  for (;;) {
    const jobs: ImportJob[] | null = yield call(loadJobs);
    if (!jobs?.some(isImportJobOpen)) return;
    yield delay(LIST_POLL_MS);
  }
}

function* watchJobs(): SagaIterator {
  yield race({ fresh: call(keepJobsFresh), closed: take(dataImportActions.jobsClosed.type), signedOut: take(SIGNED_OUT) });
}

function* clearFailed(): SagaIterator {
  try {
    const { data }: ApiResponse<{ deleted: number }> = yield call(callApi, deleteFailedImportJobs());
    yield put(dataImportActions.clearFailedDone(data?.deleted ?? 0));
  } catch (error) {
    yield put(dataImportActions.clearFailedFailed(toErrorState(error)));
    return;
  }
  yield put(dataImportActions.jobsReloaded());
}

/** Polls the job until it stops running (validated waits for the importer, so polling stops there too). */
function* pollJob(id: string): SagaIterator {
  for (;;) {
    try {
      const { data }: Results<ImportJob> = yield call(callApi, getImportJob(id));
      yield put(dataImportActions.jobUpdated(data.results[0]));
      if (!isImportJobOpen(data.results[0])) return;
    } catch (error) {
      const state = toErrorState(error);
      // Gone, or not the caller's: nothing to watch. Anything else is tried again at the next tick.
      if (state.status === 404 || state.status === 403 || state.status === 401) {
        yield put(dataImportActions.jobFailed(state));
        return;
      }
    }
    yield delay(POLL_MS);
  }
}

function* watchJob(action: PayloadAction<string>): SagaIterator {
  yield race({ done: call(pollJob, action.payload), closed: take(dataImportActions.jobClosed.type), signedOut: take(SIGNED_OUT) });
}

function* runAction(action: ReturnType<typeof dataImportActions.actionRequested>): SagaIterator {
  const { id } = action.payload;
  const request = action.payload.action === 'commit' ? commitImportJob(id) : cancelImportJob(id);
  try {
    const { data }: Results<ImportJob> = yield call(callApi, request);
    yield put(dataImportActions.actionDone());
    if (data?.results?.[0]) yield put(dataImportActions.jobUpdated(data.results[0]));
  } catch (error) {
    // 409: the job moved on meanwhile; the poll below shows where it is.
    yield put(dataImportActions.actionFailed(toErrorState(error)));
  }
  yield put(dataImportActions.jobWatched(id));
}

function* clear(): SagaIterator {
  yield put(dataImportActions.signedOut());
}

export function* dataImportSaga(): SagaIterator {
  yield takeLatest(dataImportActions.newJobOpened.type, loadRegistries);
  yield takeLatest(dataImportActions.registryChosen.type, loadFormTypes);
  yield takeLatest(dataImportActions.templateRequested.type, downloadTemplate);
  yield takeLatest([dataImportActions.jobsOpened.type, dataImportActions.jobsPageChanged.type, dataImportActions.jobsReloaded.type], watchJobs);
  yield takeLatest(dataImportActions.clearFailedRequested.type, clearFailed);
  // One watcher at a time: opening another job, or watching again after an action, replaces it.
  yield takeLatest([dataImportActions.jobOpened.type, dataImportActions.jobWatched.type], watchJob);
  yield takeLatest(dataImportActions.actionRequested.type, runAction);
  yield takeEvery(SIGNED_OUT, clear);
}
