// /admin/institutes (central admins): the institutes list with its details/edit pane and "New
// institute". The admin area mounts this under its routes (one line there).
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Route, Routes } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Institute } from '../../api/institutes';
import { createGridQuery, DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { NotFoundPage } from '../../common/pages/NotFoundPage';
import { selectPerPage } from '../profile/profile.selectors';
import { InstitutePane } from './InstitutePane';
import { institutesActions } from './institutes.slice';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

const BASE_COLUMNS: DataGridColumn<Institute>[] = [
  { id: 'name', header: messages.colName, cell: (i) => i.name, sortable: true, filter: { type: 'text' } },
  { id: 'shortName', header: messages.colShortName, cell: (i) => i.shortName, sortable: true, filter: { type: 'text' }, width: 120 },
  { id: 'city', header: messages.colCity, cell: (i) => i.city ?? '', sortable: true, filter: { type: 'text' } },
  { id: 'country', header: messages.colCountry, cell: (i) => i.country ?? '', sortable: true, filter: { type: 'text' }, width: 100 },
  { id: 'timeZone', header: messages.colTimeZone, cell: (i) => i.timeZone, sortable: true, filter: { type: 'text' } },
];

export function InstitutesPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const perPage = useAppSelector(selectPerPage);
  const { list, editor } = useAppSelector((state) => state.institutes);
  const [paneWanted, setPaneOpen] = useState(false);
  // A save or delete closes the pane; opening another institute (or a new one) opens it again.
  const done = editor.status === 'saved' || editor.status === 'deleted';
  const paneOpen = paneWanted && !done;

  useEffect(() => void dispatch(institutesActions.listQueryChanged(createGridQuery(perPage))), [dispatch, perPage]);

  const columns = useMemo<DataGridColumn<Institute>[]>(
    () => [
      ...BASE_COLUMNS,
      {
        id: 'actions',
        header: messages.colActions,
        cell: (institute) => (
          <UnstyledButton
            c="blue"
            onClick={() => {
              dispatch(institutesActions.opened(institute.id));
              setPaneOpen(true);
            }}
          >
            {intl.formatMessage(messages.open, { name: institute.name })}
          </UnstyledButton>
        ),
      },
    ],
    [dispatch, intl],
  );
  const query = list.query ?? createGridQuery(perPage);
  const notice = editor.status === 'saved' ? messages.savedNotice : editor.status === 'deleted' ? messages.deletedNotice : null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{intl.formatMessage(messages.title)}</Title>
        <Button
          onClick={() => {
            dispatch(institutesActions.newStarted());
            setPaneOpen(true);
          }}
        >
          {intl.formatMessage(messages.newInstitute)}
        </Button>
      </Group>
      {notice && (
        <Alert color="green" role="status">
          {intl.formatMessage(notice)}
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
        onQueryChange={(next: GridQuery) => dispatch(institutesActions.listQueryChanged(next))}
        onRetry={() => dispatch(institutesActions.listRetried())}
        getRowId={(i) => i.id}
      />
      <InstitutePane
        opened={paneOpen}
        onClose={() => {
          setPaneOpen(false);
          dispatch(institutesActions.closed());
        }}
      />
    </Stack>
  );
}

/** Central admins only (the server refuses every write to anyone else). */
export function InstitutesRoutes(): ReactElement {
  return (
    <Routes>
      <Route index element={<InstitutesPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
