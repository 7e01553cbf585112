import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiRequest, ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import {
  approveForm,
  correctForm,
  FORM_VERSION_HEADER,
  getForm,
  getFormDescriptor,
  getFormHistory,
  rejectForm,
  updateForm,
  type ClinicalForm,
  type FormHistoryEntry,
} from '../../api/forms';
import { authActions } from '../auth/auth.slice';
import { selectLocale } from '../locale/locale.selectors';
import { formPageActions, type FormPageState, type FormWrite } from './formPage.slice';
import { selectFormPage } from './formPage.selectors';

function versionFrom(response: ApiResponse<{ results: ClinicalForm[] }>): number {
  const header = Number(response.headers.get(FORM_VERSION_HEADER));
  return Number.isInteger(header) && header > 0 ? header : (response.data.results[0]?.version ?? 0);
}

function* loadForm(action: PayloadAction<string>): SagaIterator {
  try {
    const response: ApiResponse<{ results: ClinicalForm[] }> = yield call(callApi, getForm(action.payload));
    const form = response.data.results[0];
    if (!form) throw new Error('empty answer');
    const locale: string = yield select(selectLocale);
    let descriptor: unknown = null;
    if (!form.censored) {
      const answer: ApiResponse<{ results: unknown[] }> = yield call(callApi, getFormDescriptor(form.formTypeId, form.descriptorVersion, locale));
      descriptor = answer.data.results[0] ?? null;
    }
    yield put(formPageActions.loaded({ form, version: versionFrom(response), descriptor }));
  } catch (error) {
    yield put(formPageActions.loadFailed(toErrorState(error)));
  }
}

function requestOf(id: string, version: number, write: FormWrite): ApiRequest {
  switch (write.kind) {
    case 'update':
      return updateForm(id, version, write.values, write.submit);
    case 'approve':
      return approveForm(id, version, write.level);
    case 'reject':
      return rejectForm(id, version, write.level, write.rejections);
    case 'correct':
      return correctForm(id, version, write.finalized, write.values, write.notes);
  }
}

function* writeForm(action: PayloadAction<FormWrite>): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId || page.version === null) return;
  try {
    const response: ApiResponse<{ results: ClinicalForm[] }> = yield call(callApi, requestOf(page.formId, page.version, action.payload));
    yield put(formPageActions.writeSucceeded({ version: versionFrom(response) }));
    yield put(formPageActions.loadRequested(page.formId));
  } catch (error) {
    // A stale version keeps the form as the user typed it; reloading is the user's choice.
    yield put(formPageActions.writeFailed(toErrorState(error)));
  }
}

function* loadHistory(): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId) return;
  try {
    const { data }: ApiResponse<{ results: FormHistoryEntry[] }> = yield call(callApi, getFormHistory(page.formId));
    yield put(formPageActions.historyLoaded(data.results));
  } catch (error) {
    yield put(formPageActions.historyFailed(toErrorState(error)));
  }
}

function* clear(): SagaIterator {
  yield put(formPageActions.signedOut());
}

export function* formPageSaga(): SagaIterator {
  yield takeLatest(formPageActions.loadRequested.type, loadForm);
  yield takeLatest(formPageActions.writeRequested.type, writeForm);
  yield takeLatest(formPageActions.historyRequested.type, loadHistory);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
