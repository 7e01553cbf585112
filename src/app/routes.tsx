// The top-level routes of spec auth §2: /login, /registration, /admin, / and Page not found.
// Each area is its own chunk (the router's `lazy`), so the sign-in page does not download the
// clinical screens; the signed-in shell (menus, header) comes with the router (FullApp.tsx). A route's
// chunk brings the features (state and saga) its page uses and injects them into the store
// before the page renders (docs/decisions.md, "Route-split store").
import type { ComponentType, ReactElement } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { loadCatalogueArea, type CatalogueArea } from '../i18n/loadCatalogue';
import { RouteErrorView } from '../common/errorView/RouteErrorView';
import { PublicLayout } from '../common/layout/PublicLayout';
import { NotFoundPage } from '../common/pages/NotFoundPage';
import { ReactRouterNavigation } from '../common/routing/ReactRouterNavigation';
import type { Feature, FeatureStore } from './feature';

export type { FeatureStore } from './feature';

interface LoadedPage {
  Component: ComponentType;
  features?: readonly Feature[];
}

type LazyRoute = () => Promise<{ Component: ComponentType }>;

/** Loads a catalogue area; a failed fetch shows the page with the texts already there. */
const loadAreaOrGoOn = (area: CatalogueArea): Promise<void> => loadCatalogueArea(area).catch(() => undefined);

export function appRoutes(store: FeatureStore): RouteObject[] {
  // Loads a page's chunk, injects its features, then hands the router the component.
  // `areas`: the catalogue areas of texts only this page shows (the shell brings "app").
  const page =
    (load: () => Promise<LoadedPage>, areas: readonly CatalogueArea[] = []): LazyRoute =>
    async () => {
      const [{ Component, features = [] }] = await Promise.all([load(), ...areas.map(loadAreaOrGoOn)]);
      features.forEach(store.injectFeature);
      return { Component };
    };

  // The signed-in shell is in the full app's chunk ("eager": every address the full app opens on
  // but Page not found shows it), so a signed-in page loads one file less.
  const signedInShell = page(async () => {
    const [, { RequireAuth }, { AppLayout }, { impersonationFeature }] = await Promise.all([
      // The texts beyond the sign-in pages' (a failed fetch shows the page with what is there).
      loadAreaOrGoOn('app'),
      import(/* webpackMode: "eager" */ '../common/layout/RequireAuth'),
      import(/* webpackMode: "eager" */ '../common/layout/AppLayout'),
      // The banner's "Exit" runs the impersonation saga.
      import(/* webpackMode: "eager" */ '../features/impersonation/impersonation.feature'),
    ]);
    return {
      features: [impersonationFeature],
      Component: function SignedInShell(): ReactElement {
        return (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        );
      },
    };
  });

  return [
    {
      errorElement: <RouteErrorView />,
      children: [
        {
          // The public pages navigate through publicNavigation (they also run in the light public shell).
          element: (
            <ReactRouterNavigation>
              <PublicLayout>
                <Outlet />
              </PublicLayout>
            </ReactRouterNavigation>
          ),
          children: [
            { path: '/login/*', lazy: page(() => import('../features/auth/loginArea.route')) },
            { path: '/registration/*', lazy: page(() => import('../features/registration/registrationArea.route')) },
          ],
        },
        {
          lazy: signedInShell,
          children: [
            { index: true, lazy: page(() => import('../features/dashboard/dashboard.route')) },
            { path: '/profile/*', lazy: page(() => import('../features/profile/profile.route')) },
            { path: '/patients', lazy: page(() => import('../features/patients/patients.route')) },
            { path: '/patients/:patientId/attendances', lazy: page(() => import('../features/attendances/attendances.route')) },
            { path: '/status-matrix', lazy: page(() => import('../features/statusMatrix/statusMatrix.route')) },
            { path: '/registries/:registryId/status-matrix', lazy: page(() => import('../features/statusMatrix/statusMatrix.route')) },
            { path: '/forms/approvable', lazy: page(() => import('../features/forms/formLists.route').then((m) => m.approvableRoute)) },
            { path: '/forms/correctable', lazy: page(() => import('../features/forms/formLists.route').then((m) => m.correctableRoute)) },
            { path: '/forms/:formId', lazy: page(() => import('../features/formPage/formPage.route'), ['formEngine']) },
            { path: '/data-export', lazy: page(() => import('../features/dataExport/dataExport.route'), ['dataExport']) },
            { path: '/statistics', lazy: page(() => import('../features/statistics/statistics.route')) },
            { path: '/data-import/new', lazy: page(() => import('../features/dataImport/dataImport.route').then((m) => m.newJobRoute), ['dataImport']) },
            { path: '/data-import/jobs', lazy: page(() => import('../features/dataImport/dataImport.route').then((m) => m.jobsRoute), ['dataImport']) },
            { path: '/data-import/jobs/:jobId', lazy: page(() => import('../features/dataImport/dataImport.route').then((m) => m.jobRoute), ['dataImport']) },
            { path: '/biobank', lazy: page(() => import('../features/biobank/biobank.route').then((m) => m.listRoute)) },
            { path: '/biobank/new', lazy: page(() => import('../features/biobank/biobank.route').then((m) => m.newSampleRoute)) },
            { path: '/biobank/labels', lazy: page(() => import('../features/biobank/biobank.route').then((m) => m.labelsRoute)) },
            { path: '/biobank/samples/:sampleId', lazy: page(() => import('../features/biobank/biobank.route').then((m) => m.sampleRoute)) },
            { path: '/central-biobank', lazy: page(() => import('../features/biobank/biobank.route').then((m) => m.centralListRoute)) },
            { path: '/central-biobank/samples/:sampleId', lazy: page(() => import('../features/biobank/biobank.route').then((m) => m.centralSampleRoute)) },
            { path: '/patients/:patientId/bio-samples', lazy: page(() => import('../features/biobank/biobank.route').then((m) => m.patientSamplesRoute)) },
            { path: '/impersonation', lazy: page(async () => ({ Component: (await import('../features/impersonation/ActAsPage')).ActAsPage })) },
            { path: '/admin/*', lazy: page(() => import('../features/admin/adminArea.route'), ['admin', 'formEngine']) },
            // Demo installations only (the component answers Page not found otherwise).
            { path: '/sandbox/forms', lazy: page(async () => ({ Component: (await import('../features/sandbox/FormSandboxPage')).FormSandboxRoute }), ['formEngine']) },
          ],
        },
        // Signed in, Page not found keeps the menus (AnyVisitorLayout); loaded on demand because it
        // holds the signed-in shell.
        {
          lazy: page(async () => {
            const [, { AnyVisitorLayout }, { impersonationFeature }] = await Promise.all([
              loadAreaOrGoOn('app'),
              import(/* webpackMode: "eager" */ '../common/layout/AnyVisitorLayout'),
              import(/* webpackMode: "eager" */ '../features/impersonation/impersonation.feature'),
            ]);
            return { Component: AnyVisitorLayout, features: [impersonationFeature] };
          }),
          children: [{ path: '*', element: <NotFoundPage /> }],
        },
      ],
    },
  ];
}

export function createRouter(store: FeatureStore): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(appRoutes(store));
}

/**
 * Starts fetching the code of the page at `pathname` (its layouts included) at once, without
 * rendering (the app's own router does this as it starts, FullApp.tsx; tests use this).
 */
export function preloadRoute(store: FeatureStore, pathname: string): void {
  for (const { route } of matchRoutes(appRoutes(store), pathname) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}
