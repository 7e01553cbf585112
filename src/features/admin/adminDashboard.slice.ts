// The admin dashboard's counts (issue 12 §8). A count the caller may not see stays null.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AdminCounts {
  awaitingActivation: number | null;
  inactiveUsers: number | null;
  institutes: number | null;
  groups: number | null;
}

export interface AdminDashboardState {
  counts: AdminCounts;
  loading: boolean;
  failed: boolean;
}

const initialState: AdminDashboardState = {
  counts: { awaitingActivation: null, inactiveUsers: null, institutes: null, groups: null },
  loading: false,
  failed: false,
};

export const adminDashboardSlice = createSlice({
  name: 'adminDashboard',
  initialState,
  reducers: {
    countsRequested(state) {
      state.loading = true;
      state.failed = false;
    },
    countsLoaded(state, action: PayloadAction<AdminCounts>) {
      state.counts = action.payload;
      state.loading = false;
    },
    countsFailed(state) {
      state.loading = false;
      state.failed = true;
    },
  },
});

export const adminDashboardActions = adminDashboardSlice.actions;
