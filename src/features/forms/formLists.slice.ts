// The approvable and correctable form lists and their counts on the dashboard's to-do card.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { FormListKind, ListedForm } from '../../api/forms';
import type { GridQuery } from '../../common/dataGrid';

export interface FormListState {
  query: GridQuery | null;
  items: ListedForm[];
  total: number;
  loading: boolean;
  error: ErrorState | null;
}

export interface FormListsState {
  lists: Record<FormListKind, FormListState>;
  /** null until loaded or when the count failed (the card then shows no number). */
  counts: Record<FormListKind, number | null>;
}

const emptyList: FormListState = { query: null, items: [], total: 0, loading: false, error: null };
const initialState: FormListsState = {
  lists: { approvable: emptyList, correctable: emptyList },
  counts: { approvable: null, correctable: null },
};

export const formListsSlice = createSlice({
  name: 'formLists',
  initialState,
  reducers: {
    queryChanged(state, action: PayloadAction<{ kind: FormListKind; query: GridQuery }>) {
      const list = state.lists[action.payload.kind];
      list.query = action.payload.query;
      list.loading = true;
      list.error = null;
    },
    loaded(state, action: PayloadAction<{ kind: FormListKind; items: ListedForm[]; total: number }>) {
      const { kind, items, total } = action.payload;
      state.lists[kind] = { ...state.lists[kind], items, total, loading: false, error: null };
    },
    failed(state, action: PayloadAction<{ kind: FormListKind; error: ErrorState }>) {
      state.lists[action.payload.kind].loading = false;
      state.lists[action.payload.kind].error = action.payload.error;
    },
    countsRequested() {},
    countLoaded(state, action: PayloadAction<{ kind: FormListKind; count: number | null }>) {
      state.counts[action.payload.kind] = action.payload.count;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const formListsActions = formListsSlice.actions;
