import type { ReactElement } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { messages } from './messages';
import { useDocumentTitle } from './useDocumentTitle';

export function NotFoundPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.notFoundTitle);
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{intl.formatMessage(messages.notFoundTitle)}</Title>
        <Text>{intl.formatMessage(messages.notFoundBody)}</Text>
        <Anchor component={Link} to="/">
          {intl.formatMessage(messages.home)}
        </Anchor>
      </Stack>
    </Container>
  );
}
