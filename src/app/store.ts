// The store: RTK configureStore with the saga middleware (Redux DevTools in development only).
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { rootReducer, type RootState } from './rootReducer';
import { rootSaga } from './rootSaga';

export interface CreateStoreOptions {
  preloadedState?: Partial<RootState>;
  /** Tests run their own sagas or none. */
  runSagas?: boolean;
}

type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

// A saga's failure is the caller's to handle (a refused upload), not a crash for onError to log.
function* settled<Args extends unknown[], R>(saga: (...args: Args) => SagaIterator<R>, args: Args): SagaIterator<Settled<R>> {
  try {
    const value: R = yield call(saga, ...args);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error };
  }
}

// The return type is inferred on purpose: AppStore and AppDispatch derive from it.
export function createAppStore({ preloadedState, runSagas = true }: CreateStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => console.error('A saga crashed:', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  const task = runSagas ? sagaMiddleware.run(rootSaga) : null;
  /**
   * Runs one saga against this store (its state, its dispatch) and answers its result, for a
   * component that awaits one call rather than keeping it in the state: `store.runSaga(uploadFormFile,
   * formId, fieldId, file)`. The saga's error rejects the promise.
   */
  const runSaga = <Args extends unknown[], R>(saga: (...args: Args) => SagaIterator<R>, ...args: Args): Promise<R> =>
    sagaMiddleware
      .run(settled<Args, R>, saga, args)
      .toPromise<Settled<R>>()
      .then((result) => (result.ok ? result.value : Promise.reject(result.error)));
  // Tests stop one store's timers and watchers before the next test starts its own.
  return Object.assign(store, { stopSagas: (): void => task?.cancel(), runSaga });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
