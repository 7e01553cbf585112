// The top-level routes of spec auth §2: /login, /registration, /admin, / and Page not found.
// Each area is its own chunk (React.lazy through the router's `lazy`), so the sign-in page does
// not download the clinical screens; the signed-in shell (menus, header) is a chunk of its own too.
import type { ReactElement } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouteErrorView } from '../common/errorView/RouteErrorView';
import { PublicLayout } from '../common/layout/PublicLayout';
import { NotFoundPage } from '../common/pages/NotFoundPage';

async function signedInShell(): Promise<{ Component: () => ReactElement }> {
  const [{ RequireAuth }, { AppLayout }] = await Promise.all([import('../common/layout/RequireAuth'), import('../common/layout/AppLayout')]);
  return {
    Component: function SignedInShell(): ReactElement {
      return (
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      );
    },
  };
}

export const ROUTES: RouteObject[] = [
  {
    errorElement: <RouteErrorView />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/login/*', lazy: async () => ({ Component: (await import('../features/auth/LoginArea')).LoginArea }) },
          { path: '/registration/*', lazy: async () => ({ Component: (await import('../features/registration/RegistrationArea')).RegistrationArea }) },
        ],
      },
      {
        lazy: signedInShell,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }) },
          { path: '/profile/*', lazy: async () => ({ Component: (await import('../features/profile/ProfilePage')).ProfilePage }) },
          { path: '/patients', lazy: async () => ({ Component: (await import('../features/patients/PatientsPage')).PatientsPage }) },
          { path: '/patients/:patientId/attendances', lazy: async () => ({ Component: (await import('../features/attendances/AttendanceListPage')).AttendanceListPage }) },
          { path: '/status-matrix', lazy: async () => ({ Component: (await import('../features/statusMatrix/StatusMatrixPage')).StatusMatrixPage }) },
          { path: '/registries/:registryId/status-matrix', lazy: async () => ({ Component: (await import('../features/statusMatrix/StatusMatrixPage')).StatusMatrixPage }) },
          { path: '/forms/approvable', lazy: async () => ({ Component: (await import('../features/forms/FormListPage')).ApprovableFormsPage }) },
          { path: '/forms/correctable', lazy: async () => ({ Component: (await import('../features/forms/FormListPage')).CorrectableFormsPage }) },
          { path: '/forms/:formId', lazy: async () => ({ Component: (await import('../features/formPage/FormPage')).FormPage }) },
          { path: '/biobank', lazy: async () => ({ Component: (await import('../features/biobank/BiobankListPage')).BiobankListPage }) },
          { path: '/biobank/new', lazy: async () => ({ Component: (await import('../features/biobank/NewSamplePage')).NewSamplePage }) },
          { path: '/biobank/labels', lazy: async () => ({ Component: (await import('../features/biobank/LabelsPage')).LabelsPage }) },
          { path: '/biobank/samples/:sampleId', lazy: async () => ({ Component: (await import('../features/biobank/SamplePage')).SamplePage }) },
          { path: '/central-biobank', lazy: async () => ({ Component: (await import('../features/biobank/BiobankListPage')).CentralBiobankPage }) },
          { path: '/central-biobank/samples/:sampleId', lazy: async () => ({ Component: (await import('../features/biobank/SamplePage')).CentralSamplePage }) },
          { path: '/patients/:patientId/bio-samples', lazy: async () => ({ Component: (await import('../features/biobank/PatientSamplesPage')).PatientSamplesPage }) },
          { path: '/data-export', lazy: async () => ({ Component: (await import('../features/dataExport/DataExportPage')).DataExportPage }) },
          { path: '/impersonation', lazy: async () => ({ Component: (await import('../features/impersonation/ActAsPage')).ActAsPage }) },
          { path: '/admin/*', lazy: async () => ({ Component: (await import('../features/admin/AdminArea')).AdminArea }) },
          // Demo installations only (the component answers Page not found otherwise).
          { path: '/sandbox/forms', lazy: async () => ({ Component: (await import('../features/sandbox/FormSandboxPage')).FormSandboxRoute }) },
        ],
      },
      // Signed in, Page not found keeps the menus (AnyVisitorLayout); loaded on demand because it
      // holds the signed-in shell.
      {
        lazy: async () => ({ Component: (await import('../common/layout/AnyVisitorLayout')).AnyVisitorLayout }),
        children: [{ path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

export function createRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(ROUTES);
}

/**
 * Starts fetching the code of the page at `pathname` (its layouts included) at once, while the
 * language and the client configuration load, instead of after them: the router's own `lazy`
 * call then finds the modules already there.
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(ROUTES, pathname) ?? []) {
    if (typeof route.lazy === 'function') route.lazy().catch(() => undefined);
  }
}
