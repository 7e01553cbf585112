// The names of the roles (users' screens and the dashboard's card for roles without screens).
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { Role } from '../../domain/permissions/roles';

export const roleMessages: Record<Role, MessageDescriptor> = defineMessages({
  admin: { id: 'users.role.admin', defaultMessage: 'Central administrator' },
  user: { id: 'users.role.user', defaultMessage: 'User' },
  local_administrator: { id: 'users.role.local_administrator', defaultMessage: 'Local administrator' },
  local_investigator: { id: 'users.role.local_investigator', defaultMessage: 'Local investigator' },
  monitor_administrator: { id: 'users.role.monitor_administrator', defaultMessage: 'Monitor administrator' },
  monitor_investigator: { id: 'users.role.monitor_investigator', defaultMessage: 'Monitor investigator' },
  biobank_admin: { id: 'users.role.biobank_admin', defaultMessage: 'Biobank administrator' },
  active_substance_admin: { id: 'users.role.active_substance_admin', defaultMessage: 'Active substance administrator' },
  data_exporter: { id: 'users.role.data_exporter', defaultMessage: 'Data exporter' },
  data_importer: { id: 'users.role.data_importer', defaultMessage: 'Data importer' },
  impersonator: { id: 'users.role.impersonator', defaultMessage: 'Impersonator' },
});
