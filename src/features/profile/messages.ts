import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'profile.page.title', defaultMessage: 'Profile settings' },
  loadFailed: { id: 'profile.page.loadFailed', defaultMessage: 'Request failed! Please try again later!' },
  preferencesTitle: { id: 'profile.preferences.title', defaultMessage: 'Preferences' },
  perPage: { id: 'profile.preferences.perPage', defaultMessage: 'Rows per page in lists' },
  passwordTitle: { id: 'profile.password.title', defaultMessage: 'Change password' },
  currentPassword: { id: 'profile.password.current', defaultMessage: 'Current password' },
  changePassword: { id: 'profile.password.submit', defaultMessage: 'Change password' },
  passwordChanged: {
    id: 'profile.password.changed',
    defaultMessage: 'Your password has been changed. Your other sessions have been signed out.',
  },
  invalidPassword: { id: 'profile.password.invalid', defaultMessage: 'Invalid password' },
  mfaTitle: { id: 'profile.mfa.title', defaultMessage: 'Two-step verification (MFA)' },
  mfaOn: { id: 'profile.mfa.on', defaultMessage: 'Two-step verification is on.' },
  mfaNotConfigured: { id: 'profile.mfa.notConfigured', defaultMessage: 'MFA is not configured' },
  mfaForbidden: { id: 'profile.mfa.forbidden', defaultMessage: 'Two-step verification is turned off for your account by an administrator.' },
  mfaEnforced: { id: 'profile.mfa.enforced', defaultMessage: 'Your administrator requires two-step verification for your account.' },
  enable: { id: 'profile.mfa.enable', defaultMessage: 'Set up two-step verification' },
  cancel: { id: 'profile.mfa.cancel', defaultMessage: 'Cancel' },
  regenerate: { id: 'profile.mfa.regenerate', defaultMessage: 'New recovery keys' },
  regenerateHint: {
    id: 'profile.mfa.regenerateHint',
    defaultMessage: 'New recovery keys replace the old ones at once. Enter your password to continue.',
  },
  disable: { id: 'profile.mfa.disable', defaultMessage: 'Turn off two-step verification' },
  disableHint: { id: 'profile.mfa.disableHint', defaultMessage: 'Enter your password to turn off two-step verification.' },
  password: { id: 'profile.mfa.password', defaultMessage: 'Password' },
  regenerationFailed: { id: 'profile.mfa.regenerationFailed', defaultMessage: 'Recovery key generation failed' },
  disablingFailed: { id: 'profile.mfa.disablingFailed', defaultMessage: 'Disabling MFA failed' },
  disabled: { id: 'profile.mfa.disabled', defaultMessage: 'Two-step verification has been turned off.' },
});
