// Recovery keys, shown once after verification or regeneration (spec auth §2): print, copy, and
// a required "I saved recovery codes" before moving on.
import { useState, type ReactElement } from 'react';
import { Button, Checkbox, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../app/hooks';
import { mfaActions } from './mfaSetup.slice';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

export interface RecoveryKeysPanelProps {
  recoveryKeys: string[];
  onConfirmed?: () => void;
}

export function RecoveryKeysPanel({ recoveryKeys, onConfirmed }: RecoveryKeysPanelProps): ReactElement {
  const intl = useIntl();
  // A page of its own at sign-in; inside the profile (onConfirmed) the profile titles the page.
  useDocumentTitle(onConfirmed ? null : messages.keysTitle);
  const dispatch = useAppDispatch();
  const [saved, setSaved] = useState(false);

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(recoveryKeys.join('\n'));
      notifications.show({ message: intl.formatMessage(messages.copied) });
    } catch {
      notifications.show({ color: 'yellow', message: intl.formatMessage(messages.copyFailed) });
    }
  };

  return (
    <Stack>
      <Title order={1} size="h2">
        {intl.formatMessage(messages.keysTitle)}
      </Title>
      <Text size="sm">{intl.formatMessage(messages.keysIntro)}</Text>
      <List type="ordered" aria-label={intl.formatMessage(messages.keysListLabel)} data-testid="recovery-keys">
        {recoveryKeys.map((key) => (
          <List.Item key={key}>
            <Code fz="md">{key}</Code>
          </List.Item>
        ))}
      </List>
      <Group>
        <Button variant="default" onClick={() => window.print()}>
          {intl.formatMessage(messages.print)}
        </Button>
        <Button variant="default" onClick={() => void copy()}>
          {intl.formatMessage(messages.copy)}
        </Button>
      </Group>
      <Checkbox
        label={intl.formatMessage(messages.savedConfirmation)}
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button
        disabled={!saved}
        onClick={() => {
          dispatch(mfaActions.recoveryKeysConfirmed());
          onConfirmed?.();
        }}
      >
        {intl.formatMessage(messages.continue)}
      </Button>
    </Stack>
  );
}
