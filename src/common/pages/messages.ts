import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  notFoundTitle: { id: 'common.pages.notFoundTitle', defaultMessage: 'Page not found' },
  notFoundBody: { id: 'common.pages.notFoundBody', defaultMessage: 'The address may be mistyped, or the page has moved.' },
  home: { id: 'common.pages.home', defaultMessage: 'Go to the start page' },
  loading: { id: 'common.pages.loading', defaultMessage: 'Loading…' },
  startupFailed: {
    id: 'common.pages.startupFailed',
    defaultMessage: 'The server cannot be reached. Please try again later!',
  },
  retry: { id: 'common.pages.retry', defaultMessage: 'Try again' },
});
