import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  setupTitle: NoMessageValues;
  setupRequired: NoMessageValues;
  setupRequiredFrom: { date: string };
  scanIntro: NoMessageValues;
  qrAlt: NoMessageValues;
  secretLabel: NoMessageValues;
  code: NoMessageValues;
  codeFormat: NoMessageValues;
  verify: NoMessageValues;
  skip: NoMessageValues;
  cannotSkip: NoMessageValues;
  invalidToken: NoMessageValues;
  setupFailed: NoMessageValues;
  retry: NoMessageValues;
  keysTitle: NoMessageValues;
  keysIntro: NoMessageValues;
  keysListLabel: NoMessageValues;
  print: NoMessageValues;
  copy: NoMessageValues;
  copied: NoMessageValues;
  copyFailed: NoMessageValues;
  savedConfirmation: NoMessageValues;
  continue: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  setupTitle: { id: 'mfa.setup.title', defaultMessage: 'Set up two-step verification' },
  setupRequired: { id: 'mfa.setup.required', defaultMessage: 'Your account requires two-step verification.' },
  setupRequiredFrom: {
    id: 'mfa.setup.requiredFrom',
    defaultMessage: 'Two-step verification will be required from {date}. You may set it up now or skip it until then.',
  },
  scanIntro: {
    id: 'mfa.setup.scanIntro',
    defaultMessage: 'Scan the QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or FreeOTP), or type the key below into it. Then enter the 6-digit code the app shows.',
  },
  qrAlt: { id: 'mfa.setup.qrAlt', defaultMessage: 'QR code for the authenticator app' },
  secretLabel: { id: 'mfa.setup.secretLabel', defaultMessage: 'Key for manual entry' },
  code: { id: 'mfa.setup.code', defaultMessage: 'Verification code' },
  codeFormat: { id: 'mfa.setup.codeFormat', defaultMessage: 'The code is 6 digits.' },
  verify: { id: 'mfa.setup.verify', defaultMessage: 'Verify and turn on' },
  skip: { id: 'mfa.setup.skip', defaultMessage: 'Skip for now' },
  cannotSkip: { id: 'mfa.setup.cannotSkip', defaultMessage: 'Cannot skip MFA setup!' },
  invalidToken: { id: 'mfa.setup.invalidToken', defaultMessage: 'Invalid token' },
  setupFailed: { id: 'mfa.setup.failed', defaultMessage: 'Request failed! Please try again later!' },
  retry: { id: 'mfa.setup.retry', defaultMessage: 'Try again' },
  keysTitle: { id: 'mfa.keys.title', defaultMessage: 'Your recovery keys' },
  keysIntro: {
    id: 'mfa.keys.intro',
    defaultMessage: 'If you lose your phone, each of these keys lets you sign in once. They are shown only now: print them or copy them to a safe place.',
  },
  keysListLabel: { id: 'mfa.keys.listLabel', defaultMessage: 'Recovery keys' },
  print: { id: 'mfa.keys.print', defaultMessage: 'Print' },
  copy: { id: 'mfa.keys.copy', defaultMessage: 'Copy' },
  copied: { id: 'mfa.keys.copied', defaultMessage: 'Recovery keys copied to the clipboard.' },
  copyFailed: { id: 'mfa.keys.copyFailed', defaultMessage: 'Copying is not allowed in this browser; select the keys and copy them by hand.' },
  savedConfirmation: { id: 'mfa.keys.savedConfirmation', defaultMessage: 'I saved recovery codes' },
  continue: { id: 'mfa.keys.continue', defaultMessage: 'Continue' },
});
