import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import { toErrorState } from '../../api/errors';
import { postPasswordReset, postPasswordResetRequest } from '../../api/passwords';
import { passwordResetActions } from './passwordReset.slice';

function* requestLink(action: PayloadAction<{ email: string }>): SagaIterator {
  try {
    yield call(callApi, postPasswordResetRequest(action.payload.email));
    yield put(passwordResetActions.resetLinkSent());
  } catch (error) {
    yield put(passwordResetActions.resetLinkFailed(toErrorState(error)));
  }
}

function* saveNewPassword(action: PayloadAction<{ token: string; password: string; passwordConfirmation: string }>): SagaIterator {
  const { token, password, passwordConfirmation } = action.payload;
  try {
    yield call(callApi, postPasswordReset(token, password, passwordConfirmation));
    yield put(passwordResetActions.newPasswordSaved());
  } catch (error) {
    yield put(passwordResetActions.newPasswordFailed(toErrorState(error)));
  }
}

export function* passwordResetSaga(): SagaIterator {
  yield takeLatest(passwordResetActions.resetLinkRequested.type, requestLink);
  yield takeLatest(passwordResetActions.newPasswordSubmitted.type, saveNewPassword);
}
