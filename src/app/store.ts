// The store: RTK configureStore with the saga middleware (Redux DevTools in development only).
// It starts with the core reducers and sagas; a route injects the features its page shows
// (injectFeature), so the sign-in page does not download every feature's code.
import { combineReducers, configureStore, type Reducer, type ReducersMapObject } from '@reduxjs/toolkit';
import createSagaMiddleware, { type SagaIterator, type Task } from 'redux-saga';
import { call } from 'redux-saga/effects';
import type { Feature } from './feature';
import { coreReducers, type RootState } from './rootReducer';
import { rootSaga } from './rootSaga';

export interface CreateStoreOptions {
  preloadedState?: Partial<RootState>;
  /** Tests run their own sagas or none. */
  runSagas?: boolean;
  /** Features present from the start (tests take them all; the app injects them by route). */
  features?: readonly Feature[];
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
export function createAppStore({ preloadedState, runSagas = true, features = [] }: CreateStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => console.error('A saga crashed:', error),
  });
  const reducers: ReducersMapObject = { ...coreReducers };
  for (const feature of features) reducers[feature.key] = feature.reducer;
  // Typed as the whole state: a slice is injected before any page that reads it renders.
  const combined = (): Reducer<RootState> => combineReducers(reducers) as unknown as Reducer<RootState>;
  const store = configureStore({
    reducer: combined(),
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  const tasks: Task[] = [];
  const sagas = new Set<() => SagaIterator>();

  /** Adds a reducer under `key` (once; the state under it starts from the reducer's initial state). */
  const injectReducer = (key: string, reducer: Reducer): void => {
    if (reducers[key] === reducer) return;
    reducers[key] = reducer;
    store.replaceReducer(combined());
  };
  /** Starts a feature's saga (once per store; not at all when the store runs no sagas). */
  const injectSaga = (saga: () => SagaIterator): void => {
    if (sagas.has(saga)) return;
    sagas.add(saga);
    if (runSagas) tasks.push(sagaMiddleware.run(saga));
  };
  const injectFeature = (feature: Feature): void => {
    injectReducer(feature.key, feature.reducer);
    if (feature.saga) injectSaga(feature.saga);
  };
  // Feature sagas first, so their watchers are listening before startup puts its first actions.
  for (const feature of features) if (feature.saga) injectSaga(feature.saga);
  if (runSagas) tasks.push(sagaMiddleware.run(rootSaga));
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
  const stopSagas = (): void => tasks.forEach((task) => task.cancel());
  return Object.assign(store, { stopSagas, runSaga, injectReducer, injectSaga, injectFeature });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
