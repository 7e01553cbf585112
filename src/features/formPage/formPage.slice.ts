// The form page (/forms/:formId): one form with its version (x-form-version), its descriptor, the
// state of the running write (a stale version keeps the user's values) and the form's record.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { ClinicalForm, FormHistoryEntry } from '../../api/forms';

export type FormWrite =
  | { kind: 'update'; values: Record<string, unknown>; submit: boolean }
  | { kind: 'approve'; level: number }
  | { kind: 'reject'; level: number; rejections: { path: string; reason: string }[] }
  | { kind: 'correct'; finalized: boolean; values: Record<string, unknown>; notes: Record<string, string> };

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
  /** A write answered 409 stale_version: someone else changed the form since it was read. */
  stale: boolean;
  history: { status: LoadStatus; entries: FormHistoryEntry[]; error: ErrorState | null };
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
  stale: false,
  history: { status: 'idle', entries: [], error: null },
};

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
      state.stale = false;
      state.saveError = null;
    },
    loadFailed(state, action: PayloadAction<ErrorState>) {
      state.status = 'failed';
      state.loadError = action.payload;
    },
    writeRequested(state, _action: PayloadAction<FormWrite>) {
      state.saveStatus = 'saving';
      state.saveError = null;
      state.stale = false;
    },
    writeSucceeded(state, action: PayloadAction<{ version: number }>) {
      state.saveStatus = 'saved';
      state.version = action.payload.version;
    },
    writeFailed(state, action: PayloadAction<ErrorState>) {
      state.saveStatus = 'failed';
      state.saveError = action.payload;
      state.stale = action.payload.code === 'stale_version';
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
    signedOut() {
      return initialState;
    },
  },
});

export const formPageActions = formPageSlice.actions;
