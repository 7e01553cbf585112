// Loads the preferences after sign-in (the stored language wins over the browser's), saves
// changes, and sends a language chosen while signed in to the profile.
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { postPasswordChange } from '../../api/passwords';
import { getProfileSettings, patchProfileSettings, type ProfileSettings, type ProfileSettingsChange } from '../../api/profile';
import type { Locale } from '../../i18n/catalogues';
import { authActions } from '../auth/auth.slice';
import { selectIsLoggedIn } from '../auth/auth.selectors';
import { localeActions } from '../locale/locale.slice';
import { selectLocale } from '../locale/locale.selectors';
import { mfaActions } from '../mfa/mfaSetup.slice';
import { profileActions, type PasswordChange } from './profile.slice';

function* load(): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: ProfileSettings[] }> = yield call(callApi, getProfileSettings());
    const settings = data.results[0];
    yield put(profileActions.loaded(settings));
    // Spec auth §9: a stored preference wins; without one the browser's language stays.
    const current: Locale = yield select(selectLocale);
    if (settings.saved && settings.locale !== current) yield put(localeActions.preferenceLoaded(settings.locale));
  } catch (error) {
    yield put(profileActions.loadFailed(toErrorState(error)));
  }
}

function* save(change: ProfileSettingsChange): SagaIterator {
  try {
    const { data }: ApiResponse<{ results: ProfileSettings[] }> = yield call(callApi, patchProfileSettings(change));
    yield put(profileActions.loaded(data.results[0]));
  } catch (error) {
    yield put(profileActions.loadFailed(toErrorState(error)));
  }
}

/** The language in use is saved with any preference: it is what the user reads the app in. */
function* saveChange(action: PayloadAction<ProfileSettingsChange>): SagaIterator {
  const locale: Locale = yield select(selectLocale);
  yield call(save, { locale, ...action.payload });
}

function* saveChosenLocale(action: PayloadAction<Locale>): SagaIterator {
  const loggedIn: boolean = yield select(selectIsLoggedIn);
  if (loggedIn) yield call(save, { locale: action.payload });
}

function* changePassword(action: PayloadAction<PasswordChange>): SagaIterator {
  const { currentPassword, password, passwordConfirmation } = action.payload;
  try {
    yield call(callApi, postPasswordChange(currentPassword, password, passwordConfirmation));
    yield put(profileActions.passwordChangeSucceeded());
  } catch (error) {
    yield put(profileActions.passwordChangeFailed(toErrorState(error)));
  }
}

function* clear(): SagaIterator {
  yield put(profileActions.signedOut());
}

export function* profileSaga(): SagaIterator {
  yield takeLatest(
    [
      authActions.passwordAuthSucceeded.type,
      authActions.mfaAuthSucceeded.type,
      authActions.sessionRestored.type,
      profileActions.loadRequested.type,
      // MFA turned on or off changes the MFA section.
      mfaActions.recoveryKeysConfirmed.type,
      mfaActions.disableSucceeded.type,
    ],
    load,
  );
  yield takeLatest(profileActions.changeRequested.type, saveChange);
  yield takeLatest(localeActions.changed.type, saveChosenLocale);
  yield takeLatest(profileActions.passwordChangeRequested.type, changePassword);
  yield takeEvery([authActions.logoutRequested.type, authActions.sessionExpired.type], clear);
}
