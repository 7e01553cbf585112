// The biobank screens (spec business-data §2 Bio samples, central biobank, institute biobank card;
// issue 16): the sample list with its filters and the scanner search, the reference lists (types,
// boxes, permitted registries), the open sample with its family, history and box, the editor, the
// dashboard card, a patient's samples and a form's samples.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { BioSample, BioSampleBox, BioSampleHistoryEntry, BioSampleInput, BioSamplePatient, BioSampleType } from '../../api/bioSamples';
import type { FormSummary } from '../../api/attendances';
import { gridListReducers, initialGridList, type GridListState } from '../../common/dataGrid';
import type { BiobankSummary, BioSampleFilters, PermittedBioSampleRegistry } from './biobank.types';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';
/** `instituteId` null: the central biobank (every institute, the *_admin_bio_sample codes). */
export type BiobankScope = string | null;

export interface BiobankState {
  scope: BiobankScope;
  list: GridListState<BioSample>;
  filters: BioSampleFilters;
  /** A scanned sample number: `openId` is the sample to open, `notFound` when none has that number. */
  scan: { status: 'idle' | 'looking' | 'notFound'; openId: string | null; term: string };
  references: { status: LoadStatus; types: BioSampleType[]; boxes: BioSampleBox[]; registries: PermittedBioSampleRegistry[] };
  /** The open sample, the other samples of its patient (lineage, ancestor choices), its custody chain and the patient's forms. */
  sample: { status: LoadStatus; item: BioSample | null; family: BioSample[]; history: BioSampleHistoryEntry[]; forms: FormSummary[]; error: ErrorState | null; linkError: ErrorState | null };
  box: { status: LoadStatus; item: BioSampleBox | null };
  /** `positionTaken`: the server refused the position (409), the map is reloaded. */
  editor: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: ErrorState | null; saved: BioSample | null; positionTaken: boolean };
  summary: { status: LoadStatus; data: BiobankSummary | null };
  patient: { patientId: string | null; status: LoadStatus; items: BioSample[] };
  labels: { status: LoadStatus; items: BioSample[] };
  /** The new-sample form's patient look-up (GET /bio-sample-patients): patients where the user may register samples. */
  patientLookup: { status: LoadStatus; items: BioSamplePatient[] };
  form: { formId: string | null; patientId: string | null; status: LoadStatus; attached: BioSample[]; attachable: BioSample[]; error: ErrorState | null };
}

const initialState: BiobankState = {
  scope: null,
  list: initialGridList<BioSample>(),
  filters: {},
  scan: { status: 'idle', openId: null, term: '' },
  references: { status: 'idle', types: [], boxes: [], registries: [] },
  sample: { status: 'idle', item: null, family: [], history: [], forms: [], error: null, linkError: null },
  box: { status: 'idle', item: null },
  editor: { status: 'idle', error: null, saved: null, positionTaken: false },
  summary: { status: 'idle', data: null },
  patient: { patientId: null, status: 'idle', items: [] },
  labels: { status: 'idle', items: [] },
  patientLookup: { status: 'idle', items: [] },
  form: { formId: null, patientId: null, status: 'idle', attached: [], attachable: [], error: null },
};

export interface SaveRequest {
  scope: BiobankScope;
  /** null: a new sample. */
  id: string | null;
  input: Partial<BioSampleInput>;
}

export const biobankSlice = createSlice({
  name: 'biobank',
  initialState,
  reducers: {
    ...gridListReducers<BioSample>(),
    /** A list screen opened for an institute or (null) the central biobank; filters start empty. */
    scopeChanged(state, action: PayloadAction<BiobankScope>) {
      if (state.scope !== action.payload) {
        state.scope = action.payload;
        state.filters = {};
        state.list = initialGridList<BioSample>();
        state.references = initialState.references;
      }
    },
    filtersChanged(state, action: PayloadAction<BioSampleFilters>) {
      state.filters = action.payload;
      state.list.loading = true;
      if (state.list.query) state.list.query = { ...state.list.query, offset: 0 };
    },
    scanSubmitted(state, action: PayloadAction<string>) {
      state.scan = { status: 'looking', openId: null, term: action.payload.trim() };
    },
    scanFinished(state, action: PayloadAction<string | null>) {
      state.scan = { ...state.scan, status: action.payload ? 'idle' : 'notFound', openId: action.payload };
    },
    scanConsumed(state) {
      state.scan = initialState.scan;
    },
    referencesRequested(state, _action: PayloadAction<BiobankScope>) {
      if (state.references.status !== 'ready') state.references.status = 'loading';
    },
    /** Without `boxes` (the central biobank) the boxes of the open sample's institute stay. */
    referencesLoaded(state, action: PayloadAction<{ types: BioSampleType[]; registries: PermittedBioSampleRegistry[]; boxes?: BioSampleBox[] }>) {
      state.references = { ...action.payload, boxes: action.payload.boxes ?? state.references.boxes, status: 'ready' };
    },
    /** The boxes of the open sample's institute (the central biobank has no institute of its own). */
    boxesLoaded(state, action: PayloadAction<BioSampleBox[]>) {
      state.references.boxes = action.payload;
    },
    referencesFailed(state) {
      state.references.status = 'failed';
    },
    sampleRequested(state, action: PayloadAction<{ scope: BiobankScope; id: string }>) {
      const same = state.sample.item?.id === action.payload.id;
      state.sample = same ? { ...state.sample, status: 'loading', error: null, linkError: null } : { ...initialState.sample, status: 'loading' };
    },
    sampleLoaded(state, action: PayloadAction<Omit<BiobankState['sample'], 'status' | 'error' | 'linkError'>>) {
      state.sample = { ...action.payload, status: 'ready', error: null, linkError: state.sample.linkError };
    },
    sampleFailed(state, action: PayloadAction<ErrorState>) {
      state.sample = { ...initialState.sample, status: 'failed', error: action.payload };
    },
    boxRequested(state, _action: PayloadAction<{ instituteId: string; boxId: string }>) {
      state.box.status = 'loading';
    },
    boxLoaded(state, action: PayloadAction<BioSampleBox>) {
      state.box = { status: 'ready', item: action.payload };
    },
    boxFailed(state) {
      state.box = { status: 'failed', item: null };
    },
    saveRequested(state, _action: PayloadAction<SaveRequest>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    deleteRequested(state, _action: PayloadAction<string>) {
      state.editor = { ...initialState.editor, status: 'saving' };
    },
    /** null: the sample was deleted. */
    saved(state, action: PayloadAction<BioSample | null>) {
      state.editor = { ...initialState.editor, status: 'saved', saved: action.payload };
      if (action.payload && state.sample.item?.id === action.payload.id) state.sample.item = action.payload;
    },
    saveFailed(state, action: PayloadAction<{ error: ErrorState; positionTaken: boolean }>) {
      state.editor = { ...initialState.editor, status: 'failed', ...action.payload };
    },
    editorReset(state) {
      state.editor = initialState.editor;
    },
    summaryRequested(state, _action: PayloadAction<string>) {
      state.summary.status = 'loading';
    },
    summaryLoaded(state, action: PayloadAction<BiobankSummary>) {
      state.summary = { status: 'ready', data: action.payload };
    },
    summaryFailed(state) {
      state.summary = { status: 'failed', data: null };
    },
    patientSamplesRequested(state, action: PayloadAction<string>) {
      state.patient = { patientId: action.payload, status: 'loading', items: state.patient.patientId === action.payload ? state.patient.items : [] };
    },
    patientSamplesLoaded(state, action: PayloadAction<BioSample[]>) {
      state.patient = { ...state.patient, status: 'ready', items: action.payload };
    },
    patientSamplesFailed(state) {
      state.patient.status = 'failed';
    },
    /** A form's panel: the samples of its patient attached to it, and those that may be. */
    formSamplesRequested(state, action: PayloadAction<{ formId: string; patientId: string }>) {
      const same = state.form.formId === action.payload.formId;
      state.form = { ...(same ? state.form : initialState.form), formId: action.payload.formId, patientId: action.payload.patientId, status: 'loading', error: null };
    },
    formSamplesLoaded(state, action: PayloadAction<{ attached: BioSample[]; attachable: BioSample[] }>) {
      state.form = { ...state.form, ...action.payload, status: 'ready', error: null };
    },
    formSamplesFailed(state, action: PayloadAction<ErrorState>) {
      state.form = { ...state.form, status: 'failed', error: action.payload };
    },
    attachRequested(state, _action: PayloadAction<{ formId: string; sampleId: string }>) {
      state.form.error = null;
      state.sample.linkError = null;
    },
    detachRequested(state, _action: PayloadAction<{ formId: string; sampleId: string }>) {
      state.form.error = null;
      state.sample.linkError = null;
    },
    /** "There was an error in the linking process!" (or the server's reason), shown where the link was asked for. */
    linkFailed(state, action: PayloadAction<ErrorState>) {
      state.form.error = action.payload;
      state.sample.linkError = action.payload;
    },
    labelsRequested(state, _action: PayloadAction<{ scope: BiobankScope; ids: string[] }>) {
      state.labels = { status: 'loading', items: [] };
    },
    labelsLoaded(state, action: PayloadAction<BioSample[]>) {
      state.labels = { status: 'ready', items: action.payload };
    },
    labelsFailed(state) {
      state.labels = { status: 'failed', items: [] };
    },
    patientLookupChanged(state, _action: PayloadAction<{ search: string; registryId?: string }>) {
      state.patientLookup.status = 'loading';
    },
    patientLookupLoaded(state, action: PayloadAction<BioSamplePatient[]>) {
      state.patientLookup = { status: 'ready', items: action.payload };
    },
    patientLookupFailed(state) {
      state.patientLookup = { status: 'failed', items: [] };
    },
    signedOut() {
      return initialState;
    },
  },
});

export const biobankActions = biobankSlice.actions;
