// The state of one server-paged DataGrid list inside a feature slice, and its four case reducers,
// written once: every list screen (patients, users, groups, institutes, ...) keeps
// `list: GridListState<Row>` and spreads `gridListReducers<Row>()` into its slice's reducers, so
// its saga answers the same four events.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { GridQuery } from './types';

export interface GridListState<Row> {
  query: GridQuery | null;
  items: Row[];
  total: number;
  loading: boolean;
  error: ErrorState | null;
}

export function initialGridList<Row>(): GridListState<Row> {
  return { query: null, items: [], total: 0, loading: false, error: null };
}

interface WithGridList<Row> {
  list: GridListState<Row>;
}

/** listQueryChanged (a new page, sort or filter), listRetried, listLoaded, listFailed. */
// The return type is inferred on purpose: createSlice reads each reducer's action type from it.
export function gridListReducers<Row>() {
  return {
    listQueryChanged(state: WithGridList<Row>, action: PayloadAction<GridQuery>): void {
      state.list.query = action.payload;
      state.list.loading = true;
      state.list.error = null;
    },
    listRetried(state: WithGridList<Row>): void {
      state.list.loading = true;
      state.list.error = null;
    },
    listLoaded(state: WithGridList<Row>, action: PayloadAction<{ items: Row[]; total: number }>): void {
      state.list = { ...state.list, ...action.payload, loading: false, error: null };
    },
    listFailed(state: WithGridList<Row>, action: PayloadAction<ErrorState>): void {
      state.list.loading = false;
      state.list.error = action.payload;
    },
  };
}
