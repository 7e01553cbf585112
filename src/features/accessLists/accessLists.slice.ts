// The access-list screens: the grid of one kind, the entry being edited, the choices of its
// conditions (narrowed by the ones above), the trustee search, and a user's effective access.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessEntry, AccessEntryInput, EffectiveAccessView } from '../../api/accessLists';
import type { ErrorState } from '../../api/errors';
import type { GridQuery } from '../../common/dataGrid';
import type { AccessEntryKind } from '../../domain/permissions/entries';

export interface Choice {
  value: string;
  label: string;
}
export type EditorStatus = 'idle' | 'saving' | 'saved' | 'deleted' | 'failed';

export interface AccessListsState {
  list: { kind: AccessEntryKind; query: GridQuery | null; items: AccessEntry[]; total: number; loading: boolean; error: ErrorState | null };
  detail: { id: string | null; entry: AccessEntry | null; error: ErrorState | null };
  choices: { registries: Choice[]; institutes: Choice[]; formTypes: Choice[]; physicians: Choice[]; error: ErrorState | null };
  trustees: { term: string; items: Choice[] };
  editor: { status: EditorStatus; error: ErrorState | null };
  effective: { userId: string | null; access: EffectiveAccessView | null; error: ErrorState | null };
}

const initialState: AccessListsState = {
  list: { kind: 'registry', query: null, items: [], total: 0, loading: false, error: null },
  detail: { id: null, entry: null, error: null },
  choices: { registries: [], institutes: [], formTypes: [], physicians: [], error: null },
  trustees: { term: '', items: [] },
  editor: { status: 'idle', error: null },
  effective: { userId: null, access: null, error: null },
};

/** Trustee choices carry their kind in the value: `user:<id>` or `group:<id>`. */
export const trusteeValue = (trustee: { userId?: string; groupId?: string }): string => (trustee.userId ? `user:${trustee.userId}` : `group:${trustee.groupId ?? ''}`);

export const accessListsSlice = createSlice({
  name: 'accessLists',
  initialState,
  reducers: {
    listQueryChanged(state, action: PayloadAction<{ kind: AccessEntryKind; query: GridQuery }>) {
      if (state.list.kind !== action.payload.kind) state.list.items = [];
      state.list = { ...state.list, kind: action.payload.kind, query: action.payload.query, loading: true, error: null };
    },
    listLoaded(state, action: PayloadAction<{ items: AccessEntry[]; total: number }>) {
      state.list = { ...state.list, ...action.payload, loading: false, error: null };
    },
    listFailed(state, action: PayloadAction<ErrorState>) {
      state.list.loading = false;
      state.list.error = action.payload;
    },
    editorOpened(state, action: PayloadAction<{ kind: AccessEntryKind; id: string | null }>) {
      state.detail = { id: action.payload.id, entry: null, error: null };
      state.editor = initialState.editor;
      state.trustees = initialState.trustees;
      state.choices = { ...initialState.choices };
      state.list.kind = action.payload.kind;
    },
    entryLoaded(state, action: PayloadAction<AccessEntry>) {
      if (state.detail.id === action.payload.id) state.detail.entry = action.payload;
    },
    entryFailed(state, action: PayloadAction<ErrorState>) {
      state.detail.error = action.payload;
    },
    baseChoicesLoaded(state, action: PayloadAction<{ registries: Choice[]; institutes: Choice[] }>) {
      state.choices = { ...state.choices, ...action.payload };
    },
    choicesFailed(state, action: PayloadAction<ErrorState>) {
      state.choices.error = action.payload;
    },
    registryChosen(state, _action: PayloadAction<string | null>) {
      state.choices.formTypes = [];
    },
    formTypesLoaded(state, action: PayloadAction<Choice[]>) {
      state.choices.formTypes = action.payload;
    },
    instituteChosen(state, _action: PayloadAction<string | null>) {
      state.choices.physicians = [];
    },
    physiciansLoaded(state, action: PayloadAction<Choice[]>) {
      state.choices.physicians = action.payload;
    },
    trusteeSearchChanged(state, action: PayloadAction<string>) {
      state.trustees.term = action.payload;
    },
    trusteesLoaded(state, action: PayloadAction<Choice[]>) {
      state.trustees.items = action.payload;
    },
    saveRequested(state, _action: PayloadAction<{ kind: AccessEntryKind; id: string | null; entry: AccessEntryInput }>) {
      state.editor = { status: 'saving', error: null };
    },
    deleteRequested(state, _action: PayloadAction<{ kind: AccessEntryKind; id: string }>) {
      state.editor = { status: 'saving', error: null };
    },
    saved(state) {
      state.editor = { status: 'saved', error: null };
    },
    deleted(state) {
      state.editor = { status: 'deleted', error: null };
    },
    saveFailed(state, action: PayloadAction<ErrorState>) {
      state.editor = { status: 'failed', error: action.payload };
    },
    effectiveAccessRequested(state, action: PayloadAction<string>) {
      state.effective = { userId: action.payload, access: null, error: null };
    },
    effectiveAccessLoaded(state, action: PayloadAction<EffectiveAccessView>) {
      if (state.effective.userId === action.payload.userId) state.effective.access = action.payload;
    },
    effectiveAccessFailed(state, action: PayloadAction<ErrorState>) {
      state.effective.error = action.payload;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const accessListsActions = accessListsSlice.actions;

type Root = { accessLists: AccessListsState };
export const selectAccessList = (state: Root): AccessListsState['list'] => state.accessLists.list;
export const selectAccessDetail = (state: Root): AccessListsState['detail'] => state.accessLists.detail;
export const selectAccessChoices = (state: Root): AccessListsState['choices'] => state.accessLists.choices;
export const selectTrustees = (state: Root): AccessListsState['trustees'] => state.accessLists.trustees;
export const selectAccessEditor = (state: Root): AccessListsState['editor'] => state.accessLists.editor;
export const selectEffectiveAccess = (state: Root): AccessListsState['effective'] => state.accessLists.effective;
