// The data export page: what the user may export, the export being started, the job being watched
// (its progress, polled) and the user's recent exports.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExportJob, ExportOptions } from '../../api/dataExport';
import type { ErrorState } from '../../api/errors';
import type { ExportParameters } from '../../domain/export/exportParameters';

export interface DataExportState {
  options: ExportOptions | null;
  optionsError: ErrorState | null;
  submitting: boolean;
  /** The refused start (400 with field errors, or another error). */
  submitError: ErrorState | null;
  /** The job the page watches (the one just started, or one opened from the list or the mail's link). */
  watchedId: string | null;
  jobs: ExportJob[];
  jobsLoading: boolean;
  jobsError: ErrorState | null;
  /** Job ids whose file is being fetched. */
  downloading: string[];
  downloadError: ErrorState | null;
}

const initialState: DataExportState = {
  options: null,
  optionsError: null,
  submitting: false,
  submitError: null,
  watchedId: null,
  jobs: [],
  jobsLoading: false,
  jobsError: null,
  downloading: [],
  downloadError: null,
};

function upsert(jobs: ExportJob[], job: ExportJob): ExportJob[] {
  return jobs.some((j) => j.id === job.id) ? jobs.map((j) => (j.id === job.id ? job : j)) : [job, ...jobs];
}

export const dataExportSlice = createSlice({
  name: 'dataExport',
  initialState,
  reducers: {
    /** `jobId`: watch this job (the mail's link opens the page with ?job=). */
    pageOpened(state, action: PayloadAction<{ jobId: string | null }>) {
      state.optionsError = null;
      state.jobsLoading = true;
      state.jobsError = null;
      state.submitError = null;
      state.downloadError = null;
      if (action.payload.jobId) state.watchedId = action.payload.jobId;
    },
    pageClosed(state) {
      state.watchedId = null;
    },
    optionsLoaded(state, action: PayloadAction<ExportOptions>) {
      state.options = action.payload;
    },
    optionsFailed(state, action: PayloadAction<ErrorState>) {
      state.optionsError = action.payload;
    },
    jobsLoaded(state, action: PayloadAction<ExportJob[]>) {
      state.jobs = action.payload;
      state.jobsLoading = false;
    },
    jobsFailed(state, action: PayloadAction<ErrorState>) {
      state.jobsLoading = false;
      state.jobsError = action.payload;
    },
    exportRequested(state, _action: PayloadAction<ExportParameters>) {
      state.submitting = true;
      state.submitError = null;
    },
    exportStarted(state, action: PayloadAction<ExportJob>) {
      state.submitting = false;
      state.watchedId = action.payload.id;
      state.jobs = upsert(state.jobs, action.payload);
    },
    exportFailed(state, action: PayloadAction<ErrorState>) {
      state.submitting = false;
      state.submitError = action.payload;
    },
    jobWatched(state, action: PayloadAction<string>) {
      state.watchedId = action.payload;
    },
    jobUpdated(state, action: PayloadAction<ExportJob>) {
      state.jobs = upsert(state.jobs, action.payload);
    },
    cancelRequested(_state, _action: PayloadAction<string>) {},
    downloadRequested(state, action: PayloadAction<string>) {
      state.downloadError = null;
      if (!state.downloading.includes(action.payload)) state.downloading.push(action.payload);
    },
    downloadDone(state, action: PayloadAction<string>) {
      state.downloading = state.downloading.filter((id) => id !== action.payload);
    },
    downloadFailed(state, action: PayloadAction<{ id: string; error: ErrorState }>) {
      state.downloading = state.downloading.filter((id) => id !== action.payload.id);
      state.downloadError = action.payload.error;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const dataExportActions = dataExportSlice.actions;
