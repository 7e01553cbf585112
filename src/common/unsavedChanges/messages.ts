import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'common.unsavedChanges.title', defaultMessage: 'Unsaved changes' },
  body: {
    id: 'common.unsavedChanges.body',
    defaultMessage: 'Are you sure? If you navigate all unsaved progress will lost!',
  },
});
