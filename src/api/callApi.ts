// How sagas talk to the server: `yield call(callApi, request)`. Every request gets the session's
// Bearer token and the interface language, and any 401 on a call made with a token signs the
// user out with "Session expired" (spec auth §4, DESIGN §3.1).
import { call, put, select } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { authActions } from '../features/auth/auth.slice';
import { selectAccessToken } from '../features/auth/auth.selectors';
import { selectLocale } from '../features/locale/locale.selectors';
import type { AccessToken } from '../features/auth/auth.types';
import { sendRequest, type ApiRequest, type ApiResponse } from './client';
import { ApiError } from './errors';

export function* callApi<T = unknown>(request: ApiRequest): SagaIterator<ApiResponse<T>> {
  const session: AccessToken | null = yield select(selectAccessToken);
  const locale: string = yield select(selectLocale);
  const token = request.token === undefined ? (session?.token ?? null) : request.token;
  try {
    const response: ApiResponse<T> = yield call(sendRequest<T>, request, { token, locale });
    return response;
  } catch (error) {
    // A 401 without a token is a wrong password, not an expired session.
    if (error instanceof ApiError && error.status === 401 && token) yield put(authActions.sessionExpired());
    throw error;
  }
}
