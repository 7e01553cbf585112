// /impersonation: an impersonator searches a user and, after a confirmation naming them, acts as
// them. The users list of the administration may offer the same action (it dispatches startRequested).
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Button, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { ImpersonationCandidate } from '../../api/impersonation';
import { useConfirm } from '../../common/confirmDialog';
import { impersonationActions } from './impersonation.slice';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

/** Asks for confirmation naming the user, then starts; for any screen that lists users. */
export function useStartImpersonation(): { ask: (user: Pick<ImpersonationCandidate, 'id' | 'name' | 'email'>) => Promise<void>; dialog: ReactElement } {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { confirm, dialog } = useConfirm();
  const ask = async (user: Pick<ImpersonationCandidate, 'id' | 'name' | 'email'>): Promise<void> => {
    const yes = await confirm({
      title: intl.formatMessage(messages.confirmTitle),
      body: intl.formatMessage(messages.confirmBody, { name: user.name, email: user.email }),
      confirmLabel: intl.formatMessage(messages.confirmLabel),
    });
    if (yes) dispatch(impersonationActions.startRequested({ userId: user.id }));
  };
  return { ask, dialog };
}

export function ActAsPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.pageTitle);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { candidates, status, error } = useAppSelector((state) => state.impersonation);
  const [search, setSearch] = useState('');
  const { ask, dialog } = useStartImpersonation();

  useEffect(() => {
    dispatch(impersonationActions.candidatesRequested({ search }));
  }, [dispatch, search]);

  useEffect(() => {
    if (status !== 'started') return;
    dispatch(impersonationActions.settled());
    void navigate('/');
  }, [status, dispatch, navigate]);

  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.pageTitle)}</Title>
      {status === 'failed' && error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <TextInput
        label={intl.formatMessage(messages.searchLabel)}
        placeholder={intl.formatMessage(messages.searchPlaceholder)}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={100}
      />
      {candidates.error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadFailed)}
        </Alert>
      )}
      {!candidates.loading && candidates.items.length === 0 && !candidates.error && <Text size="sm">{intl.formatMessage(messages.noCandidates)}</Text>}
      <Table>
        <Table.Tbody>
          {candidates.items.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>{user.name}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.institute ?? ''}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" loading={status === 'starting'} onClick={() => void ask(user)} aria-label={intl.formatMessage(messages.actAs, { name: user.name })}>
                  {intl.formatMessage(messages.actAs, { name: user.name })}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {dialog}
    </Stack>
  );
}
