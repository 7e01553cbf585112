// A user's effective access on their details page: each code, where it holds and through which
// entry or group (GET /users/{id}/effective-access, computed by the enforcing domain function).
import { useEffect, type ReactElement } from 'react';
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { EffectiveGrantView } from '../../api/accessLists';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { accessListsActions, selectEffectiveAccess } from './accessLists.slice';
import { messages } from './messages';

export function EffectiveAccessPanel({ userId }: { userId: string }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const effective = useAppSelector(selectEffectiveAccess);
  useEffect(() => void dispatch(accessListsActions.effectiveAccessRequested(userId)), [dispatch, userId]);
  const all = intl.formatMessage(messages.all);
  const title = intl.formatMessage(messages.effectiveTitle);
  const where = (grant: EffectiveGrantView, key: 'registry' | 'formType' | 'institute'): string => grant[key]?.name ?? all;
  const access = effective.userId === userId ? effective.access : null;
  let body: ReactElement;
  if (effective.error) {
    body = (
      <Alert color="red" role="alert">
        {intl.formatMessage(messages.loadError)}
      </Alert>
    );
  } else if (!access) body = <Text>…</Text>;
  else if (access.admin) body = <Text>{intl.formatMessage(messages.effectiveAdmin)}</Text>;
  else if (access.grants.length === 0) body = <Text>{intl.formatMessage(messages.effectiveNone)}</Text>;
  else {
    body = (
      <Table striped withTableBorder aria-label={title}>
        <Table.Thead>
          <Table.Tr>
            {[messages.code, messages.registry, messages.formType, messages.institute, messages.physician, messages.scheme, messages.effectiveVia].map((m) => (
              <Table.Th key={m.id}>{intl.formatMessage(m)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {access.grants.map((grant) => (
            <Table.Tr key={`${grant.code}-${grant.entryId}`}>
              <Table.Td>{grant.code}</Table.Td>
              <Table.Td>{where(grant, 'registry')}</Table.Td>
              <Table.Td>{where(grant, 'formType')}</Table.Td>
              <Table.Td>{where(grant, 'institute')}</Table.Td>
              <Table.Td>{grant.implicit ? intl.formatMessage(messages.effectiveOwnPatients) : (grant.physician?.name ?? all)}</Table.Td>
              <Table.Td>
                {grant.scheme} ({grant.kind})
              </Table.Td>
              <Table.Td>{grant.via.groupId ? `${intl.formatMessage(messages.effectiveGroup)} ${grant.via.name}` : grant.via.name}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      {body}
    </Stack>
  );
}
