// The subject status matrix of one registry: the grid query, the columns and rows of the page on
// screen, and the registries the picker offers when no registry is chosen yet.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessibleRegistry } from '../../api/dashboard';
import type { ErrorState } from '../../api/errors';
import type { MatrixColumn, MatrixRow, StatusMatrixAnswer } from '../../api/statusMatrix';
import type { GridQuery } from '../../common/dataGrid';

export interface StatusMatrixState {
  registryId: string | null;
  query: GridQuery | null;
  columns: MatrixColumn[];
  institutes: { id: string; shortName: string }[];
  rows: MatrixRow[];
  total: number;
  /** More rows than `total` (statistics.capped). */
  totalCapped: boolean;
  loading: boolean;
  error: ErrorState | null;
  registries: { status: 'idle' | 'loading' | 'ready' | 'failed'; items: AccessibleRegistry[] };
}

const initialState: StatusMatrixState = {
  registryId: null,
  query: null,
  columns: [],
  institutes: [],
  rows: [],
  total: 0,
  totalCapped: false,
  loading: false,
  error: null,
  registries: { status: 'idle', items: [] },
};

export const statusMatrixSlice = createSlice({
  name: 'statusMatrix',
  initialState,
  reducers: {
    queryChanged(state, action: PayloadAction<{ registryId: string; query: GridQuery }>) {
      // Another registry has other columns: the old ones must not frame the new rows.
      if (state.registryId !== action.payload.registryId) Object.assign(state, { columns: [], institutes: [], rows: [], total: 0, totalCapped: false });
      state.registryId = action.payload.registryId;
      state.query = action.payload.query;
      state.loading = true;
      state.error = null;
    },
    loaded(state, action: PayloadAction<StatusMatrixAnswer>) {
      const { columns, institutes, results, statistics } = action.payload;
      const total = statistics?.total ?? results.length;
      Object.assign(state, { columns, institutes, rows: results, total, totalCapped: statistics?.capped === true, loading: false, error: null });
    },
    failed(state, action: PayloadAction<ErrorState>) {
      state.loading = false;
      state.error = action.payload;
    },
    registriesRequested(state) {
      state.registries.status = 'loading';
    },
    registriesLoaded(state, action: PayloadAction<AccessibleRegistry[]>) {
      state.registries = { status: 'ready', items: action.payload };
    },
    registriesFailed(state) {
      state.registries = { status: 'failed', items: [] };
    },
    signedOut() {
      return initialState;
    },
  },
});

export const statusMatrixActions = statusMatrixSlice.actions;
