// The registries section of /admin: the list, one registry, and one form type.
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../common/pages/NotFoundPage';
import { FormTypePage } from './FormTypePage';
import { RegistriesPage, RegistryPage } from './RegistriesPages';

export function RegistriesRoutes(): ReactElement {
  return (
    <Routes>
      <Route index element={<RegistriesPage />} />
      <Route path="form-types/:formTypeId" element={<FormTypePage />} />
      <Route path=":registryId" element={<RegistryPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
