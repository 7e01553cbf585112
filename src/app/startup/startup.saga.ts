// Startup (spec auth §2, §9): restore the session from this tab, load the client configuration
// while a spinner shows, warn on an incompatible API, and clear form backups unless enabled.
import { call, put, take, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { callApi } from '../../api/callApi';
import { getClientConfiguration, type ClientConfiguration } from '../../api/clientConfiguration';
import type { ApiResponse } from '../../api/client';
import { toErrorState } from '../../api/errors';
import { authActions } from '../../features/auth/auth.slice';
import { loadToken } from '../../features/auth/tokenStorage';
import type { AccessToken } from '../../features/auth/auth.types';
import { clearFormBackups } from '../../common/formBackup/formBackupStorage';
import { clientConfigurationActions } from './clientConfiguration.slice';
import { warnOnIncompatibleApi } from './versionCheck';

function* loadConfiguration(): SagaIterator {
  try {
    const response: ApiResponse<ClientConfiguration> = yield call(callApi, getClientConfiguration());
    yield put(clientConfigurationActions.loaded(response.data));
    return response.data;
  } catch (error) {
    // A 401 (a restored but revoked session) has signed the user out already; load anonymously.
    const state = toErrorState(error);
    if (state.status === 401) return yield call(loadConfiguration);
    yield put(clientConfigurationActions.loadFailed(state));
    return null;
  }
}

export function* startupSaga(): SagaIterator {
  const restored: AccessToken | null = yield call(loadToken);
  if (restored) yield put(authActions.sessionRestored(restored));
  let configuration: ClientConfiguration | null = yield call(loadConfiguration);
  // The failure screen offers a retry; the app starts only with a configuration.
  while (!configuration) {
    yield take(clientConfigurationActions.loadRequested.type);
    configuration = yield call(loadConfiguration);
  }
  yield call(warnOnIncompatibleApi, configuration.apiVersion);
  if (!configuration.formBackupEnabled) yield call(clearFormBackups);
  // Later reloads: after sign-in, to learn the user's name, roles and institute.
  yield takeLatest(clientConfigurationActions.loadRequested.type, loadConfiguration);
}
