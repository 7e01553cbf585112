// A yes/no question in a modal. Escape and the overlay count as "cancel", never as "confirm".
import type { ReactElement, ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { messages } from './messages';

export interface ConfirmDialogProps {
  opened: boolean;
  /** Already localized; also the accessible name of the dialog. */
  title: ReactNode;
  body?: ReactNode;
  /** Defaults: "Igen" / "Yes". */
  confirmLabel?: ReactNode;
  /** Defaults: "Mégse" / "Cancel". */
  cancelLabel?: ReactNode;
  /** Destructive action (delete, discard): red confirm button, focus starts on cancel. */
  danger?: boolean;
  /** The confirmed action is running: the confirm button spins and the dialog cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps): ReactElement {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      centered
      withCloseButton={false}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
    >
      {body !== undefined && (typeof body === 'string' ? <Text size="sm">{body}</Text> : body)}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus={danger || undefined}>
          {cancelLabel ?? intl.formatMessage(messages.cancel)}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={onConfirm}
          loading={busy}
          data-autofocus={!danger || undefined}
        >
          {confirmLabel ?? intl.formatMessage(messages.confirm)}
        </Button>
      </Group>
    </Modal>
  );
}
