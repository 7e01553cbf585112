// The top-level routes of spec auth §2: /login, /registration, /admin, / and Page not found.
// Each area is its own chunk (React.lazy through the router's `lazy`), so the sign-in page does
// not download the clinical screens.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorView } from '../common/errorView/RouteErrorView';
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
          { path: '/admin/*', lazy: async () => ({ Component: (await import('../features/admin/AdminArea')).AdminArea }) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter(): ReturnType<typeof createBrowserRouter> {
  return createBrowserRouter(ROUTES);
}
