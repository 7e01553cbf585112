// The full app: the data router over every route (routes.tsx) and react-router with it. A chunk of
// its own, loaded for any address but the public pages, or when a visitor leaves them (the
// dashboard after sign-in); the sign-in page runs without it (docs/decisions.md, "Light public shell").
// All of Mantine's styles (the public pages' part came with index.tsx; the same rules again, in
// Mantine's order, so nothing the full app shows depends on which page opened first).
import '@mantine/core/styles.css';
import type { ReactElement } from 'react';
import { RouterProvider } from 'react-router';
import { useAppStore } from './hooks';
import { createRouter, type FeatureStore } from './routes';

type Router = ReturnType<typeof createRouter>;

const routers = new WeakMap<FeatureStore, { router: Router; ready: Promise<void> }>();

function routerOf(store: FeatureStore): { router: Router; ready: Promise<void> } {
  const known = routers.get(store);
  if (known) return known;
  // Reads the address now: index.tsx asks at once on a signed-in address, the public shell when
  // the visitor leaves it (after it wrote the new address).
  const router = createRouter(store);
  const ready = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  const created = { router, ready };
  routers.set(store, created);
  return created;
}

/**
 * Creates the page's one router (per store) and resolves once it has loaded the code of its first
 * page, so that it renders that page at once (no blank frame while its `lazy` routes load).
 */
export function routerReady(store: FeatureStore): Promise<void> {
  return routerOf(store).ready;
}

export function FullApp(): ReactElement {
  return <RouterProvider router={routerOf(useAppStore()).router} />;
}
