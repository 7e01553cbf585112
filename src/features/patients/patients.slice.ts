// The patients screen (spec business-data §2): the grid's query and page, the patient selector's
// search, the reference lists of the new-patient pane, and the editor's save / merge / delete.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { AccessibleRegistry, InstituteSummary, RegistryDetails } from '../../api/dashboard';
import type { NewPatient, Patient, PatientChange } from '../../api/patients';
import { gridListReducers, initialGridList, type GridListState } from '../../common/dataGrid';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface SearchCriteria {
  term: string;
  registryId?: string;
  instituteId?: string;
}

/**
 * `conflict`: the insurance number belongs to another patient (409 patient_exists_different);
 * `hasData`: a delete was refused because the patient has attendances (409 patient_has_data).
 */
/** The server's 409 for an insurance number of a patient the user may not see (nothing about it is told). */
export const REGISTERED_ELSEWHERE = 'patient_registered_elsewhere';

export type EditorStatus = 'idle' | 'saving' | 'saved' | 'failed' | 'conflict' | 'hasData';

export interface PatientsState {
  list: GridListState<Patient>;
  search: { criteria: SearchCriteria | null; items: Patient[]; loading: boolean; error: ErrorState | null };
  references: { status: LoadStatus; registries: AccessibleRegistry[]; institutes: InstituteSummary[]; registryDetails: Record<string, RegistryDetails> };
  /** `kept`: the saved patient is an existing one the user chose over creating a new one. */
  editor: { status: EditorStatus; error: ErrorState | null; existingPatientId: string | null; saved: Patient | null; kept: boolean };
  /** The patient an attendance is started for from their page (`/?startFor=<id>`), once loaded. */
  startFor: Patient | null;
}

const initialState: PatientsState = {
  list: initialGridList<Patient>(),
  search: { criteria: null, items: [], loading: false, error: null },
  references: { status: 'idle', registries: [], institutes: [], registryDetails: {} },
  editor: { status: 'idle', error: null, existingPatientId: null, saved: null, kept: false },
  startFor: null,
};

export const patientsSlice = createSlice({
  name: 'patients',
  initialState,
  reducers: {
    ...gridListReducers<Patient>(),
    searchChanged(state, action: PayloadAction<SearchCriteria>) {
      state.search.criteria = action.payload;
      state.search.loading = action.payload.term.trim() !== '';
      state.search.error = null;
      if (!state.search.loading) state.search.items = [];
    },
    searchLoaded(state, action: PayloadAction<Patient[]>) {
      state.search = { ...state.search, items: action.payload, loading: false, error: null };
    },
    searchFailed(state, action: PayloadAction<ErrorState>) {
      state.search.loading = false;
      state.search.error = action.payload;
    },
    referencesRequested(state) {
      if (state.references.status !== 'ready') state.references.status = 'loading';
    },
    referencesLoaded(state, action: PayloadAction<{ registries: AccessibleRegistry[]; institutes: InstituteSummary[] }>) {
      state.references = { ...state.references, ...action.payload, status: 'ready' };
    },
    referencesFailed(state) {
      state.references.status = 'failed';
    },
    registryDetailsRequested(_state, _action: PayloadAction<string>) {},
    startForRequested(state, _action: PayloadAction<string>) {
      state.startFor = null;
    },
    startForLoaded(state, action: PayloadAction<Patient | null>) {
      state.startFor = action.payload;
    },
    registryDetailsLoaded(state, action: PayloadAction<RegistryDetails>) {
      state.references.registryDetails[action.payload.id] = action.payload;
    },
    createRequested(state, _action: PayloadAction<{ instituteId: string; patient: NewPatient }>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    updateRequested(state, _action: PayloadAction<{ id: string; registryId: string; change: PatientChange }>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    /** `sourceId` is merged into `targetId`: its attendances move there and it is removed. */
    mergeRequested(state, _action: PayloadAction<{ sourceId: string; targetId: string; change?: PatientChange }>) {
      state.editor = { ...state.editor, status: 'saving', error: null };
    },
    deleteRequested(state, _action: PayloadAction<{ id: string; mergeInto?: string }>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    /** Create-conflict answer: keep the existing patient and show it instead of a new one. */
    existingPatientAdopted(state, _action: PayloadAction<string>) {
      state.editor = { ...state.editor, status: 'saving', error: null };
    },
    saved(state, action: PayloadAction<Patient | null>) {
      state.editor = { status: 'saved', error: null, existingPatientId: null, saved: action.payload, kept: false };
    },
    existingPatientKept(state, action: PayloadAction<Patient>) {
      state.editor = { status: 'saved', error: null, existingPatientId: null, saved: action.payload, kept: true };
    },
    saveFailed(state, action: PayloadAction<ErrorState>) {
      state.editor = { ...initialState.editor, status: 'failed', error: action.payload };
    },
    conflicted(state, action: PayloadAction<{ error: ErrorState; existingPatientId: string | null }>) {
      state.editor = { ...initialState.editor, status: 'conflict', error: action.payload.error, existingPatientId: action.payload.existingPatientId };
    },
    deleteRefusedHasData(state, action: PayloadAction<ErrorState>) {
      state.editor = { ...initialState.editor, status: 'hasData', error: action.payload };
    },
    editorReset(state) {
      state.editor = initialState.editor;
    },
    signedOut() {
      return initialState;
    },
  },
});

export const patientsActions = patientsSlice.actions;
