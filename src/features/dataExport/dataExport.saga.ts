// The data export page's side effects: load what the user may export and their recent exports,
// start an export, watch the job (polled every POLL_MS until it ends, or until the page closes or
// the user signs out), cancel it, and save its file (fetched with the session's token, so the
// download needs the requester's sign-in).
import type { SagaIterator } from 'redux-saga';
import { all, call, delay, put, race, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { deleteExportJob, getExportFile, getExportJob, getExportJobs, getExportOptions, isJobOpen, postDataExport, type ExportJob, type ExportOptions } from '../../api/dataExport';
import { toErrorState } from '../../api/errors';
import { authActions } from '../auth/auth.slice';
import { saveBlob } from '../formPage/useFormFiles';
import { dataExportActions } from './dataExport.slice';
import { selectDataExport } from './dataExport.selectors';

export const POLL_MS = 1000;
const SIGNED_OUT = [authActions.logoutRequested.type, authActions.sessionExpired.type];

function* loadOptions(): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: ExportOptions[] }> = yield call(callApi, getExportOptions());
    yield put(dataExportActions.optionsLoaded(data.results[0]));
  } catch (error) {
    yield put(dataExportActions.optionsFailed(toErrorState(error)));
  }
}

function* loadJobs(): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: ExportJob[] }> = yield call(callApi, getExportJobs());
    yield put(dataExportActions.jobsLoaded(data.results));
  } catch (error) {
    yield put(dataExportActions.jobsFailed(toErrorState(error)));
  }
}

/** Polls the watched job until it ends; a failed poll is tried again at the next tick. */
function* pollJob(id: string): SagaIterator {
  for (;;) {
    try {
      const { data }: ApiResponse<{ results: ExportJob[] }> = yield call(callApi, getExportJob(id));
      const job = data.results[0];
      yield put(dataExportActions.jobUpdated(job));
      if (!isJobOpen(job)) return;
    } catch (error) {
      const state = toErrorState(error);
      // Gone (not the user's, or a wrong link): nothing to watch.
      if (state.status === 404 || state.status === 401 || state.status === 403) return;
    }
    yield delay(POLL_MS);
  }
}

function* watch(id: string): SagaIterator {
  yield race({ done: call(pollJob, id), closed: take(dataExportActions.pageClosed.type), other: take(dataExportActions.jobWatched.type), signedOut: take(SIGNED_OUT) });
}

function* openPage(action: ReturnType<typeof dataExportActions.pageOpened>): SagaIterator {
  yield all([call(loadOptions), call(loadJobs)]);
  const { watchedId } = yield select(selectDataExport);
  const id: string | null = action.payload.jobId ?? watchedId;
  if (id) yield call(watch, id);
}

function* startExport(action: ReturnType<typeof dataExportActions.exportRequested>): SagaIterator {
  let job: ExportJob;
  try {
    const { data }: ApiResponse<{ results: ExportJob[] }> = yield call(callApi, postDataExport(action.payload));
    job = data.results[0];
  } catch (error) {
    yield put(dataExportActions.exportFailed(toErrorState(error)));
    return;
  }
  yield put(dataExportActions.exportStarted(job));
  yield call(watch, job.id);
}

function* watchOther(action: ReturnType<typeof dataExportActions.jobWatched>): SagaIterator {
  yield call(watch, action.payload);
}

function* cancel(action: ReturnType<typeof dataExportActions.cancelRequested>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: ExportJob[] }> = yield call(callApi, deleteExportJob(action.payload));
    yield put(dataExportActions.jobUpdated(data.results[0]));
  } catch {
    // It ended meanwhile (409): the next poll or the list shows how.
    yield call(loadJobs);
  }
}

function* download(action: ReturnType<typeof dataExportActions.downloadRequested>): SagaIterator {
  const id = action.payload;
  try {
    const { data }: ApiResponse<Blob> = yield call(callApi, getExportFile(id));
    const { jobs }: { jobs: ExportJob[] } = yield select(selectDataExport);
    const name = jobs.find((job) => job.id === id)?.file?.name ?? 'export';
    yield call(saveBlob, data, name);
    yield put(dataExportActions.downloadDone(id));
  } catch (error) {
    yield put(dataExportActions.downloadFailed({ id, error: toErrorState(error) }));
  }
}

function* clear(): SagaIterator {
  yield put(dataExportActions.signedOut());
}

export function* dataExportSaga(): SagaIterator {
  yield takeLatest(dataExportActions.pageOpened.type, openPage);
  yield takeLatest(dataExportActions.exportRequested.type, startExport);
  yield takeLatest(dataExportActions.jobWatched.type, watchOther);
  yield takeEvery(dataExportActions.cancelRequested.type, cancel);
  yield takeEvery(dataExportActions.downloadRequested.type, download);
  yield takeEvery(SIGNED_OUT, clear);
}
