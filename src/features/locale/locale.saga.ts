// Keeps the page's lang attribute and the stored preference in step with the chosen language.
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, takeEvery } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Locale } from '../../i18n/catalogues';
import { localeActions } from './locale.slice';
import { storeLocale } from './resolveLocale';

export function applyDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = locale;
}

function* apply(action: PayloadAction<Locale>): SagaIterator {
  yield call(storeLocale, action.payload);
  yield call(applyDocumentLanguage, action.payload);
}

export function* localeSaga(): SagaIterator {
  yield takeEvery([localeActions.changed.type, localeActions.preferenceLoaded.type], apply);
}
