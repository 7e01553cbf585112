// The form page's form-level actions and fixing: delete a draft, destroy a form, reset its
// approvals (each with the version the page holds), a field's record, and a monitor's fix of one
// field under a fix lock the server holds (taken, renewed while the user types, released or
// consumed by the fix). docs/form-lifecycle.md "Fixing".
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLatest, throttle } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiRequest, ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import {
  deleteForm,
  destroyForm,
  fixFormValue,
  getFieldHistory,
  releaseFixLock,
  resetFormApprovals,
  takeFixLock,
  type FormHistoryEntry,
} from '../../api/forms';
import type { FormFixLock } from '../../domain/forms';
import { formPageActions, type FormPageState } from './formPage.slice';
import { selectFormPage } from './formPage.selectors';
import type { FixEnd, FormLevelAction } from './formPage.types';

/** How often a held lock is renewed at most while its holder types (it lapses after 10 minutes). */
export const FIX_RENEW_INTERVAL_MS = 60_000;

function requestOf(id: string, version: number, action: FormLevelAction): ApiRequest {
  switch (action.kind) {
    case 'delete':
      return deleteForm(id, version);
    case 'destroy':
      return destroyForm(id, version, action.reason);
    case 'resetApprovals':
      return resetFormApprovals(id, version, action.reason);
  }
}

const NOTICE_OF = { delete: 'deleted', destroy: 'destroyed', resetApprovals: 'approvalsReset' } as const;

function* runFormAction(action: PayloadAction<FormLevelAction>): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId || page.version === null) return;
  try {
    yield call(callApi, requestOf(page.formId, page.version, action.payload));
    yield put(formPageActions.noticed({ kind: NOTICE_OF[action.payload.kind] }));
    yield put(formPageActions.formActionSucceeded());
    // A reset form stays and is read again; a deleted or destroyed one is left (the page navigates).
    if (action.payload.kind === 'resetApprovals') yield put(formPageActions.loadRequested(page.formId));
  } catch (error) {
    yield put(formPageActions.formActionFailed(toErrorState(error)));
  }
}

function* loadFieldHistory(action: PayloadAction<string>): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId) return;
  try {
    const { data }: ApiResponse<{ results: FormHistoryEntry[] }> = yield call(callApi, getFieldHistory(page.formId, action.payload));
    yield put(formPageActions.fieldHistoryLoaded(data.results));
  } catch (error) {
    yield put(formPageActions.fieldHistoryFailed(toErrorState(error)));
  }
}

function* takeLock(action: PayloadAction<string>): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId) return;
  try {
    const { data }: ApiResponse<{ results: FormFixLock[] }> = yield call(callApi, takeFixLock(page.formId, action.payload));
    if (data.results[0]) yield put(formPageActions.fixLockTaken(data.results[0]));
  } catch (error) {
    yield put(formPageActions.fixFailed(toErrorState(error)));
    // Another monitor took the field: reading the form again shows who.
    yield put(formPageActions.loadRequested(page.formId));
  }
}

/** Renewal keeps a lock alive while its holder works; a failure surfaces when the fix is sent. */
function* renewLock(action: PayloadAction<string>): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId || !page.form?.locks.some((lock) => lock.path === action.payload)) return;
  try {
    yield call(callApi, takeFixLock(page.formId, action.payload));
  } catch {
    // Nothing to do here: the fix itself answers 409 when the lock went to someone else.
  }
}

function* endFix(action: PayloadAction<FixEnd>): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId || page.version === null) return;
  const { path, value, changed } = action.payload;
  try {
    if (changed) {
      yield call(callApi, fixFormValue(page.formId, page.version, path, value));
      yield put(formPageActions.noticed({ kind: 'fixed' }));
      yield put(formPageActions.loadRequested(page.formId));
    } else {
      yield call(callApi, releaseFixLock(page.formId, path));
      yield put(formPageActions.fixLockReleased(path));
    }
  } catch (error) {
    yield put(formPageActions.fixFailed(toErrorState(error)));
  }
}

export function* formActionsSaga(): SagaIterator {
  yield takeLatest(formPageActions.formActionRequested.type, runFormAction);
  yield takeLatest(formPageActions.fieldHistoryRequested.type, loadFieldHistory);
  yield takeEvery(formPageActions.fixStartRequested.type, takeLock);
  yield throttle(FIX_RENEW_INTERVAL_MS, formPageActions.fixRenewRequested.type, renewLock);
  yield takeEvery(formPageActions.fixEndRequested.type, endFix);
}
