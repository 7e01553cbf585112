// The institutes administration (spec §2 "Institutes: list and form"): the grid, the institute
// open in the details/edit pane with its usage counts, and the outcome of a save or delete.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { Institute, InstituteInput, InstituteUsage } from '../../api/institutes';
import { gridListReducers, initialGridList, type GridListState } from '../../common/dataGrid';

export type EditorStatus = 'idle' | 'loading' | 'ready' | 'saving' | 'saved' | 'deleted' | 'failed';

export interface InstitutesState {
  list: GridListState<Institute>;
  /** The institute of the pane (null: a new one), its usage, and the last save or delete. */
  editor: { status: EditorStatus; institute: Institute | null; usage: InstituteUsage | null; error: ErrorState | null };
}

const initialState: InstitutesState = {
  list: initialGridList<Institute>(),
  editor: { status: 'idle', institute: null, usage: null, error: null },
};

export const institutesSlice = createSlice({
  name: 'institutes',
  initialState,
  reducers: {
    ...gridListReducers<Institute>(),
    /** Opens an institute: its fields (main name) and what uses it. */
    opened(state, _action: PayloadAction<string>) {
      state.editor = { status: 'loading', institute: null, usage: null, error: null };
    },
    openLoaded(state, action: PayloadAction<{ institute: Institute; usage: InstituteUsage }>) {
      state.editor = { status: 'ready', ...action.payload, error: null };
    },
    newStarted(state) {
      state.editor = { status: 'ready', institute: null, usage: null, error: null };
    },
    saveRequested(state, _action: PayloadAction<{ id: string | null; input: InstituteInput }>) {
      state.editor.status = 'saving';
      state.editor.error = null;
    },
    saved(state, action: PayloadAction<Institute>) {
      state.editor = { ...state.editor, status: 'saved', institute: action.payload, error: null };
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.editor.status = 'saving';
      state.editor.error = null;
    },
    deleted(state) {
      state.editor = { status: 'deleted', institute: null, usage: null, error: null };
    },
    failed(state, action: PayloadAction<ErrorState>) {
      state.editor.status = 'failed';
      state.editor.error = action.payload;
    },
    closed(state) {
      state.editor = initialState.editor;
    },
  },
});

export const institutesActions = institutesSlice.actions;
