// Loads registries and form types for the administration screens; a new version (JSON upload or
// a confirmed REDCap import) reloads the form type and shows the new version.
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import type { RootState } from '../../app/rootReducer';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { getFormDescriptor } from '../../api/forms';
import {
  getFormType,
  getFormTypeVersions,
  getRegistries,
  getRegistry,
  postFormVersion,
  postRedcapImport,
  type DescriptorVersion,
  type FormType,
  type RedcapImportAnswer,
  type Registry,
} from '../../api/registries';
import { formTypesActions } from './formTypes.slice';

interface Results<T> {
  results: T[];
}

function* loadRegistries(): SagaIterator {
  try {
    const { data }: ApiResponse<Results<Registry>> = yield call(callApi, getRegistries());
    yield put(formTypesActions.registriesLoaded(data.results));
  } catch (error) {
    yield put(formTypesActions.registriesFailed(toErrorState(error)));
  }
}

function* loadRegistry(action: PayloadAction<string>): SagaIterator {
  try {
    const { data }: ApiResponse<Results<Registry>> = yield call(callApi, getRegistry(action.payload));
    yield put(formTypesActions.registryLoaded(data.results[0]));
  } catch (error) {
    yield put(formTypesActions.registryFailed(toErrorState(error)));
  }
}

/** The form type, its versions, and the latest version in the wanted locale (else the type's first). */
function* loadFormType(id: number, locale: string): SagaIterator {
  const [one, versions]: [ApiResponse<Results<FormType>>, ApiResponse<Results<DescriptorVersion>>] = yield all([
    call(callApi, getFormType(id)),
    call(callApi, getFormTypeVersions(id)),
  ]);
  const item = one.data.results[0];
  yield put(formTypesActions.formTypeLoaded({ item, versions: versions.data.results }));
  const shown = item.locales.includes(locale) ? locale : (item.locales[0] ?? locale);
  yield put(formTypesActions.versionChosen({ version: item.lastVersion, locale: shown }));
}

function* openFormType(action: PayloadAction<{ id: number; locale: string }>): SagaIterator {
  try {
    yield call(loadFormType, action.payload.id, action.payload.locale);
  } catch (error) {
    yield put(formTypesActions.formTypeFailed(toErrorState(error)));
  }
}

const selectOpenId = (state: RootState): number | null => state.formTypes.formType.item?.id ?? null;

function* loadDescriptor(action: PayloadAction<{ version: number; locale: string }>): SagaIterator {
  const id: number | null = yield select(selectOpenId);
  if (id === null) return;
  try {
    const { data }: ApiResponse<Results<Record<string, unknown>>> = yield call(callApi, getFormDescriptor(id, action.payload.version, action.payload.locale));
    yield put(formTypesActions.descriptorLoaded(data.results[0]));
  } catch (error) {
    yield put(formTypesActions.formTypeFailed(toErrorState(error)));
  }
}

function* upload(action: PayloadAction<{ id: number; descriptors: unknown[] }>): SagaIterator {
  try {
    const { data }: ApiResponse<Results<FormType>> = yield call(callApi, postFormVersion(action.payload.id, action.payload.descriptors));
    yield call(reloadVersions, data.results[0]);
    yield put(formTypesActions.uploadDone(data.results[0]));
  } catch (error) {
    yield put(formTypesActions.uploadFailed(toErrorState(error)));
  }
}

function* reloadVersions(item: FormType): SagaIterator {
  const versions: ApiResponse<Results<DescriptorVersion>> = yield call(callApi, getFormTypeVersions(item.id));
  yield put(formTypesActions.formTypeLoaded({ item, versions: versions.data.results }));
  yield put(formTypesActions.versionChosen({ version: item.lastVersion, locale: item.locales[0] ?? 'hu' }));
}

function* redcap(action: PayloadAction<{ id: number; csv: string; confirm: boolean }>): SagaIterator {
  const { id, csv, confirm } = action.payload;
  try {
    const { data }: ApiResponse<Results<RedcapImportAnswer>> = yield call(callApi, postRedcapImport(id, csv, confirm));
    yield put(formTypesActions.redcapAnswered(data.results[0]));
    if (confirm) {
      const one: ApiResponse<Results<FormType>> = yield call(callApi, getFormType(id));
      yield call(reloadVersions, one.data.results[0]);
    }
  } catch (error) {
    yield put(formTypesActions.redcapFailed(toErrorState(error)));
  }
}

export function* formTypesSaga(): SagaIterator {
  yield takeLatest(formTypesActions.registriesRequested.type, loadRegistries);
  yield takeLatest(formTypesActions.registryRequested.type, loadRegistry);
  yield takeLatest(formTypesActions.formTypeRequested.type, openFormType);
  yield takeLatest(formTypesActions.versionChosen.type, loadDescriptor);
  yield takeLatest(formTypesActions.uploadRequested.type, upload);
  yield takeLatest(formTypesActions.redcapRequested.type, redcap);
}
