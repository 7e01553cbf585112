export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { useConfirm, type ConfirmOptions, type UseConfirmResult } from './useConfirm';
export { messages as confirmDialogMessages } from './messages';
