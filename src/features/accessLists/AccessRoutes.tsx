// /admin/access: the registry and biobank permission lists with new and edit, and the permission
// schemes. Central admins only (the server refuses every access-list call to anyone else).
import type { ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../../common/pages/NotFoundPage';
import { AccessEntryFormPage } from './AccessEntryFormPage';
import { AccessListPage } from './AccessListPage';
import { PermissionSchemesPage } from './PermissionSchemesPage';

export function AccessRoutes(): ReactElement {
  return (
    <Routes>
      <Route index element={<Navigate to="registry" replace />} />
      <Route path="schemes" element={<PermissionSchemesPage />} />
      {(['registry', 'biobank'] as const).flatMap((kind) => [
        <Route key={kind} path={kind} element={<AccessListPage kind={kind} />} />,
        <Route key={`${kind}-new`} path={`${kind}/new`} element={<AccessEntryFormPage kind={kind} />} />,
        <Route key={`${kind}-edit`} path={`${kind}/:entryId`} element={<AccessEntryFormPage kind={kind} />} />,
      ])}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
