// The full app's chunk (FullApp.tsx: the router and the route table), fetched once and shared by
// index.tsx's early fetch, the hand-over from the public shell and App's render. It resolves once
// the store's router exists and has loaded its first page's code. A failed fetch is the crash
// view's; the next call tries again.
import type * as FullAppModule from './FullApp';
import type { FeatureStore } from './feature';
import { tracked } from './trackedPromise';

const loading = new WeakMap<FeatureStore, Promise<typeof FullAppModule>>();

export function loadFullApp(store: FeatureStore): Promise<typeof FullAppModule> {
  const known = loading.get(store);
  if (known) return known;
  const request = tracked(
    import('./FullApp').then(async (fullApp) => {
      await fullApp.routerReady(store);
      return fullApp;
    }),
  );
  request.catch(() => {
    if (loading.get(store) === request) loading.delete(store);
  });
  loading.set(store, request);
  return request;
}
