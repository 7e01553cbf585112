// For users whose roles have no screen yet (spec §6 roles built by later issues, or an account
// without any role): what each role will be able to do, what works today, and whom to ask.
import type { ReactElement } from 'react';
import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Role } from '../../domain/permissions/roles';
import { roleMessages } from '../users/roleMessages';
import { waitingMessages } from './waitingMessages';

export function WaitingRolesCard({ roles, institute }: { roles: readonly Role[]; institute: string | null }): ReactElement {
  const intl = useIntl();
  return (
    <Card withBorder component="section" aria-labelledby="dashboard-waiting">
      <Title order={2} size="h4" id="dashboard-waiting" mb="sm">
        {intl.formatMessage(waitingMessages.title)}
      </Title>
      <Stack gap="sm">
        {roles.length === 0 ? (
          <Text size="sm">{intl.formatMessage(waitingMessages.noRole)}</Text>
        ) : (
          <List spacing="xs" size="sm">
            {roles.map((role) => (
              <List.Item key={role}>
                <Text component="span" size="sm" fw={500}>
                  {intl.formatMessage(roleMessages[role])}:
                </Text>{' '}
                {intl.formatMessage(waitingMessages.roles[role as keyof typeof waitingMessages.roles])}
              </List.Item>
            ))}
          </List>
        )}
        <Text size="sm">
          {intl.formatMessage(waitingMessages.meanwhile)}{' '}
          <Anchor component={Link} to="/profile" size="sm">
            {intl.formatMessage(waitingMessages.profileLink)}
          </Anchor>
        </Text>
        <Text size="sm">{institute ? intl.formatMessage(waitingMessages.askAtInstitute, { institute }) : intl.formatMessage(waitingMessages.ask)}</Text>
      </Stack>
    </Card>
  );
}
