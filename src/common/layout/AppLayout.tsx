// The frame of the signed-in application: the top menu, the sidebar (when the user has entries
// there), the user menu with sign-out, the language switch, and the current screen.
import type { ReactElement } from 'react';
import { AppShell, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useIntl } from 'react-intl';
import { NavLink, Outlet, Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { navEntriesFor } from '../../app/navigation';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { authActions } from '../../features/auth/auth.slice';
import { ImpersonationBanner } from '../../features/impersonation/ImpersonationBanner';
import { LanguageSwitch } from '../../features/locale/LanguageSwitch';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import classes from './AppLayout.module.css';
import { messages } from './messages';

export function AppLayout(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  // Just signed in: the user's name and roles arrive with the client configuration.
  if (!user) return <FullPageSpinner />;
  const sidebar = navEntriesFor(user.roles, 'sidebar');

  return (
    <AppShell header={{ height: 64 }} navbar={sidebar.length > 0 ? { width: 200, breakpoint: 'sm' } : undefined} padding="md">
      <AppShell.Header className={classes.header}>
        <a href="#main" className={classes.skipLink}>
          {intl.formatMessage(messages.skipToContent)}
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Text component={Link} to="/" fw={700} size="lg" className={classes.brand}>
              {intl.formatMessage(messages.brand)}
            </Text>
            <Group component="nav" aria-label={intl.formatMessage(messages.mainNavigation)} gap="xs">
              {navEntriesFor(user.roles, 'top').map((entry) => (
                <NavLink key={entry.id} to={entry.path} end={entry.path === '/'} className={classes.navLink}>
                  {intl.formatMessage(entry.message)}
                </NavLink>
              ))}
            </Group>
          </Group>
          <Group gap="md" wrap="nowrap">
            <LanguageSwitch />
            {/* No focus placeholder: a menu holds only menu items (ARIA), the first item takes focus. */}
            <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
              <Menu.Target>
                {/* Named by what it shows, with a hidden prefix saying what it is: a name that only an
                    aria-label carried would not match the visible text (WCAG 2.5.3). */}
                <UnstyledButton className={classes.userButton}>
                  <VisuallyHidden>{intl.formatMessage(messages.userMenu)}</VisuallyHidden>
                  <Text component="span" size="sm" fw={500}>
                    {user.name}
                  </Text>
                  {user.institute && (
                    <Text component="span" size="xs" c="dimmed">
                      {user.institute.shortName}
                    </Text>
                  )}
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {navEntriesFor(user.roles, 'user').map((entry) => (
                  <Menu.Item key={entry.id} component={Link} to={entry.path}>
                    {intl.formatMessage(entry.message)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <Button variant="default" size="xs" onClick={() => dispatch(authActions.logoutRequested())}>
              {intl.formatMessage(messages.signOut)}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      {sidebar.length > 0 && (
        <AppShell.Navbar p="sm" component="nav" aria-label={intl.formatMessage(messages.sideNavigation)}>
          {sidebar.map((entry) => (
            <NavLink key={entry.id} to={entry.path} className={classes.navLink}>
              {intl.formatMessage(entry.message)}
            </NavLink>
          ))}
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" tabIndex={-1}>
        <ImpersonationBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
