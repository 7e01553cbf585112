// /admin/users: the accounts the caller administers, filtered, sorted and paged by the server. A
// link from the admin dashboard arrives with ?state=confirmed (awaiting activation).
import { useEffect, useMemo, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { USER_STATES, type User } from '../../api/users';
import { createGridQuery, DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { grantableRoles } from '../../domain/permissions/administration';
import { ROLES, type Role } from '../../domain/permissions/roles';
import { selectAdminActor } from '../admin/adminActor';
import { selectPerPage } from '../profile/profile.selectors';
import { messages, roleMessages, stateMessages } from './messages';
import { usersActions } from './users.slice';
import { selectUserList, selectUserReferences } from './users.selectors';
import { useFormatter } from '../../i18n/useFormatter';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

function RoleList({ roles }: { roles: readonly string[] }): ReactElement {
  const intl = useIntl();
  return <>{roles.map((role) => (role in roleMessages ? intl.formatMessage(roleMessages[role as Role]) : role)).join(', ')}</>;
}

function StateText({ state }: { state: User['state'] }): ReactElement {
  const intl = useIntl();
  return <>{intl.formatMessage(stateMessages[state])}</>;
}

function DateTime({ value }: { value: string | null }): ReactElement {
  const format = useFormatter();
  return <>{value ? format.dateTime(value) : '—'}</>;
}

export function UsersPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectUserList);
  const references = useAppSelector(selectUserReferences);
  const actor = useAppSelector(selectAdminActor);
  const perPage = useAppSelector(selectPerPage);
  const [searchParams] = useSearchParams();
  const stateFilter = searchParams.get('state');

  useEffect(() => void dispatch(usersActions.referencesRequested()), [dispatch]);
  useEffect(() => {
    const query = createGridQuery(perPage);
    const state = USER_STATES.find((s) => s === stateFilter);
    dispatch(usersActions.listQueryChanged(state ? { ...query, filter: [{ field: 'state', operator: '==', value: state }] } : query));
  }, [dispatch, perPage, stateFilter]);

  const columns = useMemo<DataGridColumn<User>[]>(() => {
    // Admins may filter by any role; a local administrator sees only accounts with roles near theirs.
    const roleChoices = actor && actor.roles.includes('admin') ? ROLES : actor ? grantableRoles(actor) : [];
    return [
      {
        id: 'name',
        header: messages.name,
        cell: (u) => (
          <Anchor component={Link} to={`/admin/users/${u.id}`}>
            {u.name}
          </Anchor>
        ),
        sortable: true,
        filter: { type: 'text' },
      },
      { id: 'email', header: messages.email, cell: (u) => u.email, sortable: true, filter: { type: 'text' } },
      {
        id: 'role',
        header: messages.roles,
        cell: (u) => <RoleList roles={u.roles} />,
        filter: { type: 'select', options: roleChoices.map((role) => ({ value: role, label: roleMessages[role] })) },
      },
      {
        id: 'institute',
        field: 'instituteId',
        header: messages.institute,
        cell: (u) => u.institute?.shortName ?? '—',
        filter: { type: 'select', options: references.institutes.map((i) => ({ value: i.id, label: i.label })) },
      },
      {
        id: 'state',
        header: messages.state,
        cell: (u) => <StateText state={u.state} />,
        sortable: true,
        filter: { type: 'select', options: USER_STATES.map((s) => ({ value: s, label: stateMessages[s] })) },
      },
      { id: 'lastLoginAt', header: messages.lastLoginAt, cell: (u) => <DateTime value={u.lastLoginAt} />, sortable: true },
    ];
  }, [actor, references.institutes]);

  const query = list.query ?? createGridQuery(perPage);
  const change = (next: GridQuery): void => void dispatch(usersActions.listQueryChanged(next));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{intl.formatMessage(messages.title)}</Title>
        <Button component={Link} to="/admin/users/new">
          {intl.formatMessage(messages.newUser)}
        </Button>
      </Group>
      {list.error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadError)}
        </Alert>
      )}
      <DataGrid
        label={messages.gridLabel}
        columns={columns}
        rows={list.items}
        total={list.total}
        loading={list.loading}
        error={list.error}
        query={query}
        onQueryChange={change}
        onRetry={() => dispatch(usersActions.listRetried())}
        getRowId={(u) => u.id}
      />
    </Stack>
  );
}
