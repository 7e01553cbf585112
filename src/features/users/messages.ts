import { defineMessages, type NoMessageValues, type MessageDescriptor } from 'react-intl';
import type { MfaPolicy, UserState } from '../../api/users';

const MESSAGE_DEFINITIONS = {
  title: { id: 'users.list.title', defaultMessage: 'Users' },
  gridLabel: { id: 'users.list.gridLabel', defaultMessage: 'Users' },
  newUser: { id: 'users.list.newUser', defaultMessage: 'New user' },
  loadError: { id: 'users.list.loadError', defaultMessage: 'The users could not be loaded.' },
  name: { id: 'users.field.name', defaultMessage: 'Name' },
  email: { id: 'users.field.email', defaultMessage: 'E-mail' },
  phone: { id: 'users.field.phone', defaultMessage: 'Phone' },
  doctor: { id: 'users.field.doctor', defaultMessage: 'Doctor' },
  legacyDoctorCode: { id: 'users.field.legacyDoctorCode', defaultMessage: 'Legacy doctor code' },
  institute: { id: 'users.field.institute', defaultMessage: 'Institute' },
  country: { id: 'users.field.country', defaultMessage: 'Country' },
  city: { id: 'users.field.city', defaultMessage: 'City' },
  notes: { id: 'users.field.notes', defaultMessage: 'Notes' },
  registry: { id: 'users.field.registry', defaultMessage: 'Registry' },
  displayId: { id: 'users.field.displayId', defaultMessage: 'Display ID' },
  roles: { id: 'users.field.roles', defaultMessage: 'Roles' },
  state: { id: 'users.field.state', defaultMessage: 'State' },
  userGroup: { id: 'users.field.userGroup', defaultMessage: 'User group' },
  mfaPolicy: { id: 'users.field.mfaPolicy', defaultMessage: 'MFA policy' },
  mfaEnforcedAt: { id: 'users.field.mfaEnforcedAt', defaultMessage: 'MFA required from' },
  mfaConfigured: { id: 'users.field.mfaConfigured', defaultMessage: 'MFA set up' },
  resetMfa: { id: 'users.field.resetMfa', defaultMessage: 'Reset MFA (the user sets it up again at the next sign-in)' },
  preventAutomaticInactivation: { id: 'users.field.preventAutomaticInactivation', defaultMessage: 'Never inactivate automatically' },
  deactivatedUsersNotification: { id: 'users.field.deactivatedUsersNotification', defaultMessage: 'Notify me of deactivated users' },
  inactiveUsersNotification: { id: 'users.field.inactiveUsersNotification', defaultMessage: 'Notify me of soon-to-be-inactive users' },
  lastLoginAt: { id: 'users.field.lastLoginAt', defaultMessage: 'Last sign-in' },
  yes: { id: 'users.field.yes', defaultMessage: 'Yes' },
  no: { id: 'users.field.no', defaultMessage: 'No' },
  legendBasic: { id: 'users.form.legendBasic', defaultMessage: 'Basic data' },
  legendAccount: { id: 'users.form.legendAccount', defaultMessage: 'Account' },
  legendMfa: { id: 'users.form.legendMfa', defaultMessage: 'MFA' },
  legendInactivation: { id: 'users.form.legendInactivation', defaultMessage: 'Inactivation' },
  newTitle: { id: 'users.form.newTitle', defaultMessage: 'New user' },
  editTitle: { id: 'users.form.editTitle', defaultMessage: 'Edit user: {name}' },
  newHint: { id: 'users.form.newHint', defaultMessage: 'The user gets an e-mail with a link to choose a password.' },
  required: { id: 'users.form.required', defaultMessage: 'Required' },
  invalidEmail: { id: 'users.form.invalidEmail', defaultMessage: 'Invalid e-mail address' },
  save: { id: 'users.form.save', defaultMessage: 'Save' },
  cancel: { id: 'users.form.cancel', defaultMessage: 'Cancel' },
  saveFailed: { id: 'users.form.saveFailed', defaultMessage: 'The user could not be saved: {message}' },
  edit: { id: 'users.details.edit', defaultMessage: 'Edit' },
  activate: { id: 'users.details.activate', defaultMessage: 'Activate' },
  deactivate: { id: 'users.details.deactivate', defaultMessage: 'Deactivate' },
  delete: { id: 'users.details.delete', defaultMessage: 'Delete' },
  backToList: { id: 'users.details.backToList', defaultMessage: 'All users' },
  loadUserError: { id: 'users.details.loadError', defaultMessage: 'The user could not be loaded: {message}' },
  activateConfirm: { id: 'users.details.activateConfirm', defaultMessage: 'Activate {name}? They get an e-mail and can sign in.' },
  deactivateConfirm: { id: 'users.details.deactivateConfirm', defaultMessage: 'Deactivate {name}? Every session of theirs ends at once.' },
  deleteConfirm: { id: 'users.details.deleteConfirm', defaultMessage: 'Delete {name}?' },
  deleteBody: { id: 'users.details.deleteBody', defaultMessage: 'The account is removed for good.' },
  deleteDeactivatesBody: {
    id: 'users.details.deleteDeactivatesBody',
    defaultMessage: 'Clinical records name this user, so the account is deactivated instead of deleted: the records keep their author.',
  },
  actionFailed: { id: 'users.details.actionFailed', defaultMessage: 'The action failed: {message}' },
  savedNotice: { id: 'users.details.savedNotice', defaultMessage: 'The user has been saved.' },
  activatedNotice: { id: 'users.details.activatedNotice', defaultMessage: 'The user has been activated and notified by e-mail.' },
  deactivatedNotice: { id: 'users.details.deactivatedNotice', defaultMessage: 'The user has been deactivated.' },
  deletedNotice: { id: 'users.details.deletedNotice', defaultMessage: 'The user has been deleted.' },
} as const;

/** Values of the messages with placeholders; every other message takes none. */
type MessageValueTypes = Omit<{ [K in keyof typeof MESSAGE_DEFINITIONS]: NoMessageValues }, 'editTitle' | 'saveFailed' | 'loadUserError' | 'activateConfirm' | 'deactivateConfirm' | 'deleteConfirm' | 'actionFailed'> & { editTitle: { name: string }; saveFailed: { message: string }; loadUserError: { message: string }; activateConfirm: { name: string }; deactivateConfirm: { name: string }; deleteConfirm: { name: string }; actionFailed: { message: string } };

export const messages = defineMessages<MessageValueTypes>(MESSAGE_DEFINITIONS);


export const stateMessages: Record<UserState, MessageDescriptor> = defineMessages({
  unconfirmed: { id: 'users.state.unconfirmed', defaultMessage: 'Unconfirmed' },
  confirmed: { id: 'users.state.confirmed', defaultMessage: 'Awaiting activation' },
  active: { id: 'users.state.active', defaultMessage: 'Active' },
  inactive: { id: 'users.state.inactive', defaultMessage: 'Inactive' },
});

export const mfaPolicyMessages: Record<MfaPolicy, MessageDescriptor> = defineMessages({
  user: { id: 'users.mfaPolicy.user', defaultMessage: 'By the user\'s choice' },
  enforced: { id: 'users.mfaPolicy.enforced', defaultMessage: 'Enforced' },
  forbidden: { id: 'users.mfaPolicy.forbidden', defaultMessage: 'Forbidden' },
});

// The role names live in their own module: the dashboard shows them without the user screens' texts.
export { roleMessages } from './roleMessages';
