import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  close: { id: 'common.slidePane.close', defaultMessage: 'Close' },
});
