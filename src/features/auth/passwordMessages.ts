// Texts of the password and e-mail rules (spec auth §5), shared by reset, change and registration.
import { defineMessages } from 'react-intl';
import type { IntlShape } from 'react-intl';
import type { PasswordTexts } from './validation';

export const passwordMessages = defineMessages({
  required: { id: 'auth.password.required', defaultMessage: 'Required' },
  notComplexEnough: { id: 'auth.password.notComplexEnough', defaultMessage: 'password not complex enough' },
  doNotMatch: { id: 'auth.password.doNotMatch', defaultMessage: 'Passwords do not match' },
  invalidEmail: { id: 'auth.password.invalidEmail', defaultMessage: 'Invalid e-mail address' },
  rules: {
    id: 'auth.password.rules',
    defaultMessage: 'At least 10 characters, with at least 3 of: uppercase letter, lowercase letter, digit, special character.',
  },
  newPassword: { id: 'auth.password.newPassword', defaultMessage: 'New password' },
  confirmation: { id: 'auth.password.confirmation', defaultMessage: 'New password again' },
});

export function passwordTexts(intl: IntlShape): PasswordTexts {
  return {
    required: intl.formatMessage(passwordMessages.required),
    notComplexEnough: intl.formatMessage(passwordMessages.notComplexEnough),
    doNotMatch: intl.formatMessage(passwordMessages.doNotMatch),
  };
}
