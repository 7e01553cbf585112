import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'common.unsavedChanges.title', defaultMessage: 'Unsaved changes' },
  body: {
    id: 'common.unsavedChanges.body',
    defaultMessage: 'Are you sure? If you leave this page, all unsaved progress will be lost.',
  },
});
