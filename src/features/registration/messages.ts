import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  backToSignIn: NoMessageValues;
  formTitle: NoMessageValues;
  formIntro: NoMessageValues;
  name: NoMessageValues;
  email: NoMessageValues;
  password: NoMessageValues;
  passwordConfirmation: NoMessageValues;
  institute: NoMessageValues;
  institutePlaceholder: NoMessageValues;
  noInstitute: NoMessageValues;
  institutesFailed: NoMessageValues;
  phone: NoMessageValues;
  doctor: NoMessageValues;
  notes: NoMessageValues;
  captcha: NoMessageValues;
  captchaNotSet: NoMessageValues;
  captchaLoading: NoMessageValues;
  captchaFailed: NoMessageValues;
  retry: NoMessageValues;
  submit: NoMessageValues;
  submitFailed: NoMessageValues;
  noMailLink: NoMessageValues;
  noticeTitle: NoMessageValues;
  noticeSentTo: { email: string };
  noticeSent: NoMessageValues;
  noticeNext: NoMessageValues;
  noticeNoMail: NoMessageValues;
  noticeResend: NoMessageValues;
  resendTitle: NoMessageValues;
  resendIntro: NoMessageValues;
  resendSend: NoMessageValues;
  resendSent: NoMessageValues;
  requestFailed: NoMessageValues;
  confirmTitle: NoMessageValues;
  confirmInProgress: NoMessageValues;
  confirmSuccess: NoMessageValues;
  confirmFailed: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  backToSignIn: { id: 'registration.common.backToSignIn', defaultMessage: 'Back to sign-in' },
  formTitle: { id: 'registration.form.title', defaultMessage: 'Registration' },
  formIntro: {
    id: 'registration.form.intro',
    defaultMessage: 'Ask for an account. We will send a confirmation link to your e-mail address; after you confirm it, an administrator activates your account.',
  },
  name: { id: 'registration.form.name', defaultMessage: 'Name' },
  email: { id: 'registration.form.email', defaultMessage: 'E-mail address' },
  password: { id: 'registration.form.password', defaultMessage: 'Password' },
  passwordConfirmation: { id: 'registration.form.passwordConfirmation', defaultMessage: 'Password again' },
  institute: { id: 'registration.form.institute', defaultMessage: 'Institute' },
  institutePlaceholder: { id: 'registration.form.institutePlaceholder', defaultMessage: 'Type to search' },
  noInstitute: { id: 'registration.form.noInstitute', defaultMessage: 'No matching institute' },
  institutesFailed: { id: 'registration.form.institutesFailed', defaultMessage: 'Can not load institutes, please contact an administrator!' },
  phone: { id: 'registration.form.phone', defaultMessage: 'Phone number (optional)' },
  doctor: { id: 'registration.form.doctor', defaultMessage: 'I am a physician' },
  notes: { id: 'registration.form.notes', defaultMessage: 'Notes (optional)' },
  captcha: { id: 'registration.form.captcha', defaultMessage: 'Security check' },
  captchaNotSet: { id: 'registration.form.captchaNotSet', defaultMessage: 'captcha not set' },
  captchaLoading: { id: 'registration.form.captchaLoading', defaultMessage: 'Loading the security check…' },
  captchaFailed: { id: 'registration.form.captchaFailed', defaultMessage: 'The security check could not be loaded.' },
  retry: { id: 'registration.common.retry', defaultMessage: 'Try again' },
  submit: { id: 'registration.form.submit', defaultMessage: 'Register' },
  submitFailed: { id: 'registration.form.failed', defaultMessage: 'Registration failed! Please try again later!' },
  noMailLink: { id: 'registration.form.noMailLink', defaultMessage: 'Registered already but got no confirmation e-mail?' },
  noticeTitle: { id: 'registration.notice.title', defaultMessage: 'Confirm your e-mail address' },
  noticeSentTo: {
    id: 'registration.notice.sentTo',
    defaultMessage: 'We have sent a confirmation link to {email}. Open it to confirm your address; it is valid for 7 days.',
  },
  noticeSent: {
    id: 'registration.notice.sent',
    defaultMessage: 'We have sent a confirmation link to your e-mail address. Open it to confirm your address; it is valid for 7 days.',
  },
  noticeNext: {
    id: 'registration.notice.next',
    defaultMessage: 'After the confirmation an administrator will activate your account; you will get an e-mail.',
  },
  noticeNoMail: { id: 'registration.notice.noMail', defaultMessage: 'No e-mail arrived? Check the spam folder, or ask for a new link.' },
  noticeResend: { id: 'registration.notice.resend', defaultMessage: 'Send the link again' },
  resendTitle: { id: 'registration.resend.title', defaultMessage: 'Resend the confirmation link' },
  resendIntro: {
    id: 'registration.resend.intro',
    defaultMessage: 'Enter the e-mail address you registered with. If the registration is not confirmed yet, we send a new confirmation link to it.',
  },
  resendSend: { id: 'registration.resend.send', defaultMessage: 'Send the link' },
  resendSent: {
    id: 'registration.resend.sent',
    defaultMessage: 'If an unconfirmed registration belongs to this address, we have sent a new link to it. Check your inbox (and the spam folder).',
  },
  requestFailed: { id: 'registration.common.requestFailed', defaultMessage: 'Request failed! Please try again later!' },
  confirmTitle: { id: 'registration.confirm.title', defaultMessage: 'E-mail confirmation' },
  confirmInProgress: { id: 'registration.confirm.inProgress', defaultMessage: 'Confirming your e-mail address…' },
  confirmSuccess: {
    id: 'registration.confirm.success',
    defaultMessage: 'Your e-mail address is confirmed. An administrator will activate your account; you will get an e-mail.',
  },
  confirmFailed: { id: 'registration.confirm.failed', defaultMessage: 'Email confirmation failed. Please contact our administrator.' },
});
