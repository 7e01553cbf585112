export { UnsavedChangesGuard, useUnsavedChangesGuard } from './useUnsavedChangesGuard';
export { messages as unsavedChangesMessages } from './messages';
