// The data import screens (spec business-data §2): the new job form's choices and its start, the
// caller's job list, and the job opened in the detail page (polled while it runs).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AccessibleRegistry } from '../../api/dashboard';
import type { ImportJob } from '../../api/dataImport';
import type { ErrorState } from '../../api/errors';
import type { FormType } from '../../api/registries';

/** The step of a start: the file travels first, then the job is posted. */
export type SubmitStep = 'uploading' | 'posting';
export type JobAction = 'commit' | 'cancel';

export interface DataImportState {
  /** Registries where the caller may create or edit forms (the only ones an import may write to). */
  registries: AccessibleRegistry[] | null;
  registriesError: ErrorState | null;
  /** The form types of the chosen registry. */
  formTypes: { registryId: string; items: FormType[] } | null;
  formTypesError: ErrorState | null;
  submitting: SubmitStep | null;
  submitError: ErrorState | null;
  templateDownloading: boolean;
  templateError: ErrorState | null;
  jobs: ImportJob[];
  total: number;
  page: { offset: number; limit: number };
  jobsLoading: boolean;
  jobsError: ErrorState | null;
  clearing: boolean;
  clearError: ErrorState | null;
  /** How many failed jobs the last "Clear failed jobs" deleted. */
  cleared: number | null;
  /** The job of the detail page. */
  job: ImportJob | null;
  jobError: ErrorState | null;
  action: JobAction | null;
  actionError: ErrorState | null;
}

const initialState: DataImportState = {
  registries: null,
  registriesError: null,
  formTypes: null,
  formTypesError: null,
  submitting: null,
  submitError: null,
  templateDownloading: false,
  templateError: null,
  jobs: [],
  total: 0,
  page: { offset: 0, limit: 20 },
  jobsLoading: false,
  jobsError: null,
  clearing: false,
  clearError: null,
  cleared: null,
  job: null,
  jobError: null,
  action: null,
  actionError: null,
};

export const dataImportSlice = createSlice({
  name: 'dataImport',
  initialState,
  reducers: {
    newJobOpened(state) {
      state.registriesError = null;
      state.submitError = null;
      state.templateError = null;
      state.submitting = null;
    },
    registriesLoaded(state, action: PayloadAction<AccessibleRegistry[]>) {
      state.registries = action.payload;
    },
    registriesFailed(state, action: PayloadAction<ErrorState>) {
      state.registriesError = action.payload;
    },
    registryChosen(state, action: PayloadAction<string | null>) {
      state.formTypesError = null;
      if (state.formTypes?.registryId !== action.payload) state.formTypes = null;
    },
    formTypesLoaded(state, action: PayloadAction<{ registryId: string; items: FormType[] }>) {
      state.formTypes = action.payload;
    },
    formTypesFailed(state, action: PayloadAction<ErrorState>) {
      state.formTypesError = action.payload;
    },
    submitStep(state, action: PayloadAction<SubmitStep>) {
      state.submitting = action.payload;
      state.submitError = null;
    },
    submitFailed(state, action: PayloadAction<ErrorState>) {
      state.submitting = null;
      state.submitError = action.payload;
    },
    jobCreated(state, action: PayloadAction<ImportJob>) {
      state.submitting = null;
      state.job = action.payload;
    },
    templateRequested(state, _action: PayloadAction<{ formTypeId: number; version: number; shortName: string }>) {
      state.templateDownloading = true;
      state.templateError = null;
    },
    templateDone(state) {
      state.templateDownloading = false;
    },
    templateFailed(state, action: PayloadAction<ErrorState>) {
      state.templateDownloading = false;
      state.templateError = action.payload;
    },
    jobsOpened(state) {
      state.jobsLoading = true;
      state.jobsError = null;
      state.clearError = null;
      state.cleared = null;
    },
    jobsClosed() {},
    /** Load the list again (after clearing), replacing the running refresh. */
    jobsReloaded() {},
    jobsPageChanged(state, action: PayloadAction<{ offset: number; limit: number }>) {
      state.page = action.payload;
      state.jobsLoading = true;
    },
    jobsLoaded(state, action: PayloadAction<{ jobs: ImportJob[]; total: number }>) {
      state.jobs = action.payload.jobs;
      state.total = action.payload.total;
      state.jobsLoading = false;
      state.jobsError = null;
    },
    jobsFailed(state, action: PayloadAction<ErrorState>) {
      state.jobsLoading = false;
      state.jobsError = action.payload;
    },
    clearFailedRequested(state) {
      state.clearing = true;
      state.clearError = null;
      state.cleared = null;
    },
    clearFailedDone(state, action: PayloadAction<number>) {
      state.clearing = false;
      state.cleared = action.payload;
    },
    clearFailedFailed(state, action: PayloadAction<ErrorState>) {
      state.clearing = false;
      state.clearError = action.payload;
    },
    jobOpened(state, action: PayloadAction<string>) {
      if (state.job?.id !== action.payload) state.job = null;
      state.jobError = null;
      state.actionError = null;
      state.action = null;
    },
    jobClosed() {},
    /** Watch the opened job again (after a commit or cancel), keeping the action's outcome. */
    jobWatched(_state, _action: PayloadAction<string>) {},
    jobUpdated(state, action: PayloadAction<ImportJob>) {
      // A poll answer keeps the report's errors it already has when the answer omits them.
      const errors = action.payload.errors ?? (state.job?.id === action.payload.id ? state.job.errors : undefined);
      state.job = errors === undefined ? action.payload : { ...action.payload, errors };
    },
    jobFailed(state, action: PayloadAction<ErrorState>) {
      state.jobError = action.payload;
    },
    actionRequested(state, action: PayloadAction<{ id: string; action: JobAction }>) {
      state.action = action.payload.action;
      state.actionError = null;
    },
    actionDone(state) {
      state.action = null;
    },
    actionFailed(state, action: PayloadAction<ErrorState>) {
      state.action = null;
      state.actionError = action.payload;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const dataImportActions = dataImportSlice.actions;
