// Reads the mailing list's status and runs an update. A failed run (the key refused) is still
// recorded by the server, so the status is read again to show it.
import type { SagaIterator } from 'redux-saga';
import { call, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { getMailingList, postMailingListUpdate, type MailingListRun, type MailingListStatus } from '../../api/adminLog';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { authActions } from '../auth/auth.slice';
import { mailingListActions } from './mailingList.slice';

function* loadStatus(): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: MailingListStatus[] }> = yield call(callApi, getMailingList());
    yield put(mailingListActions.statusLoaded(data.results[0]));
  } catch (error) {
    yield put(mailingListActions.statusFailed(toErrorState(error)));
  }
}

function* runUpdate(): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: MailingListRun[] }> = yield call(callApi, postMailingListUpdate());
    yield put(mailingListActions.updateDone(data.results[0]));
  } catch (error) {
    yield put(mailingListActions.updateFailed(toErrorState(error)));
    try {
      const { data }: ApiResponse<{ results: MailingListStatus[] }> = yield call(callApi, getMailingList());
      yield put(mailingListActions.statusLoaded(data.results[0]));
    } catch {
      // The update's error is already shown.
    }
  }
}

function* clear(): SagaIterator {
  yield put(mailingListActions.signedOut());
}

export function* mailingListSaga(): SagaIterator {
  yield takeLatest(mailingListActions.statusRequested.type, loadStatus);
  yield takeLatest(mailingListActions.updateRequested.type, runUpdate);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
