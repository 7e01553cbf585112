// The frame of screens that anyone may reach (Page not found): the signed-in user keeps the
// application's menus, so an unknown address is no dead end; a visitor gets the public frame.
// Either way the screen sits in a main landmark with the language switch at hand.
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { selectIsLoggedIn } from '../../features/auth/auth.selectors';
import { AppLayout } from './AppLayout';
import { PublicLayout } from './PublicLayout';

export function AnyVisitorLayout(): ReactElement {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? (
    <AppLayout />
  ) : (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  );
}
