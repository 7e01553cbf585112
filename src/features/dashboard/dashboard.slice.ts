// The dashboard's accessible-registries card. A 403 no_access_entries is not a failure to retry
// but the state of a user without any access entry; the page says so instead of showing cards.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DashboardRegistry } from '../../api/dashboard';
import type { ErrorState } from '../../api/errors';

export interface DashboardState {
  status: 'idle' | 'loading' | 'ready' | 'failed' | 'noAccess';
  registries: DashboardRegistry[];
  error: ErrorState | null;
}

const initialState: DashboardState = { status: 'idle', registries: [], error: null };

export const NO_ACCESS_ENTRIES = 'no_access_entries';

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    opened(state) {
      state.status = 'loading';
      state.error = null;
    },
    registriesLoaded(state, action: PayloadAction<DashboardRegistry[]>) {
      state.status = 'ready';
      state.registries = action.payload;
    },
    registriesFailed(state, action: PayloadAction<ErrorState>) {
      state.status = action.payload.code === NO_ACCESS_ENTRIES ? 'noAccess' : 'failed';
      state.registries = [];
      state.error = action.payload;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const dashboardActions = dashboardSlice.actions;
