// Screens for signed-in users only: anyone else goes to the login page, which remembers where
// they were going. The server enforces access; this only keeps the UI honest.
import type { ReactElement, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../../features/auth/auth.selectors';

export function RequireAuth({ children }: { children: ReactNode }): ReactElement {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
}
