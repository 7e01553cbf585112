import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  pageTitle: NoMessageValues;
  searchLabel: NoMessageValues;
  searchPlaceholder: NoMessageValues;
  noCandidates: NoMessageValues;
  actAs: { name: string };
  confirmTitle: NoMessageValues;
  confirmBody: { name: string; email: string };
  confirmLabel: NoMessageValues;
  banner: { impersonator: string; user: string };
  exit: NoMessageValues;
  loadFailed: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  pageTitle: { id: 'impersonation.page.title', defaultMessage: 'Act as another user' },
  searchLabel: { id: 'impersonation.page.searchLabel', defaultMessage: 'Search by name or e-mail' },
  searchPlaceholder: { id: 'impersonation.page.searchPlaceholder', defaultMessage: 'Name or e-mail' },
  noCandidates: { id: 'impersonation.page.noCandidates', defaultMessage: 'No user found.' },
  actAs: { id: 'impersonation.page.actAs', defaultMessage: 'Act as {name}' },
  confirmTitle: { id: 'impersonation.confirm.title', defaultMessage: 'Act as another user?' },
  confirmBody: {
    id: 'impersonation.confirm.body',
    defaultMessage: 'You will act as {name} ({email}) with their permissions. Everything you save is recorded as done by you on behalf of them. Use Exit in the banner to return.',
  },
  confirmLabel: { id: 'impersonation.confirm.confirm', defaultMessage: 'Act as this user' },
  banner: { id: 'impersonation.banner.text', defaultMessage: '{impersonator} is acting as {user}.' },
  exit: { id: 'impersonation.banner.exit', defaultMessage: 'Exit' },
  loadFailed: { id: 'impersonation.page.loadFailed', defaultMessage: 'The users could not be loaded.' },
});
