import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'admin.dashboard.title', defaultMessage: 'Administration' },
  noPermission: { id: 'admin.dashboard.noPermission', defaultMessage: "You haven't got permission to view this resource" },
  awaitingActivation: { id: 'admin.dashboard.awaitingActivation', defaultMessage: 'Users awaiting activation' },
  inactiveUsers: { id: 'admin.dashboard.inactiveUsers', defaultMessage: 'Inactive users' },
  institutes: { id: 'admin.dashboard.institutes', defaultMessage: 'Institutes' },
  groups: { id: 'admin.dashboard.groups', defaultMessage: 'User groups' },
  countsFailed: { id: 'admin.dashboard.countsFailed', defaultMessage: 'The counts could not be loaded.' },
  menu: { id: 'admin.menu.label', defaultMessage: 'Administration menu' },
});
