// The top-level routes of spec auth §2: /login, /registration, /admin, / and Page not found.
// Each area is its own chunk (React.lazy through the router's `lazy`), so the sign-in page does
// not download the clinical screens.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorView } from '../common/errorView/RouteErrorView';
import { AnyVisitorLayout } from '../common/layout/AnyVisitorLayout';
import { AppLayout } from '../common/layout/AppLayout';
import { PublicLayout } from '../common/layout/PublicLayout';
import { RequireAuth } from '../common/layout/RequireAuth';
import { NotFoundPage } from '../common/pages/NotFoundPage';

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
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
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
          { path: '/data-export', lazy: async () => ({ Component: (await import('../features/dataExport/DataExportPage')).DataExportPage }) },
          { path: '/impersonation', lazy: async () => ({ Component: (await import('../features/impersonation/ActAsPage')).ActAsPage }) },
          { path: '/admin/*', lazy: async () => ({ Component: (await import('../features/admin/AdminArea')).AdminArea }) },
          // Demo installations only (the component answers Page not found otherwise).
          { path: '/sandbox/forms', lazy: async () => ({ Component: (await import('../features/sandbox/FormSandboxPage')).FormSandboxRoute }) },
        ],
      },
      // Signed in, Page not found keeps the menus (AnyVisitorLayout).
      { element: <AnyVisitorLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
    ],
  },
];

export function createRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(ROUTES);
}
