import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  requestTitle: { id: 'passwordReset.request.title', defaultMessage: 'Forgotten password' },
  requestIntro: {
    id: 'passwordReset.request.intro',
    defaultMessage: 'Enter the e-mail address of your account. We will send you a link to set a new password; it works once, for one hour.',
  },
  email: { id: 'passwordReset.request.email', defaultMessage: 'E-mail address' },
  send: { id: 'passwordReset.request.send', defaultMessage: 'Send the link' },
  sent: {
    id: 'passwordReset.request.sent',
    defaultMessage: 'If an account belongs to this address, we have sent a link to it. Check your inbox (and the spam folder).',
  },
  backToSignIn: { id: 'passwordReset.backToSignIn', defaultMessage: 'Back to sign-in' },
  resetTitle: { id: 'passwordReset.reset.title', defaultMessage: 'Set a new password' },
  save: { id: 'passwordReset.reset.save', defaultMessage: 'Save the new password' },
  saved: { id: 'passwordReset.reset.saved', defaultMessage: 'Your password has been changed. Sign in with the new one.' },
  invalidLink: {
    id: 'passwordReset.reset.invalidLink',
    defaultMessage: 'This link is invalid, has expired or has already been used. Ask for a new one.',
  },
  requestNew: { id: 'passwordReset.reset.requestNew', defaultMessage: 'Ask for a new link' },
  requestFailed: { id: 'passwordReset.requestFailed', defaultMessage: 'Request failed! Please try again later!' },
});
