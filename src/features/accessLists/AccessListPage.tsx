// /admin/access/registry and /admin/access/biobank: the access entries of one kind (central admins).
import { useEffect, useMemo, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AccessEntry } from '../../api/accessLists';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { createGridQuery, DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import type { AccessEntryKind } from '../../domain/permissions/entries';
import { selectPerPage } from '../profile/profile.selectors';
import { accessListsActions, selectAccessList } from './accessLists.slice';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

const ALL = '—';

export function AccessListPage({ kind }: { kind: AccessEntryKind }): ReactElement {
  const intl = useIntl();
  useDocumentTitle(kind === 'registry' ? messages.registryList : messages.biobankList);
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectAccessList);
  const perPage = useAppSelector(selectPerPage);
  useEffect(() => void dispatch(accessListsActions.listQueryChanged({ kind, query: createGridQuery(perPage) })), [dispatch, kind, perPage]);
  const all = intl.formatMessage(messages.all);
  const columns = useMemo<DataGridColumn<AccessEntry>[]>(
    () => [
      {
        id: 'trusteeName',
        header: messages.trustee,
        cell: (e) => (
          <Anchor component={Link} to={`/admin/access/${kind}/${e.id}`}>
            {e.trustee.name || ALL}
          </Anchor>
        ),
        sortable: true,
        filter: { type: 'text' },
      },
      { id: 'scheme', header: messages.scheme, cell: (e) => e.scheme, sortable: true, filter: { type: 'text' } },
      { id: 'registryId', header: messages.registry, cell: (e) => e.names.registry ?? all },
      { id: 'formTypeId', header: messages.formType, cell: (e) => e.names.formType ?? all },
      { id: 'instituteId', header: messages.institute, cell: (e) => e.names.institute ?? all },
      { id: 'physicianId', header: messages.physician, cell: (e) => e.names.physician ?? all },
    ],
    [kind, all],
  );
  const query = list.query && list.kind === kind ? list.query : createGridQuery(perPage);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{intl.formatMessage(kind === 'registry' ? messages.registryList : messages.biobankList)}</Title>
        <Group>
          <Button variant="default" component={Link} to={`/admin/access/${kind === 'registry' ? 'biobank' : 'registry'}`}>
            {intl.formatMessage(kind === 'registry' ? messages.biobankList : messages.registryList)}
          </Button>
          <Button variant="default" component={Link} to="/admin/access/schemes">
            {intl.formatMessage(messages.schemes)}
          </Button>
          <Button component={Link} to={`/admin/access/${kind}/new`}>
            {intl.formatMessage(messages.newEntry)}
          </Button>
        </Group>
      </Group>
      {list.error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadError)}
        </Alert>
      )}
      <DataGrid
        label={kind === 'registry' ? messages.registryList : messages.biobankList}
        columns={columns}
        rows={list.kind === kind ? list.items : []}
        total={list.total}
        loading={list.loading}
        error={list.error}
        query={query}
        onQueryChange={(next: GridQuery) => dispatch(accessListsActions.listQueryChanged({ kind, query: next }))}
        onRetry={() => dispatch(accessListsActions.listQueryChanged({ kind, query }))}
        getRowId={(e) => e.id}
      />
    </Stack>
  );
}
