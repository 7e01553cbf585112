// The store: RTK configureStore with the saga middleware (Redux DevTools in development only).
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { rootReducer, type RootState } from './rootReducer';
import { rootSaga } from './rootSaga';

export interface CreateStoreOptions {
  preloadedState?: Partial<RootState>;
  /** Tests run their own sagas or none. */
  runSagas?: boolean;
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
  // Tests stop one store's timers and watchers before the next test starts its own.
  return Object.assign(store, { stopSagas: (): void => task?.cancel() });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
