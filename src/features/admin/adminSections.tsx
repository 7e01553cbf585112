// The sections of /admin: one entry per area, with its routes and who may use it. The admin menu,
// the routes and the dashboard's links all come from this one array, so a new area (institutes,
// impersonation, ...) joins by adding an entry here and its menu entry in app/navigation.ts.
import type { ComponentType } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { mayAdministerAccessLists, mayAdministerGroups, mayAdministerInstitutes, mayAdministerUsers, mayManageMailingList, mayReadApplicationLog, type AdminActor } from '../../domain/permissions/administration';
import { ApplicationLogPage } from '../applicationLog/ApplicationLogPage';
import { messages as applicationLogMessages } from '../applicationLog/messages';
import { AccessRoutes } from '../accessLists/AccessRoutes';
import { messages as accessMessages } from '../accessLists/messages';
import { messages as formTypeMessages } from '../formTypes/messages';
import { RegistriesRoutes } from '../formTypes/RegistriesRoutes';
import { GroupFormPage } from '../groups/GroupFormPage';
import { GroupsPage } from '../groups/GroupsPage';
import { InstitutesRoutes } from '../institutes/InstitutesRoutes';
import { messages as instituteMessages } from '../institutes/messages';
import { messages as groupMessages } from '../groups/messages';
import { MailingListPage } from '../mailingList/MailingListPage';
import { messages as mailingListMessages } from '../mailingList/messages';
import { UserDetailsPage } from '../users/UserDetailsPage';
import { UserFormPage } from '../users/UserFormPage';
import { UsersPage } from '../users/UsersPage';
import { messages as userMessages } from '../users/messages';

export interface AdminSection {
  id: string;
  /** The section's list, below /admin. */
  path: string;
  label: MessageDescriptor;
  may: (actor: AdminActor) => boolean;
  routes: { path: string; Component: ComponentType }[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    id: 'users',
    path: 'users',
    label: userMessages.title,
    may: mayAdministerUsers,
    routes: [
      { path: 'users', Component: UsersPage },
      { path: 'users/new', Component: UserFormPage },
      { path: 'users/:userId', Component: UserDetailsPage },
      { path: 'users/:userId/edit', Component: UserFormPage },
    ],
  },
  {
    id: 'groups',
    path: 'groups',
    label: groupMessages.title,
    may: mayAdministerGroups,
    routes: [
      { path: 'groups', Component: GroupsPage },
      { path: 'groups/new', Component: GroupFormPage },
      { path: 'groups/:groupId', Component: GroupFormPage },
    ],
  },
  {
    id: 'institutes',
    path: 'institutes',
    label: instituteMessages.title,
    may: mayAdministerInstitutes,
    routes: [{ path: 'institutes/*', Component: InstitutesRoutes }],
  },
  {
    id: 'applicationLog',
    path: 'application-log',
    label: applicationLogMessages.title,
    may: mayReadApplicationLog,
    routes: [{ path: 'application-log', Component: ApplicationLogPage }],
  },
  {
    id: 'mailingList',
    path: 'mailing-list',
    label: mailingListMessages.title,
    may: mayManageMailingList,
    routes: [{ path: 'mailing-list', Component: MailingListPage }],
  },
  {
    id: 'access',
    path: 'access',
    label: accessMessages.title,
    may: mayAdministerAccessLists,
    routes: [{ path: 'access/*', Component: AccessRoutes }],
  },
  {
    id: 'registries',
    path: 'registries',
    label: formTypeMessages.title,
    // Registries and form types are shared master data, like institutes: central admins only.
    may: mayAdministerInstitutes,
    routes: [{ path: 'registries/*', Component: RegistriesRoutes }],
  },
];

export function sectionsFor(actor: AdminActor | null): AdminSection[] {
  return actor ? ADMIN_SECTIONS.filter((section) => section.may(actor)) : [];
}

/** The link of a section, if the caller may use it (dashboard counts link to their lists). */
export function sectionPath(actor: AdminActor | null, id: string): string | null {
  const section = sectionsFor(actor).find((s) => s.id === id);
  return section ? `/admin/${section.path}` : null;
}
