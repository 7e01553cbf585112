// The public pages' navigation (publicNavigation.tsx) inside the full app's router: the same
// screens after a sign-out, and in tests that render them in a memory router.
import { useCallback, useMemo, type ReactElement, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PublicNavigationProvider, type NavigateOptions, type PublicNavigation } from './publicNavigation';

export function ReactRouterNavigation({ children }: { children: ReactNode }): ReactElement {
  const location = useLocation();
  const navigate = useNavigate();
  // Stable across locations (the data router's navigate is), so a redirect runs once.
  const go = useCallback((to: string, options?: NavigateOptions): void => void navigate(to, options), [navigate]);
  const navigation = useMemo<PublicNavigation>(() => ({ location, navigate: go }), [location, go]);
  return <PublicNavigationProvider value={navigation}>{children}</PublicNavigationProvider>;
}
