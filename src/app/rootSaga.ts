// The sagas every page needs from the start; each other feature's saga starts when a route that
// shows it injects the feature (store.injectFeature). Core sagas first, so their watchers are
// listening before startup puts its first actions.
import { all, fork } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { authSaga } from '../features/auth/auth.saga';
import { clientErrorsSaga } from '../features/clientErrors/clientErrors.saga';
import { localeSaga } from '../features/locale/locale.saga';
import { profileSaga } from '../features/profile/profile.saga';
import { startupSaga } from './startup/startup.saga';

export function* rootSaga(): SagaIterator {
  yield all([fork(authSaga), fork(localeSaga), fork(clientErrorsSaga), fork(profileSaga), fork(startupSaga)]);
}
