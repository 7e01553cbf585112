// The user dashboard. Its cards (accessible registries, attendance list, start attendance, to-do
// list, institute biobank) arrive with the clinical core; until then it greets the user.
import type { ReactElement } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { messages } from './messages';

export function DashboardPage(): ReactElement {
  const intl = useIntl();
  const user = useAppSelector(selectCurrentUser);
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      <Card withBorder>
        <Text fw={500}>{intl.formatMessage(messages.welcome, { name: user?.name ?? '' })}</Text>
        {user?.institute && <Text size="sm">{intl.formatMessage(messages.institute, { institute: user.institute.name })}</Text>}
      </Card>
    </Stack>
  );
}
