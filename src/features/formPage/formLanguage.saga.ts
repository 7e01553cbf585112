// A language switch with a form open: the page fetches the same descriptor version in the chosen
// language, and the engine relabels every field in place (FormEngine markRelabelled), keeping what
// the user typed. A failed fetch keeps the labels the form has: the form itself is not at risk.
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { getFormDescriptor } from '../../api/forms';
import type { Locale } from '../../i18n/catalogues';
import { localeActions } from '../locale/locale.slice';
import { formPageActions, type FormPageState } from './formPage.slice';
import { selectFormPage } from './formPage.selectors';

function* relabel(action: PayloadAction<Locale>): SagaIterator {
  const page: FormPageState = yield select(selectFormPage);
  const { form, formId } = page;
  if (!form || !formId || form.censored || !page.descriptor) return;
  const held = (page.descriptor as { locale?: string }).locale;
  if (held === action.payload) return;
  try {
    const answer: ApiResponse<{ results: unknown[] }> = yield call(callApi, getFormDescriptor(form.formTypeId, form.descriptorVersion, action.payload));
    const descriptor = answer.data.results[0];
    if (descriptor) yield put(formPageActions.descriptorRelabelled({ formId, descriptor }));
  } catch {
    // Keep the labels shown: the next load of the form brings the chosen language.
  }
}

export function* formLanguageSaga(): SagaIterator {
  yield takeLatest([localeActions.changed.type, localeActions.preferenceLoaded.type], relabel);
}
