// One sample: its page (the sample, its patient's other samples for the lineage and the ancestor
// choice, its chain of custody, the patient's forms to link to), its box, saving and deleting it,
// and attaching samples to forms (from the sample page and from the form page's panel).
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { ApiError, toErrorState } from '../../api/errors';
import type { FormSummary } from '../../api/attendances';
import {
  attachBioSample,
  deleteBioSample,
  detachBioSample,
  getAttachableBioSamples,
  getAttachableForms,
  getBioSample,
  getBioSampleBox,
  getBioSampleBoxes,
  getBioSampleHistory,
  getPatientBioSamples,
  postBioSample,
  putBioSample,
  type BioSample,
  type BioSampleBox,
  type BioSampleHistoryEntry,
  type BioSampleInput,
} from '../../api/bioSamples';
import { biobankActions, type BiobankScope, type BiobankState, type SaveRequest } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';

/** The server's code for a position another sample holds (server/biobank/bioSampleErrors.ts). */
export const POSITION_TAKEN = 'position_taken';

interface Results<T> {
  results: T[];
}

/** A part of the page that cannot be read (no attendance rights, say) is left empty, not an error. */
function* optional<T>(request: ReturnType<typeof getBioSample>, fallback: T[]): SagaIterator<T[]> {
  try {
    const { data }: ApiResponse<Partial<Results<T>>> = yield call(callApi, request);
    return data.results ?? fallback;
  } catch {
    return fallback;
  }
}

function* loadSample(action: PayloadAction<{ scope: BiobankScope; id: string }>): SagaIterator {
  const { scope, id } = action.payload;
  try {
    const { data }: ApiResponse<Results<BioSample>> = yield call(callApi, getBioSample(scope, id));
    const item = data.results[0];
    const [family, history, forms]: [BioSample[], BioSampleHistoryEntry[], FormSummary[]] = yield all([
      call(optional, getPatientBioSamples(item.patient.id), [item]),
      call(optional, getBioSampleHistory(id), []),
      // The server lists the forms the sample may join, also to biobank staff without registry access.
      call(optional, getAttachableForms(id), []),
    ]);
    // The storage panel reads the sample's box itself (it also reads the boxes chosen there).
    yield put(biobankActions.sampleLoaded({ item, family, history, forms }));
    if (scope === null) {
      const boxes: BioSampleBox[] = yield call(optional, getBioSampleBoxes(item.institute.id), []);
      yield put(biobankActions.boxesLoaded(boxes));
    }
  } catch (error) {
    yield put(biobankActions.sampleFailed(toErrorState(error)));
  }
}

function* loadBox(action: PayloadAction<{ instituteId: string; boxId: string }>): SagaIterator {
  try {
    const { data }: ApiResponse<Results<BioSampleBox>> = yield call(callApi, getBioSampleBox(action.payload.instituteId, action.payload.boxId));
    yield put(biobankActions.boxLoaded(data.results[0]));
  } catch {
    yield put(biobankActions.boxFailed());
  }
}

/** After a change: the list's current page and the open sample (its history grew) are read again. */
function* refresh(sampleId: string): SagaIterator {
  const { list, sample, scope }: BiobankState = yield select(selectBiobank);
  if (list.query) yield put(biobankActions.listRetried());
  if (sample.item && sample.item.id === sampleId) yield put(biobankActions.sampleRequested({ scope, id: sample.item.id }));
}

function* save(action: PayloadAction<SaveRequest>): SagaIterator {
  const { scope, id, input } = action.payload;
  try {
    const request = id === null ? postBioSample(scope, input as BioSampleInput) : putBioSample(scope, id, input);
    const { data }: ApiResponse<Results<BioSample>> = yield call(callApi, request);
    const sample = data.results[0];
    yield put(biobankActions.saved(sample));
    // A placement changes the box: its map is read again to show the sample where it now is.
    const { box }: BiobankState = yield select(selectBiobank);
    if (input.localization !== undefined && box.item) yield put(biobankActions.boxRequested({ instituteId: box.item.institute.id, boxId: input.localization?.boxId ?? box.item.id }));
    // A new derived sample changes its ancestor's lineage: an open ancestor page is read again.
    yield call(refresh, id ?? sample.ancestorSample?.id ?? '');
  } catch (error) {
    // Another sample took the position meanwhile (a stale version is a 409 too, told apart by code); the map is drawn again.
    const positionTaken = error instanceof ApiError && error.code === POSITION_TAKEN;
    yield put(biobankActions.saveFailed({ error: toErrorState(error), positionTaken }));
    const { box }: BiobankState = yield select(selectBiobank);
    if (positionTaken && box.item) yield put(biobankActions.boxRequested({ instituteId: box.item.institute.id, boxId: box.item.id }));
  }
}

function* remove(action: PayloadAction<string>): SagaIterator {
  try {
    yield call(callApi, deleteBioSample(action.payload));
    yield put(biobankActions.saved(null));
    const { list }: BiobankState = yield select(selectBiobank);
    if (list.query) yield put(biobankActions.listRetried());
  } catch (error) {
    yield put(biobankActions.saveFailed({ error: toErrorState(error), positionTaken: false }));
  }
}

function* loadFormSamples(action: PayloadAction<{ formId: string; patientId: string }>): SagaIterator {
  const { formId, patientId } = action.payload;
  try {
    const [own, attachable]: [ApiResponse<Results<BioSample>>, ApiResponse<Results<BioSample>>] = yield all([
      call(callApi, getPatientBioSamples(patientId)),
      call(callApi, getAttachableBioSamples(formId)),
    ]);
    const attached = own.data.results.filter((sample) => sample.connectedForms.some((form) => form.id === formId));
    yield put(biobankActions.formSamplesLoaded({ attached, attachable: attachable.data.results }));
  } catch (error) {
    yield put(biobankActions.formSamplesFailed(toErrorState(error)));
  }
}

function* link(action: PayloadAction<{ formId: string; sampleId: string }>): SagaIterator {
  const { formId, sampleId } = action.payload;
  const request = action.type === biobankActions.attachRequested.type ? attachBioSample(formId, sampleId) : detachBioSample(formId, sampleId);
  try {
    yield call(callApi, request);
  } catch (error) {
    yield put(biobankActions.linkFailed(toErrorState(error)));
    return;
  }
  const { form }: BiobankState = yield select(selectBiobank);
  if (form.formId === formId && form.patientId) yield put(biobankActions.formSamplesRequested({ formId, patientId: form.patientId }));
  yield call(refresh, sampleId);
}

export function* biobankSampleSaga(): SagaIterator {
  yield takeLatest(biobankActions.sampleRequested.type, loadSample);
  yield takeLatest(biobankActions.boxRequested.type, loadBox);
  yield takeLatest(biobankActions.saveRequested.type, save);
  yield takeLatest(biobankActions.deleteRequested.type, remove);
  yield takeLatest(biobankActions.formSamplesRequested.type, loadFormSamples);
  yield takeLatest([biobankActions.attachRequested.type, biobankActions.detachRequested.type], link);
}
