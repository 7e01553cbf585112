// Registries and form types administration (issue 13 items 3-4): the registries list, one
// registry in detail, one form type with its versions and the descriptor of the chosen version,
// a new version uploaded as JSON, and a REDCap import (preview, then confirm).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorState } from '../../api/errors';
import type { DescriptorVersion, FormType, RedcapImportAnswer, Registry } from '../../api/registries';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';
export type WriteStatus = 'idle' | 'working' | 'done' | 'failed';

export interface FormTypesState {
  registries: { status: LoadStatus; items: Registry[]; error: ErrorState | null };
  registry: { status: LoadStatus; item: Registry | null; error: ErrorState | null };
  formType: {
    status: LoadStatus;
    item: FormType | null;
    versions: DescriptorVersion[];
    /** The version and locale shown in the section list and the preview, and its raw document. */
    chosen: { version: number; locale: string } | null;
    descriptor: Record<string, unknown> | null;
    error: ErrorState | null;
  };
  upload: { status: WriteStatus; error: ErrorState | null };
  redcap: { status: WriteStatus; answer: RedcapImportAnswer | null; error: ErrorState | null };
}

const initialState: FormTypesState = {
  registries: { status: 'idle', items: [], error: null },
  registry: { status: 'idle', item: null, error: null },
  formType: { status: 'idle', item: null, versions: [], chosen: null, descriptor: null, error: null },
  upload: { status: 'idle', error: null },
  redcap: { status: 'idle', answer: null, error: null },
};

export const formTypesSlice = createSlice({
  name: 'formTypes',
  initialState,
  reducers: {
    registriesRequested(state) {
      state.registries = { ...state.registries, status: 'loading', error: null };
    },
    registriesLoaded(state, action: PayloadAction<Registry[]>) {
      state.registries = { status: 'ready', items: action.payload, error: null };
    },
    registriesFailed(state, action: PayloadAction<ErrorState>) {
      state.registries = { ...state.registries, status: 'failed', error: action.payload };
    },
    registryRequested(state, _action: PayloadAction<string>) {
      state.registry = { status: 'loading', item: null, error: null };
    },
    registryLoaded(state, action: PayloadAction<Registry>) {
      state.registry = { status: 'ready', item: action.payload, error: null };
    },
    registryFailed(state, action: PayloadAction<ErrorState>) {
      state.registry = { status: 'failed', item: null, error: action.payload };
    },
    formTypeRequested(state, _action: PayloadAction<{ id: number; locale: string }>) {
      state.formType = { ...initialState.formType, status: 'loading' };
      state.upload = initialState.upload;
      state.redcap = initialState.redcap;
    },
    formTypeLoaded(state, action: PayloadAction<{ item: FormType; versions: DescriptorVersion[] }>) {
      state.formType = { ...state.formType, ...action.payload, status: 'ready', error: null };
    },
    formTypeFailed(state, action: PayloadAction<ErrorState>) {
      state.formType = { ...state.formType, status: 'failed', error: action.payload };
    },
    /** Shows another version (or locale) of the open form type. */
    versionChosen(state, action: PayloadAction<{ version: number; locale: string }>) {
      state.formType.chosen = action.payload;
      state.formType.descriptor = null;
    },
    descriptorLoaded(state, action: PayloadAction<Record<string, unknown>>) {
      state.formType.descriptor = action.payload;
    },
    uploadRequested(state, _action: PayloadAction<{ id: number; descriptors: unknown[] }>) {
      state.upload = { status: 'working', error: null };
    },
    uploadDone(state, action: PayloadAction<FormType>) {
      state.upload = { status: 'done', error: null };
      state.formType.item = action.payload;
    },
    uploadFailed(state, action: PayloadAction<ErrorState>) {
      state.upload = { status: 'failed', error: action.payload };
    },
    redcapRequested(state, _action: PayloadAction<{ id: number; csv: string; confirm: boolean }>) {
      state.redcap = { ...state.redcap, status: 'working', error: null };
    },
    redcapAnswered(state, action: PayloadAction<RedcapImportAnswer>) {
      state.redcap = { status: action.payload.saved ? 'done' : 'idle', answer: action.payload, error: null };
    },
    redcapFailed(state, action: PayloadAction<ErrorState>) {
      state.redcap = { status: 'failed', answer: null, error: action.payload };
    },
    redcapCleared(state) {
      state.redcap = initialState.redcap;
    },
  },
});

export const formTypesActions = formTypesSlice.actions;
