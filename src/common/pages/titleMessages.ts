import { defineMessages } from 'react-intl';

export const titleMessages = defineMessages<{ documentTitle: { page: string } }>({
  documentTitle: { id: 'common.pages.documentTitle', defaultMessage: '{page} · Registry' },
});
