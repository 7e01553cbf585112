// Crash reports and the feedback form of the failure view (spec auth §2). When the report cannot
// reach our own server at all, an ad blocker is the usual cause, and the view says so.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CrashReport, FeedbackReport } from '../../api/clientErrors';

export type SendStatus = 'idle' | 'sending' | 'sent' | 'failed';

export interface ClientErrorsState {
  crashReport: SendStatus;
  feedback: SendStatus;
  /** The report request got no answer at all: most likely blocked in the browser. */
  reportingBlocked: boolean;
}

const initialState: ClientErrorsState = { crashReport: 'idle', feedback: 'idle', reportingBlocked: false };

export const clientErrorsSlice = createSlice({
  name: 'clientErrors',
  initialState,
  reducers: {
    crashed(state, _action: PayloadAction<Omit<CrashReport, 'kind'>>) {
      state.crashReport = 'sending';
    },
    crashReportSent(state) {
      state.crashReport = 'sent';
    },
    crashReportFailed(state, action: PayloadAction<{ blocked: boolean }>) {
      state.crashReport = 'failed';
      state.reportingBlocked = action.payload.blocked;
    },
    feedbackSubmitted(state, _action: PayloadAction<Omit<FeedbackReport, 'kind'>>) {
      state.feedback = 'sending';
    },
    feedbackSent(state) {
      state.feedback = 'sent';
    },
    feedbackFailed(state, action: PayloadAction<{ blocked: boolean }>) {
      state.feedback = 'failed';
      state.reportingBlocked = action.payload.blocked;
    },
  },
});

export const clientErrorsActions = clientErrorsSlice.actions;
