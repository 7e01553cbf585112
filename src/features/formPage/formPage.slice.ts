// The form page (/forms/:formId): one form with its version (x-form-version), its descriptor, the
// state of the running write, a stale-version check (the server's current form beside what the
// user typed), a form backup on offer, restored work for the engine, and the form's record.
import { createSlice, current, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { ClinicalForm, FormHistoryEntry } from '../../api/forms';
import type { FormFixLock } from '../../domain/forms';
import type { FormValues } from '../../domain/forms';
import type { FixEnd, FormActionState, FormBackup, FormLevelAction, FormNotice, FormWrite, NextForm, RestoredWork, ServerForm, StaleCheck } from './formPage.types';
import { mergeValues } from './valueDiff';
import { backupOperation, operationAllowed, operationOf, valuesOf, writeNotes, writeRejections, writeValues } from './writeRules';

export type { FormWrite } from './formPage.types';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

export interface FormPageState {
  formId: string | null;
  status: LoadStatus;
  form: ClinicalForm | null;
  /** From the x-form-version header of the last answer; every write sends it back. */
  version: number | null;
  /** The descriptor document as the server sent it (the page loads it into the engine's model). */
  descriptor: unknown;
  loadError: ErrorState | null;
  saveStatus: SaveStatus;
  saveError: ErrorState | null;
  /** A write answered 409: someone else changed the form since it was read. */
  stale: StaleCheck | null;
  /** A backup of unsaved work on this form, offered for restoring. */
  backup: FormBackup | null;
  /** The user's work laid over `form`: the engine starts from it, dirty against `form.values`. */
  restored: RestoredWork | null;
  history: { status: LoadStatus; entries: FormHistoryEntry[]; error: ErrorState | null };
  /** The record entries of one field, opened from the field itself. */
  fieldHistory: { fieldId: string | null; status: LoadStatus; entries: FormHistoryEntry[]; error: ErrorState | null };
  /** A form-level action (delete, destroy, reset approvals) in progress or just done. */
  action: FormActionState;
  /** The last refusal of taking a fix lock or of a fix (e.g. another monitor holds the field). */
  fixError: ErrorState | null;
  /** Display texts of header values that are ids (patient, physician), by field id. */
  headerLabels: Record<string, string>;
  /** The form's patient (from the form-start data), whose attendance list Close returns to. */
  patientId: string | null;
  /** Fields repeating the patient record (date of birth, sex): the server fills them, nobody types them. */
  patientFields: string[];
  /** The form's attendance is disqualified (the header says so, with the reason). */
  disqualified: { reason: string | null } | null;
  /** The last finished action, told once as a notification; `seq` tells two equal ones apart. */
  notice: { seq: number; notice: FormNotice } | null;
  /** After an approval or a rejection: the next form of the monitor's approvable list. */
  next: NextForm;
}

export interface HeaderInfo {
  labels: Record<string, string>;
  patientId: string | null;
  patientFields: string[];
  disqualified: { reason: string | null } | null;
}

const initialState: FormPageState = {
  formId: null,
  status: 'idle',
  form: null,
  version: null,
  descriptor: null,
  loadError: null,
  saveStatus: 'idle',
  saveError: null,
  stale: null,
  backup: null,
  restored: null,
  history: { status: 'idle', entries: [], error: null },
  fieldHistory: { fieldId: null, status: 'idle', entries: [], error: null },
  action: { status: 'idle', kind: null, error: null },
  fixError: null,
  headerLabels: {},
  patientId: null,
  patientFields: [],
  disqualified: null,
  notice: null,
  next: { status: 'idle', form: null },
};

/** Takes the server's form as the page's own: its writes now send the server's version. */
function adopt(state: FormPageState, server: ServerForm, restored: RestoredWork | null): void {
  state.form = server.form;
  state.version = server.version;
  state.descriptor = server.descriptor;
  state.stale = null;
  state.restored = restored;
  state.saveStatus = 'idle';
  state.saveError = null;
}

export const formPageSlice = createSlice({
  name: 'formPage',
  initialState,
  reducers: {
    loadRequested(state, action: PayloadAction<string>) {
      if (state.formId !== action.payload) {
        return { ...initialState, formId: action.payload, status: 'loading' };
      }
      state.status = 'loading';
      state.loadError = null;
    },
    loaded(state, action: PayloadAction<{ form: ClinicalForm; version: number; descriptor: unknown }>) {
      state.status = 'loaded';
      state.form = action.payload.form;
      state.version = action.payload.version;
      state.descriptor = action.payload.descriptor;
      state.loadError = null;
      state.stale = null;
      state.backup = null;
      state.restored = null;
      // A read of the form is a fresh start: "saved" belongs to the write that the page showed last.
      state.saveStatus = 'idle';
      state.saveError = null;
    },
    /** The same descriptor version in the language just chosen; the form and what is typed stay. */
    descriptorRelabelled(state, action: PayloadAction<{ formId: string; descriptor: unknown }>) {
      if (state.formId === action.payload.formId && state.descriptor) state.descriptor = action.payload.descriptor;
    },
    loadFailed(state, action: PayloadAction<ErrorState>) {
      state.status = 'failed';
      state.loadError = action.payload;
    },
    writeRequested(state, _action: PayloadAction<FormWrite>) {
      state.saveStatus = 'saving';
      state.saveError = null;
      state.stale = null;
    },
    /** The write's answer is the form as it is now: the page shows it at once, without reading it again. */
    writeSucceeded(state, action: PayloadAction<{ version: number; form?: ClinicalForm }>) {
      const { form, version } = action.payload;
      if (form) adopt(state, { form, version, descriptor: current(state).descriptor }, null);
      state.saveStatus = 'saved';
      state.version = version;
    },
    writeFailed(state, action: PayloadAction<ErrorState>) {
      state.saveStatus = 'failed';
      state.saveError = action.payload;
    },
    /** The write answered 409: the page keeps what the user typed and fetches the current form. */
    staleDetected(state, action: PayloadAction<{ write: FormWrite; error: ErrorState }>) {
      state.saveStatus = 'failed';
      state.saveError = action.payload.error;
      state.stale = { write: action.payload.write, status: 'loading', server: null, error: null };
    },
    staleRetryRequested(state) {
      if (state.stale?.status !== 'failed') return;
      state.stale.status = 'loading';
      state.stale.error = null;
    },
    staleLoaded(state, action: PayloadAction<ServerForm>) {
      if (!state.stale) return;
      state.stale.status = 'loaded';
      state.stale.server = action.payload;
    },
    staleLoadFailed(state, action: PayloadAction<ErrorState>) {
      if (!state.stale) return;
      state.stale.status = 'failed';
      state.stale.error = action.payload;
    },
    /** The user's changes over the server's current form; only where the state still allows the write. */
    staleReapplied(state) {
      const { stale, form } = current(state);
      if (!stale?.server || stale.write.kind === 'approve' || !operationAllowed(operationOf(stale.write), stale.server.form)) return;
      const started = valuesOf(form);
      const values = mergeValues(started, writeValues(stale.write, started), valuesOf(stale.server.form));
      adopt(state, stale.server, { values, notes: writeNotes(stale.write), rejections: writeRejections(stale.write) });
    },
    staleDiscarded(state) {
      const server = state.stale?.server;
      if (server) adopt(state, current(server), null);
    },
    /** A form backup: the values and notes the user was editing, offered after loading. */
    backupChanged(_state, _action: PayloadAction<{ values: FormValues; notes: Record<string, string> }>) {},
    backupFound(state, action: PayloadAction<FormBackup>) {
      state.backup = action.payload;
    },
    backupRestored(state) {
      const { backup, form } = current(state);
      if (!backup || !form || !operationAllowed(backupOperation(backup.kind), form)) return;
      state.restored = { values: mergeValues(backup.base, backup.values, valuesOf(form)), notes: backup.notes, rejections: [] };
      state.backup = null;
    },
    backupDiscarded(state) {
      state.backup = null;
    },
    historyRequested(state) {
      if (!state.formId) return;
      state.history = { status: 'loading', entries: state.history.entries, error: null };
    },
    historyLoaded(state, action: PayloadAction<FormHistoryEntry[]>) {
      state.history = { status: 'loaded', entries: action.payload, error: null };
    },
    historyFailed(state, action: PayloadAction<ErrorState>) {
      state.history = { status: 'failed', entries: [], error: action.payload };
    },
    fieldHistoryRequested(state, action: PayloadAction<string>) {
      state.fieldHistory = { fieldId: action.payload, status: 'loading', entries: [], error: null };
    },
    fieldHistoryLoaded(state, action: PayloadAction<FormHistoryEntry[]>) {
      state.fieldHistory.status = 'loaded';
      state.fieldHistory.entries = action.payload;
    },
    fieldHistoryFailed(state, action: PayloadAction<ErrorState>) {
      state.fieldHistory.status = 'failed';
      state.fieldHistory.error = action.payload;
    },
    formActionRequested(state, action: PayloadAction<FormLevelAction>) {
      state.action = { status: 'running', kind: action.payload.kind, error: null };
    },
    formActionSucceeded(state) {
      state.action.status = 'done';
    },
    formActionFailed(state, action: PayloadAction<ErrorState>) {
      state.action.status = 'failed';
      state.action.error = action.payload;
    },
    fixStartRequested(state, _action: PayloadAction<string>) {
      state.fixError = null;
    },
    fixRenewRequested(_state, _action: PayloadAction<string>) {},
    fixEndRequested(state, _action: PayloadAction<FixEnd>) {
      state.fixError = null;
    },
    /** The lock joins the form's locks without a reload: what the user typed elsewhere stays. */
    fixLockTaken(state, action: PayloadAction<FormFixLock>) {
      if (!state.form) return;
      state.form.locks = [...state.form.locks.filter((lock) => lock.path !== action.payload.path), action.payload];
    },
    fixLockReleased(state, action: PayloadAction<string>) {
      if (state.form) state.form.locks = state.form.locks.filter((lock) => lock.path !== action.payload);
    },
    fixFailed(state, action: PayloadAction<ErrorState>) {
      state.fixError = action.payload;
    },
    noticed(state, action: PayloadAction<FormNotice>) {
      state.notice = { seq: (state.notice?.seq ?? 0) + 1, notice: action.payload };
    },
    nextRequested(state) {
      state.next = { status: 'loading', form: null };
    },
    nextLoaded(state, action: PayloadAction<NextForm['form']>) {
      state.next = { status: 'loaded', form: action.payload };
    },
    headerLoaded(state, action: PayloadAction<HeaderInfo>) {
      state.headerLabels = action.payload.labels;
      state.patientId = action.payload.patientId;
      state.patientFields = action.payload.patientFields;
      state.disqualified = action.payload.disqualified;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const formPageActions = formPageSlice.actions;
