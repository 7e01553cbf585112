// The application-log screen (spec business-data §2 "Application log: from, to, search and raw
// options"): the grid with its range and search, the raw toggle, and the entry in the detail pane.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApplicationLogEntry } from '../../api/adminLog';
import type { ErrorState } from '../../api/errors';
import type { GridQuery } from '../../common/dataGrid';

/** from/to are ISO instants (or empty); search is free text. */
export interface LogRange {
  from: string;
  to: string;
  search: string;
}

export interface ApplicationLogState {
  range: LogRange;
  raw: boolean;
  list: { query: GridQuery | null; items: ApplicationLogEntry[]; total: number; loading: boolean; error: ErrorState | null };
  detail: { id: string | null; entry: ApplicationLogEntry | null; error: ErrorState | null };
}

const initialState: ApplicationLogState = {
  range: { from: '', to: '', search: '' },
  raw: false,
  list: { query: null, items: [], total: 0, loading: false, error: null },
  detail: { id: null, entry: null, error: null },
};

function startLoading(state: ApplicationLogState): void {
  state.list.loading = true;
  state.list.error = null;
}

export const applicationLogSlice = createSlice({
  name: 'applicationLog',
  initialState,
  reducers: {
    listQueryChanged(state, action: PayloadAction<GridQuery>) {
      state.list.query = action.payload;
      startLoading(state);
    },
    /** A new range or search starts at the first page. */
    rangeChanged(state, action: PayloadAction<LogRange>) {
      state.range = action.payload;
      if (state.list.query) state.list.query = { ...state.list.query, offset: 0 };
      startLoading(state);
    },
    rawToggled(state, action: PayloadAction<boolean>) {
      state.raw = action.payload;
      startLoading(state);
    },
    listRetried(state) {
      startLoading(state);
    },
    listLoaded(state, action: PayloadAction<{ items: ApplicationLogEntry[]; total: number }>) {
      state.list = { ...state.list, ...action.payload, loading: false, error: null };
    },
    listFailed(state, action: PayloadAction<ErrorState>) {
      state.list.loading = false;
      state.list.error = action.payload;
    },
    entryOpened(state, action: PayloadAction<string>) {
      state.detail = { id: action.payload, entry: state.list.items.find((e) => e.id === action.payload) ?? null, error: null };
    },
    entryLoaded(state, action: PayloadAction<ApplicationLogEntry>) {
      if (state.detail.id === action.payload.id) state.detail.entry = action.payload;
    },
    entryFailed(state, action: PayloadAction<ErrorState>) {
      state.detail.error = action.payload;
    },
    entryClosed(state) {
      state.detail = initialState.detail;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const applicationLogActions = applicationLogSlice.actions;
