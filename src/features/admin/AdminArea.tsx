// /admin: the administration area with its menu, for the roles of ADMIN_AREA_ROLES (the server
// checks every call too). Sections and their routes come from adminSections.tsx.
import type { ReactElement } from 'react';
import { Alert, Group, NavLink, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { NavLink as RouterNavLink, Route, Routes } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ADMIN_AREA_ROLES } from '../../app/navigation';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { hasAnyRole } from '../../domain/permissions/roles';
import { NotFoundPage } from '../../common/pages/NotFoundPage';
import { selectAdminActor } from './adminActor';
import { AdminDashboard } from './AdminDashboard';
import { ADMIN_SECTIONS, sectionsFor } from './adminSections';
import { messages } from './messages';

function NoPermission(): ReactElement {
  const intl = useIntl();
  return <Alert color="red">{intl.formatMessage(messages.noPermission)}</Alert>;
}

export function AdminArea(): ReactElement {
  const intl = useIntl();
  const user = useAppSelector(selectCurrentUser);
  const actor = useAppSelector(selectAdminActor);
  if (user && !hasAnyRole(user.roles, ADMIN_AREA_ROLES)) return <NoPermission />;
  const allowed = sectionsFor(actor);
  return (
    <Group align="flex-start" wrap="nowrap">
      <nav aria-label={intl.formatMessage(messages.menu)} style={{ width: 200, flexShrink: 0 }}>
        <NavLink component={RouterNavLink} to="/admin" end label={intl.formatMessage(messages.title)} />
        {allowed.map((section) => (
          <NavLink key={section.id} component={RouterNavLink} to={`/admin/${section.path}`} label={intl.formatMessage(section.label)} />
        ))}
      </nav>
      <Stack style={{ flex: 1, minWidth: 0 }}>
        <Routes>
          <Route index element={<AdminDashboard />} />
          {ADMIN_SECTIONS.flatMap((section) =>
            section.routes.map(({ path, Component }) => (
              <Route key={path} path={path} element={allowed.includes(section) ? <Component /> : <NoPermission />} />
            )),
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Stack>
    </Group>
  );
}
