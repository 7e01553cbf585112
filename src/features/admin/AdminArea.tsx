// /admin: the administration area, for administrators only (the server checks every call too).
import type { ReactElement } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Route, Routes } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ADMIN_AREA_ROLES } from '../../app/navigation';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { hasAnyRole } from '../../domain/permissions/roles';
import { NotFoundPage } from '../../common/pages/NotFoundPage';
import { InstitutesRoutes } from '../institutes/InstitutesRoutes';
import { messages } from './messages';

function AdminDashboard(): ReactElement {
  const intl = useIntl();
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
    </Stack>
  );
}

export function AdminArea(): ReactElement {
  const intl = useIntl();
  const user = useAppSelector(selectCurrentUser);
  if (user && !hasAnyRole(user.roles, ADMIN_AREA_ROLES)) {
    return <Alert color="red">{intl.formatMessage(messages.noPermission)}</Alert>;
  }
  return (
    <Routes>
      <Route index element={<AdminDashboard />} />
      <Route path="institutes/*" element={<InstitutesRoutes />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
