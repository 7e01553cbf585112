// The form page's side effects: loading a form with its descriptor, every write guarded by the
// form's version, the record, the current form after a 409 (so the page can show what changed on
// the server), and the form backup in localStorage while the server has form backup enabled.
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiRequest, ApiResponse } from '../../api/client';
import { toErrorState, type ErrorState } from '../../api/errors';
import {
  approveForm,
  correctForm,
  FORM_VERSION_HEADER,
  getForm,
  getFormDescriptor,
  getFormHistory,
  getFormStartData,
  rejectForm,
  updateForm,
  type ClinicalForm,
  type FormHeaderData,
  type FormHistoryEntry,
} from '../../api/forms';
import type { ClientConfigurationUser } from '../../api/clientConfiguration';
import { selectClientConfiguration, selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import type { ClientConfigurationState } from '../../app/startup/clientConfiguration.slice';
import type { FormValues } from '../../domain/forms';
import { authActions } from '../auth/auth.slice';
import { selectLocale } from '../locale/locale.selectors';
import { readFormBackup, removeFormBackup, writeFormBackup } from './formBackup';
import { formActionsSaga } from './formActions.saga';
import { findNextApprovable, noticeOfWrite } from './formNotices.saga';
import { formLanguageSaga } from './formLanguage.saga';
import { formPageActions, type FormPageState } from './formPage.slice';
import type { FormBackup, FormWrite, ServerForm } from './formPage.types';
import { selectFormPage } from './formPage.selectors';
import { hasUserChanges } from './valueDiff';
import { backupKindOf, valuesOf } from './writeRules';

/** 409 codes that mean the form changed on the server since the page read it. */
const CHANGED_ON_SERVER: ReadonlySet<string> = new Set(['stale_version', 'illegal_transition']);

function versionFrom(response: ApiResponse<{ results: ClinicalForm[] }>): number {
  const header = Number(response.headers.get(FORM_VERSION_HEADER));
  return Number.isInteger(header) && header > 0 ? header : (response.data.results[0]?.version ?? 0);
}

/** The form with its version and descriptor; a descriptor already held for the same version is reused. */
function* fetchForm(formId: string, known?: { descriptorVersion: number; descriptor: unknown }): SagaIterator<ServerForm> {
  const response: ApiResponse<{ results: ClinicalForm[] }> = yield call(callApi, getForm(formId));
  const form = response.data.results[0];
  if (!form) throw new Error('empty answer');
  let descriptor: unknown = null;
  if (known && known.descriptorVersion === form.descriptorVersion && known.descriptor) descriptor = known.descriptor;
  else if (!form.censored) {
    const locale: string = yield select(selectLocale);
    const answer: ApiResponse<{ results: unknown[] }> = yield call(callApi, getFormDescriptor(form.formTypeId, form.descriptorVersion, locale));
    descriptor = answer.data.results[0] ?? null;
  }
  return { form, version: versionFrom(response), descriptor };
}

// --- form backup ---

/** Who and which form a backup belongs to; null when form backup is off (then nothing is written). */
function* backupTarget(): SagaIterator<{ userId: string; page: FormPageState } | null> {
  const configuration: ClientConfigurationState = yield select(selectClientConfiguration);
  const user: ClientConfigurationUser | null = yield select(selectCurrentUser);
  const page: FormPageState = yield select(selectFormPage);
  if (configuration.data?.formBackupEnabled !== true || !user || !page.formId) return null;
  return { userId: user.id, page };
}

function notesOfForm(form: ClinicalForm): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const [path, review] of Object.entries(form.reviews)) if (review.note) notes[path] = review.note;
  return notes;
}

function* saveBackup(values: FormValues, notes: Record<string, string>): SagaIterator {
  const target: { userId: string; page: FormPageState } | null = yield call(backupTarget);
  const form = target?.page.form;
  const kind = form ? backupKindOf(form.state) : null;
  if (!target || !form || !kind || target.page.version === null) return;
  const base = valuesOf(form);
  yield call(writeFormBackup, target.userId, form.id, { savedAt: new Date().toISOString(), version: target.page.version, base, kind, values, notes });
}

function* backupChanged(action: PayloadAction<{ values: FormValues; notes: Record<string, string> }>): SagaIterator {
  yield call(saveBackup, action.payload.values, action.payload.notes);
}

/** Restored work is unsaved work again, now against the server's current version. */
function* backupRestoredWork(): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (page.restored) yield call(saveBackup, page.restored.values, page.restored.notes);
}

function* dropBackup(): SagaIterator {
  const target: { userId: string; page: FormPageState } | null = yield call(backupTarget);
  if (target?.page.formId) yield call(removeFormBackup, target.userId, target.page.formId);
}

/** After loading: a backup that holds something the server does not is offered; an equal one goes. */
function* offerBackup(form: ClinicalForm): SagaIterator {
  const target: { userId: string; page: FormPageState } | null = yield call(backupTarget);
  if (!target || form.censored) return;
  const backup: FormBackup | null = yield call(readFormBackup, target.userId, form.id);
  if (!backup) return;
  const values = valuesOf(form);
  const serverNotes = notesOfForm(form);
  const differs =
    hasUserChanges(values, backup.values) || Object.entries(backup.notes).some(([path, note]) => serverNotes[path] !== note);
  if (differs) yield put(formPageActions.backupFound(backup));
  else yield call(removeFormBackup, target.userId, form.id);
}

// --- load, write, record ---

function* loadForm(action: PayloadAction<string>): SagaIterator {
  // A reload of the form on the page (after each write) keeps its descriptor and header texts:
  // neither changes while the descriptor version stays.
  const page: FormPageState = yield select(selectFormPage);
  const reload = page.form?.id === action.payload;
  const known = reload && page.form ? { descriptorVersion: page.form.descriptorVersion, descriptor: page.descriptor } : undefined;
  let loaded: ServerForm;
  try {
    loaded = yield call(fetchForm, action.payload, known);
  } catch (error) {
    yield put(formPageActions.loadFailed(toErrorState(error)));
    return;
  }
  yield put(formPageActions.loaded(loaded));
  yield call(offerBackup, loaded.form);
  if (!reload || page.patientId === null) yield call(loadHeaderLabels, loaded.form);
}

/** The header's display texts (patient number and name, physician); without them the ids show. */
function* loadHeaderLabels(form: ClinicalForm): SagaIterator {
  if (form.censored) return;
  try {
    const response: ApiResponse<{ results: FormHeaderData[] }> = yield call(callApi, getFormStartData(form.id));
    const header = response.data.results[0];
    yield put(
      formPageActions.headerLoaded({
        labels: header?.headerLabels ?? {},
        patientId: header?.patient?.id ?? null,
        patientFields: header?.patientFields ?? [],
        disqualified: header?.attendance?.disqualified ? { reason: header.attendance.disqualificationReason ?? null } : null,
      }),
    );
  } catch {
    // The form itself is there; its header shows the stored values.
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

/** The form as the server holds it now, beside what the user typed (the page compares them). */
function* fetchCurrent(): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId || !page.stale) return;
  try {
    const known = page.form ? { descriptorVersion: page.form.descriptorVersion, descriptor: page.descriptor } : undefined;
    const server: ServerForm = yield call(fetchForm, page.formId, known);
    yield put(formPageActions.staleLoaded(server));
  } catch (error) {
    yield put(formPageActions.staleLoadFailed(toErrorState(error)));
  }
}

function* writeForm(action: PayloadAction<FormWrite>): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  if (!page.formId || page.version === null) return;
  try {
    const response: ApiResponse<{ results: ClinicalForm[] }> = yield call(callApi, requestOf(page.formId, page.version, action.payload));
    // The answer is the form as it is now: shown at once (one remount of the engine, not two);
    // read again only if it came under another descriptor version than the page holds.
    const answered = response.data.results[0];
    const same = answered !== undefined && answered.descriptorVersion === page.form?.descriptorVersion;
    yield put(formPageActions.writeSucceeded({ version: versionFrom(response), form: same ? answered : undefined }));
    yield put(formPageActions.noticed(noticeOfWrite(action.payload, answered)));
    yield call(dropBackup);
    if (!same) yield put(formPageActions.loadRequested(page.formId));
    if (action.payload.kind === 'approve' || action.payload.kind === 'reject') yield call(findNextApprovable, page.formId);
  } catch (error) {
    const failure: ErrorState = toErrorState(error);
    if (failure.status !== 409 || !CHANGED_ON_SERVER.has(failure.code)) {
      yield put(formPageActions.writeFailed(failure));
      return;
    }
    // Nothing the user typed is dropped: the page compares it with the server's current form.
    yield put(formPageActions.staleDetected({ write: action.payload, error: failure }));
    yield call(fetchCurrent);
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
  yield takeLatest(formPageActions.staleRetryRequested.type, fetchCurrent);
  yield takeLatest(formPageActions.historyRequested.type, loadHistory);
  yield takeLatest(formPageActions.backupChanged.type, backupChanged);
  yield takeEvery([formPageActions.staleReapplied.type, formPageActions.backupRestored.type], backupRestoredWork);
  yield takeEvery([formPageActions.staleDiscarded.type, formPageActions.backupDiscarded.type], dropBackup);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
  yield fork(formActionsSaga);
  yield fork(formLanguageSaga);
}
