import { defineMessages, type NoMessageValues } from 'react-intl';

const MESSAGE_DEFINITIONS = {
  title: { id: 'groups.list.title', defaultMessage: 'User groups' },
  gridLabel: { id: 'groups.list.gridLabel', defaultMessage: 'User groups' },
  newGroup: { id: 'groups.list.newGroup', defaultMessage: 'New group' },
  loadError: { id: 'groups.list.loadError', defaultMessage: 'The groups could not be loaded.' },
  name: { id: 'groups.field.name', defaultMessage: 'Name' },
  groupType: { id: 'groups.field.groupType', defaultMessage: 'Group type' },
  memberCount: { id: 'groups.field.memberCount', defaultMessage: 'Members' },
  members: { id: 'groups.field.members', defaultMessage: 'Members' },
  noMembers: { id: 'groups.form.noMembers', defaultMessage: 'The group has no members yet.' },
  searchUsers: { id: 'groups.form.searchUsers', defaultMessage: 'Search users by name' },
  add: { id: 'groups.form.add', defaultMessage: 'Add {name}' },
  remove: { id: 'groups.form.remove', defaultMessage: 'Remove {name}' },
  newTitle: { id: 'groups.form.newTitle', defaultMessage: 'New user group' },
  editTitle: { id: 'groups.form.editTitle', defaultMessage: 'Edit user group: {name}' },
  required: { id: 'groups.form.required', defaultMessage: 'Required' },
  save: { id: 'groups.form.save', defaultMessage: 'Save' },
  cancel: { id: 'groups.form.cancel', defaultMessage: 'Cancel' },
  delete: { id: 'groups.form.delete', defaultMessage: 'Delete group' },
  deleteConfirm: { id: 'groups.form.deleteConfirm', defaultMessage: 'Delete the group {name}?' },
  failed: { id: 'groups.form.failed', defaultMessage: 'The group could not be saved or deleted: {message}' },
  loadGroupError: { id: 'groups.form.loadError', defaultMessage: 'The group could not be loaded: {message}' },
} as const;

/** Values of the messages with placeholders; every other message takes none. */
type MessageValueTypes = Omit<{ [K in keyof typeof MESSAGE_DEFINITIONS]: NoMessageValues }, 'add' | 'remove' | 'editTitle' | 'deleteConfirm' | 'failed' | 'loadGroupError'> & { add: { name: string }; remove: { name: string }; editTitle: { name: string }; deleteConfirm: { name: string }; failed: { message: string }; loadGroupError: { message: string } };

export const messages = defineMessages<MessageValueTypes>(MESSAGE_DEFINITIONS);

