import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import { postClientError, type CrashReport, type FeedbackReport } from '../../api/clientErrors';
import { ApiError } from '../../api/errors';
import { clientErrorsActions } from './clientErrors.slice';

/** No answer at all (not even an error status) means the request never left the browser. */
function isBlocked(error: unknown): boolean {
  return error instanceof ApiError && error.status === undefined;
}

function currentUrl(): string {
  return window.location.pathname;
}

function* reportCrash(action: PayloadAction<Omit<CrashReport, 'kind'>>): SagaIterator {
  try {
    yield call(callApi, postClientError({ kind: 'crash', url: currentUrl(), ...action.payload }));
    yield put(clientErrorsActions.crashReportSent());
  } catch (error) {
    yield put(clientErrorsActions.crashReportFailed({ blocked: isBlocked(error) }));
  }
}

function* sendFeedback(action: PayloadAction<Omit<FeedbackReport, 'kind'>>): SagaIterator {
  try {
    yield call(callApi, postClientError({ kind: 'feedback', url: currentUrl(), ...action.payload }));
    yield put(clientErrorsActions.feedbackSent());
  } catch (error) {
    yield put(clientErrorsActions.feedbackFailed({ blocked: isBlocked(error) }));
  }
}

export function* clientErrorsSaga(): SagaIterator {
  yield takeEvery(clientErrorsActions.crashed.type, reportCrash);
  yield takeEvery(clientErrorsActions.feedbackSubmitted.type, sendFeedback);
}
