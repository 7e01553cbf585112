// Saga tests run the real store with the real sagas; HTTP is answered by nock. These helpers wait
// for the state a user would see instead of asserting on saga effects one by one.
import { createAppStore, type AppStore } from '../../src/app/store';
import type { RootState } from '../../src/app/rootReducer';
import { ALL_FEATURES } from './allFeatures';

export const API = 'http://localhost';

const running: AppStore[] = [];

/**
 * A store with the real sagas of every feature (a test renders a page without the route that
 * would inject its feature); stopped after each test so its timers cannot leak into the next.
 */
export function startStore(preloadedState?: Partial<RootState>): AppStore {
  const store = createAppStore({ preloadedState, features: ALL_FEATURES });
  running.push(store);
  return store;
}

afterEach(() => {
  running.splice(0).forEach((store) => store.stopSagas());
});

export function waitForState(store: AppStore, predicate: (state: RootState) => boolean, timeoutMs = 3000): Promise<RootState> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const state = store.getState();
      if (!predicate(state)) return false;
      clearTimeout(timer);
      unsubscribe();
      resolve(state);
      return true;
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`state not reached in ${timeoutMs} ms: ${JSON.stringify(store.getState())}`));
    }, timeoutMs);
    const unsubscribe = store.subscribe(() => void check());
    check();
  });
}

export const CONFIGURATION = { apiVersion: '1.40.1', formBackupEnabled: false };

export const SIGNED_IN_CONFIGURATION = {
  ...CONFIGURATION,
  user: { id: 'u-1', name: 'Dr. Kiss Anna', roles: ['local_investigator'], institute: { id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK' } },
};
