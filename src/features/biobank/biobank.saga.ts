// Loads the sample list (filters and a scanned sample number), the reference lists, the biobank
// card and a patient's samples; sample pages, saving and linking live in biobankSample.saga.ts.
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, debounce, fork, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import {
  getBioSample,
  getBioSampleBoxes,
  getBioSamplePatients,
  getBioSamples,
  getBioSampleTypes,
  getInstituteBiobankSummary,
  getPatientBioSamples,
  getPermittedBioSampleRegistries,
  type BioSample,
  type BioSampleBox,
  type BioSampleListQuery,
  type BioSamplePatient,
  type BioSampleType,
} from '../../api/bioSamples';
import { gridQueryToParams, type GridQuery } from '../../common/dataGrid';
import { getAccessibleRegistries, type AccessibleRegistry } from '../../api/dashboard';
import { authActions } from '../auth/auth.slice';
import { biobankActions, type BiobankScope, type BiobankState } from './biobank.slice';
import type { BiobankSummary, BioSampleFilters, PermittedBioSampleRegistry } from './biobank.types';
import { biobankSampleSaga } from './biobankSample.saga';
import { selectBiobank } from './biobank.selectors';

interface ListAnswer<T> {
  results: T[];
  statistics?: { total: number };
}

/** The grid's page and order with the filter bar's fields, as the contract's list query. */
export function toListQuery(query: GridQuery, filters: BioSampleFilters): BioSampleListQuery {
  const params = gridQueryToParams({ ...query, filter: [] });
  const wanted = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
  return { offset: Number(params.offset), limit: Number(params.limit), statistics: true, ...(params.sort ? { sort: params.sort } : {}), ...wanted };
}

function* loadList(): SagaIterator {
  const { scope, list, filters }: BiobankState = yield select(selectBiobank);
  if (!list.query) return;
  try {
    const { data }: ApiResponse<ListAnswer<BioSample>> = yield call(callApi, getBioSamples(scope, toListQuery(list.query, filters)));
    yield put(biobankActions.listLoaded({ items: data.results, total: data.statistics?.total ?? data.results.length }));
  } catch (error) {
    yield put(biobankActions.listFailed(toErrorState(error)));
  }
}

/**
 * A scanner types the whole sample number and Enter: the sample with exactly that number opens.
 * Anything else narrows the list to what the search finds, so a typed fragment still helps.
 */
function* scan(action: PayloadAction<string>): SagaIterator {
  const term = action.payload.trim();
  if (term === '') return;
  const { scope, filters }: BiobankState = yield select(selectBiobank);
  try {
    const { data }: ApiResponse<ListAnswer<BioSample>> = yield call(callApi, getBioSamples(scope, { search: term, offset: 0, limit: 5 }));
    const exact = data.results.find((sample) => sample.sampleNumber.toLowerCase() === term.toLowerCase());
    yield put(biobankActions.scanFinished(exact?.id ?? null));
    if (!exact) yield put(biobankActions.filtersChanged({ ...filters, search: term }));
  } catch {
    yield put(biobankActions.scanFinished(null));
  }
}

function* loadReferences(action: PayloadAction<BiobankScope>): SagaIterator {
  const instituteId = action.payload;
  try {
    const types: ApiResponse<ListAnswer<BioSampleType>> = yield call(callApi, getBioSampleTypes());
    let boxes: BioSampleBox[] | undefined;
    let registries: PermittedBioSampleRegistry[] = [];
    if (instituteId === null) {
      // The central biobank works in every registry the caller can see; its boxes come with each sample.
      const { data }: ApiResponse<ListAnswer<AccessibleRegistry>> = yield call(callApi, getAccessibleRegistries());
      registries = data.results.map((r) => ({ id: r.id, shortName: r.shortName, name: r.name }));
    } else {
      const [boxAnswer, registryAnswer]: [ApiResponse<ListAnswer<BioSampleBox>>, ApiResponse<ListAnswer<PermittedBioSampleRegistry>>] = yield all([
        call(callApi, getBioSampleBoxes(instituteId)),
        call(callApi, getPermittedBioSampleRegistries(instituteId)),
      ]);
      boxes = boxAnswer.data.results;
      registries = registryAnswer.data.results;
    }
    yield put(biobankActions.referencesLoaded({ types: types.data.results, boxes, registries }));
  } catch {
    yield put(biobankActions.referencesFailed());
  }
}

function* loadSummary(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: BiobankSummary[] } | BiobankSummary> = yield call(callApi, getInstituteBiobankSummary(action.payload));
    // A single-item answer is the first element of results (spec §7); a bare object is taken as it is.
    yield put(biobankActions.summaryLoaded('results' in data ? data.results[0] : data));
  } catch {
    yield put(biobankActions.summaryFailed());
  }
}

function* loadPatientSamples(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<ListAnswer<BioSample>> = yield call(callApi, getPatientBioSamples(action.payload));
    yield put(biobankActions.patientSamplesLoaded(data.results));
  } catch {
    yield put(biobankActions.patientSamplesFailed());
  }
}

/** The samples whose labels are printed, read one by one (a label sheet holds a few dozen at most). */
function* loadLabels(action: PayloadAction<{ scope: BiobankScope; ids: string[] }>): SagaIterator {
  try {
    const answers: ApiResponse<ListAnswer<BioSample>>[] = yield all(action.payload.ids.map((id) => call(callApi, getBioSample(action.payload.scope, id))));
    yield put(biobankActions.labelsLoaded(answers.map((answer) => answer.data.results[0])));
  } catch {
    yield put(biobankActions.labelsFailed());
  }
}

/** Typing pauses this long before the look-up asks the server (as the patient selector does). */
const LOOKUP_DEBOUNCE_MS = 300;
const LOOKUP_LIMIT = 20;

function* lookUpPatients(action: PayloadAction<{ search: string; registryId?: string }>): SagaIterator {
  try {
    const { search, registryId } = action.payload;
    const { data }: ApiResponse<ListAnswer<BioSamplePatient>> = yield call(callApi, getBioSamplePatients({ search, limit: LOOKUP_LIMIT, ...(registryId ? { registryId } : {}) }));
    yield put(biobankActions.patientLookupLoaded(data.results));
  } catch {
    yield put(biobankActions.patientLookupFailed());
  }
}

function* clear(): SagaIterator {
  yield put(biobankActions.signedOut());
}

export function* biobankSaga(): SagaIterator {
  yield takeLatest([biobankActions.listQueryChanged.type, biobankActions.listRetried.type, biobankActions.filtersChanged.type], loadList);
  yield takeLatest(biobankActions.scanSubmitted.type, scan);
  yield takeLatest(biobankActions.referencesRequested.type, loadReferences);
  yield takeLatest(biobankActions.summaryRequested.type, loadSummary);
  yield takeLatest(biobankActions.patientSamplesRequested.type, loadPatientSamples);
  yield takeLatest(biobankActions.labelsRequested.type, loadLabels);
  yield debounce(LOOKUP_DEBOUNCE_MS, biobankActions.patientLookupChanged.type, lookUpPatients);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
  yield fork(biobankSampleSaga);
}
