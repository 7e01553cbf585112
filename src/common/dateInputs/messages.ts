import { defineMessages } from 'react-intl';

export const messages = defineMessages<{ clear: { field: string } }>({
  clear: { id: 'common.dateInput.clear', defaultMessage: 'Clear {field}' },
});
