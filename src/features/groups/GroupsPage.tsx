// /admin/groups: the user groups with their member counts (central admins only).
import { useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { UserGroup } from '../../api/users';
import { createGridQuery, DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { selectPerPage } from '../profile/profile.selectors';
import { groupsActions } from './groups.slice';
import { selectGroupList } from './groups.selectors';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

const COLUMNS: DataGridColumn<UserGroup>[] = [
  {
    id: 'name',
    header: messages.name,
    cell: (g) => (
      <Anchor component={Link} to={`/admin/groups/${g.id}`}>
        {g.name}
      </Anchor>
    ),
    sortable: true,
    filter: { type: 'text' },
  },
  { id: 'groupType', header: messages.groupType, cell: (g) => g.groupType ?? '—', sortable: true, filter: { type: 'text' } },
  { id: 'memberCount', header: messages.memberCount, cell: (g) => String(g.memberCount) },
];

export function GroupsPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectGroupList);
  const perPage = useAppSelector(selectPerPage);
  useEffect(() => void dispatch(groupsActions.listQueryChanged(createGridQuery(perPage))), [dispatch, perPage]);
  const query = list.query ?? createGridQuery(perPage);
  const change = (next: GridQuery): void => void dispatch(groupsActions.listQueryChanged(next));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{intl.formatMessage(messages.title)}</Title>
        <Button component={Link} to="/admin/groups/new">
          {intl.formatMessage(messages.newGroup)}
        </Button>
      </Group>
      {list.error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadError)}
        </Alert>
      )}
      <DataGrid
        label={messages.gridLabel}
        columns={COLUMNS}
        rows={list.items}
        total={list.total}
        loading={list.loading}
        error={list.error}
        query={query}
        onQueryChange={change}
        onRetry={() => dispatch(groupsActions.listRetried())}
        getRowId={(g) => g.id}
      />
    </Stack>
  );
}
