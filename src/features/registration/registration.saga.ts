import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import type { ApiResponse } from '../../api/client';
import { toErrorState, type ErrorState } from '../../api/errors';
import {
  getCaptchaChallenge,
  getRegistrationInstitutes,
  postEmailConfirmation,
  postRegistration,
  postResendConfirmation,
  type RegistrationRequest,
} from '../../api/registration';
import { registrationActions, type CaptchaChallenge, type RegistrationInstitute } from './registration.slice';

function* loadInstitutes(): SagaIterator {
  try {
    const response: ApiResponse<{ results: RegistrationInstitute[] }> = yield call(callApi, getRegistrationInstitutes());
    yield put(registrationActions.institutesLoaded(response.data.results));
  } catch {
    yield put(registrationActions.institutesFailed());
  }
}

function* loadCaptcha(): SagaIterator {
  try {
    const response: ApiResponse<CaptchaChallenge> = yield call(callApi, getCaptchaChallenge());
    yield put(registrationActions.captchaLoaded(response.data));
  } catch {
    yield put(registrationActions.captchaFailed());
  }
}

/**
 * The server spends a captcha solution only on an otherwise valid form (so that fixing a typo
 * needs no new puzzle), but a refused solution, a duplicate address (checked after the captcha)
 * or a failure without field errors may have used it up: then the user needs a new challenge.
 */
export function captchaSpent(error: ErrorState): boolean {
  const errors = error.errors ?? [];
  return errors.length === 0 || errors.some((fieldError) => fieldError.path === 'altcha' || fieldError.key === 'api.unique');
}

function* register(action: PayloadAction<RegistrationRequest>): SagaIterator {
  try {
    const response: ApiResponse<{ results: Array<{ id: string; email: string }> }> = yield call(callApi, postRegistration(action.payload));
    const [user] = response.data.results;
    yield put(registrationActions.registered({ id: user.id, email: user.email }));
  } catch (error) {
    const state = toErrorState(error);
    yield put(registrationActions.registrationFailed(state));
    if (captchaSpent(state)) yield put(registrationActions.captchaRequested());
  }
}

function* resend(action: PayloadAction<{ email: string }>): SagaIterator {
  try {
    yield call(callApi, postResendConfirmation(action.payload.email));
    yield put(registrationActions.resendSent());
  } catch {
    yield put(registrationActions.resendFailed());
  }
}

function* confirm(action: PayloadAction<{ userId: string; token: string }>): SagaIterator {
  try {
    yield call(callApi, postEmailConfirmation(action.payload.userId, action.payload.token));
    yield put(registrationActions.emailConfirmed());
  } catch (error) {
    yield put(registrationActions.confirmationFailed(toErrorState(error)));
  }
}

export function* registrationSaga(): SagaIterator {
  yield takeLatest(registrationActions.institutesRequested.type, loadInstitutes);
  yield takeLatest([registrationActions.formOpened.type, registrationActions.captchaRequested.type], loadCaptcha);
  yield takeLatest(registrationActions.registrationSubmitted.type, register);
  yield takeLatest(registrationActions.resendRequested.type, resend);
  // A token works once: a second request for it while the first runs would only fail.
  yield takeLeading(registrationActions.confirmationRequested.type, confirm);
}
