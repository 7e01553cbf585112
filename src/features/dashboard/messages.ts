import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  title: NoMessageValues;
  welcome: { name: string };
  institute: { institute: string };
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'dashboard.page.title', defaultMessage: 'Dashboard' },
  welcome: { id: 'dashboard.page.welcome', defaultMessage: 'Welcome, {name}!' },
  institute: { id: 'dashboard.page.institute', defaultMessage: 'Institute: {institute}' },
});
