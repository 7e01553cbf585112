// The frame of the screens before sign-in (/login, /registration): the product name, the
// language switch, and the screen in a narrow column. The light public shell and the full app's
// router (its Outlet) both render the screen in it.
import type { ReactElement, ReactNode } from 'react';
import { Box, Container, Group, Paper, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LanguageSwitch } from '../../features/locale/LanguageSwitch';
import { messages } from './messages';

export function PublicLayout({ children }: { children: ReactNode }): ReactElement {
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
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
