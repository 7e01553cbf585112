// The frame of the screens before sign-in (/login, /registration): the product name, the
// language switch, and the screen in a narrow column.
import type { ReactElement } from 'react';
import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../features/locale/LanguageSwitch';
import { messages } from './messages';

export function PublicLayout(): ReactElement {
  const intl = useIntl();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" justify="space-between" p="md">
        <Text fw={700} size="lg">
          {intl.formatMessage(messages.brand)}
        </Text>
        <LanguageSwitch />
      </Group>
      <Container size={460} component="main" py="lg">
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
