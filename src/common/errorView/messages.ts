import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'common.errorView.title', defaultMessage: "It looks like we're having issues." },
  notified: { id: 'common.errorView.notified', defaultMessage: 'Our team has been notified.' },
  feedbackIntro: {
    id: 'common.errorView.feedbackIntro',
    defaultMessage: "If you'd like to help, tell us what happened below.",
  },
  name: { id: 'common.errorView.name', defaultMessage: 'Name' },
  email: { id: 'common.errorView.email', defaultMessage: 'E-mail' },
  comments: { id: 'common.errorView.comments', defaultMessage: 'What happened?' },
  submit: { id: 'common.errorView.submit', defaultMessage: 'Send feedback' },
  sent: { id: 'common.errorView.sent', defaultMessage: 'Thank you! Your feedback has been sent.' },
  sendFailed: { id: 'common.errorView.sendFailed', defaultMessage: 'Request failed! Please try again later!' },
  adblock: {
    id: 'common.errorView.adblock',
    defaultMessage:
      'The error report could not be sent: an ad blocker or a privacy extension may be blocking it. Please allow this site in it, or tell your administrator what happened.',
  },
  reload: { id: 'common.errorView.reload', defaultMessage: 'Reload the page' },
  commentsRequired: { id: 'common.errorView.commentsRequired', defaultMessage: 'Please describe what happened.' },
  invalidEmail: { id: 'common.errorView.invalidEmail', defaultMessage: 'Invalid e-mail address' },
});
