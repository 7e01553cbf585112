// A form backup (unsaved work kept in this browser) found when the form opened: restore it over the
// form as the server holds it now (the form then counts as unsaved), or discard it. A backup taken
// against an older version is still offered, with the fields the server changed since marked.
import type { ReactElement } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useConfirm } from '../../common/confirmDialog';
import type { FormDescriptor } from '../../domain/forms';
import { ChangesTable } from './ChangesTable';
import { formPageActions } from './formPage.slice';
import { selectBackupComparison } from './formPage.selectors';
import { messages } from './messages';
import { TypedTexts } from './TypedTexts';
import { useFormatter } from '../../i18n/useFormatter';

export function BackupOffer({ descriptor }: { descriptor: FormDescriptor | null }): ReactElement | null {
  const intl = useIntl();
  const format = useFormatter();
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const comparison = useAppSelector(selectBackupComparison);
  if (!comparison) return null;
  const { backup } = comparison;
  const time = format.dateTime(backup.savedAt);

  const discard = async (): Promise<void> => {
    const confirmed = await confirm({
      title: intl.formatMessage(messages.backupDiscardTitle),
      body: intl.formatMessage(messages.backupDiscardBody),
      confirmLabel: intl.formatMessage(messages.backupDiscard),
      danger: true,
    });
    if (confirmed) dispatch(formPageActions.backupDiscarded());
  };

  return (
    <>
      <Alert color="blue" role="region" aria-label={intl.formatMessage(messages.backupTitle)} title={intl.formatMessage(messages.backupTitle)}>
        <Stack gap="sm">
          {comparison.allowed ? (
            <Text size="sm">{intl.formatMessage(messages.backupLocked)}</Text>
          ) : (
            <Text size="sm">{intl.formatMessage(messages.backupNotAllowed)}</Text>
          )}
          {comparison.serverChanged && <Text size="sm">{intl.formatMessage(messages.backupServerChanged)}</Text>}
          <ChangesTable changes={comparison.changes} descriptor={descriptor} />
          <TypedTexts
            title={messages.yourNotes}
            texts={Object.entries(backup.notes).map(([path, text]) => ({ path, text }))}
            descriptor={descriptor}
          />
          <Group>
            {comparison.allowed && (
              <Button onClick={() => dispatch(formPageActions.backupRestored())}>{intl.formatMessage(messages.backupRestore, { time })}</Button>
            )}
            <Button variant="default" color="red" onClick={() => void discard()}>
              {intl.formatMessage(messages.backupDiscard)}
            </Button>
          </Group>
        </Stack>
      </Alert>
      {dialog}
    </>
  );
}
