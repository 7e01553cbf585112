// The areas a visitor reaches before signing in (/login, /registration) and their chunks, which
// the light public shell loads without the full app's router. The full router's table
// (routes.tsx) loads the very same modules for the same paths.
import type { ComponentType } from 'react';
import type { Feature, FeatureStore } from '../feature';
import { tracked } from '../trackedPromise';

export type PublicArea = 'login' | 'registration';

interface AreaModule {
  Component: ComponentType;
  features?: readonly Feature[];
}

const AREA_MODULES: Record<PublicArea, () => Promise<AreaModule>> = {
  login: () => import('../../features/auth/loginArea.route'),
  registration: () => import('../../features/registration/registrationArea.route'),
};

/** The public area at `pathname` (the router's `/login/*` and `/registration/*`: any case), or null. */
export function publicAreaOf(pathname: string): PublicArea | null {
  if (/^\/login(\/|$)/i.test(pathname)) return 'login';
  if (/^\/registration(\/|$)/i.test(pathname)) return 'registration';
  return null;
}

// Per store, so each test's store gets the features injected; one store per page in the app.
const loadedAreas = new WeakMap<FeatureStore, Map<PublicArea, Promise<ComponentType>>>();

/**
 * The area's page component, once its chunk has loaded and its features are in the store (one
 * load per store and area; a failed load is the crash view's, as the router's was).
 */
export function loadPublicArea(store: FeatureStore, area: PublicArea): Promise<ComponentType> {
  const areas = loadedAreas.get(store) ?? new Map<PublicArea, Promise<ComponentType>>();
  loadedAreas.set(store, areas);
  let loading = areas.get(area);
  if (!loading) {
    loading = tracked(
      AREA_MODULES[area]().then(({ Component, features = [] }) => {
        features.forEach(store.injectFeature);
        return Component;
      }),
    );
    areas.set(area, loading);
  }
  return loading;
}
