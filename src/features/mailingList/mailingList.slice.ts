// The "update/sync e-mail list" screen: the list's status (configured, last run) and a run.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MailingListRun, MailingListStatus } from '../../api/adminLog';
import type { ErrorState } from '../../api/errors';

export interface MailingListState {
  status: MailingListStatus | null;
  loading: boolean;
  running: boolean;
  error: ErrorState | null;
}

const initialState: MailingListState = { status: null, loading: false, running: false, error: null };

export const mailingListSlice = createSlice({
  name: 'mailingList',
  initialState,
  reducers: {
    statusRequested(state) {
      state.loading = true;
      state.error = null;
    },
    statusLoaded(state, action: PayloadAction<MailingListStatus>) {
      state.status = action.payload;
      state.loading = false;
    },
    statusFailed(state, action: PayloadAction<ErrorState>) {
      state.loading = false;
      state.error = action.payload;
    },
    updateRequested(state) {
      state.running = true;
      state.error = null;
    },
    updateDone(state, action: PayloadAction<MailingListRun>) {
      state.running = false;
      if (state.status) state.status.lastRun = action.payload;
    },
    updateFailed(state, action: PayloadAction<ErrorState>) {
      state.running = false;
      state.error = action.payload;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const mailingListActions = mailingListSlice.actions;
