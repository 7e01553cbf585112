import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'admin.dashboard.title', defaultMessage: 'Administration' },
  noPermission: { id: 'admin.dashboard.noPermission', defaultMessage: "You haven't got permission to view this resource" },
});
