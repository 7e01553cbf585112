// The body rows that replace data rows: error (with retry), empty, and loading-without-rows.
import type { ReactElement } from 'react';
import { Alert, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { messages } from './messages';
import type { GridError } from './types';

interface StatusRowProps {
  columnCount: number;
  kind: 'error' | 'empty' | 'loading';
  error?: GridError | null;
  onRetry?: () => void;
}

function ErrorContent({ error, onRetry }: { error?: GridError | null; onRetry?: () => void }): ReactElement {
  const intl = useIntl();
  let detail: string | null = null;
  if (error?.message) {
    detail = error.status
      ? intl.formatMessage(messages.errorDetail, { message: error.message, status: error.status })
      : error.message;
  }
  return (
    <Alert color="red" role="alert" title={intl.formatMessage(messages.loadError)}>
      <Stack gap="xs" align="flex-start">
        {detail && <Text size="sm">{detail}</Text>}
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {intl.formatMessage(messages.retry)}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function DataGridStatusRow({ columnCount, kind, error, onRetry }: StatusRowProps): ReactElement {
  const intl = useIntl();
  let content: ReactElement;
  if (kind === 'error') content = <ErrorContent error={error} onRetry={onRetry} />;
  else if (kind === 'empty') content = <Text c="dimmed">{intl.formatMessage(messages.empty)}</Text>;
  // The spoken "loading" text lives in the grid's status region; this spinner is only visual.
  else content = <Loader size="sm" aria-hidden="true" />;

  return (
    <Table.Tr>
      <Table.Td colSpan={Math.max(1, columnCount)}>
        <Center py="md">{content}</Center>
      </Table.Td>
    </Table.Tr>
  );
}
