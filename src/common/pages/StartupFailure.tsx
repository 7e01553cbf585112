// Shown when the client configuration cannot be loaded at startup: nothing works without it.
import type { ReactElement } from 'react';
import { Alert, Button, Container, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { messages } from './messages';

export function StartupFailure({ onRetry }: { onRetry: () => void }): ReactElement {
  const intl = useIntl();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.startupFailed)}
        </Alert>
        <Button onClick={onRetry}>{intl.formatMessage(messages.retry)}</Button>
      </Stack>
    </Container>
  );
}
