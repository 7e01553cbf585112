// Screens for signed-in users only: anyone else goes to the login page, which remembers where
// they were going, and for whom (returnTo.ts). The server enforces access; this only keeps the UI honest.
import type { ReactElement, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectClientConfiguration } from '../../app/startup/clientConfiguration.selectors';
import { selectIsLoggedIn } from '../../features/auth/auth.selectors';
import { returnToState } from './returnTo';

export function RequireAuth({ children }: { children: ReactNode }): ReactElement {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { signedOutUserId } = useAppSelector(selectClientConfiguration);
  const location = useLocation();
  if (!loggedIn) return <Navigate to="/login" replace state={returnToState(`${location.pathname}${location.search}`, signedOutUserId ?? null)} />;
  return <>{children}</>;
}
