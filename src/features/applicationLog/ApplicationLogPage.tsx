// /admin/application-log (central admins): the log's grid with a date-time range, a search, the
// raw toggle and a detail pane. The range is typed in local time and sent as UTC instants.
import { useEffect, useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { Alert, Button, Group, Stack, Switch, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ApplicationLogEntry } from '../../api/adminLog';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { createGridQuery, DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { selectPerPage } from '../profile/profile.selectors';
import { applicationLogActions } from './applicationLog.slice';
import { LogEntryPane } from './LogEntryPane';
import { messages } from './messages';
import { useFormatter } from '../../i18n/useFormatter';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';

/** A date-time input's text ("YYYY-MM-DDTHH:mm", local time) to an ISO instant; empty stays empty. */
export function localToIso(value: string): string {
  if (value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

export function ApplicationLogPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const format = useFormatter();
  const dispatch = useAppDispatch();
  const perPage = useAppSelector(selectPerPage);
  const { list, raw } = useAppSelector((state) => state.applicationLog);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [rangeError, setRangeError] = useState(false);

  useEffect(() => void dispatch(applicationLogActions.listQueryChanged(createGridQuery(perPage))), [dispatch, perPage]);


  const columns = useMemo<DataGridColumn<ApplicationLogEntry>[]>(
    () => [
      {
        id: 'createdAt',
        header: messages.colCreatedAt,
        sortable: true,
        cell: (e) => (
          <UnstyledButton c="blue" aria-label={intl.formatMessage(messages.open, { time: format.dateTime(e.createdAt, { seconds: true }) })} onClick={() => dispatch(applicationLogActions.entryOpened(e.id))}>
            {format.dateTime(e.createdAt, { seconds: true })}
          </UnstyledButton>
        ),
      },
      { id: 'event', header: messages.colKind, sortable: true, filter: { type: 'text' }, cell: (e) => e.event ?? e.httpMethod ?? '' },
      { id: 'message', header: messages.colText, cell: (e) => e.message ?? e.url ?? '' },
      {
        id: 'userName',
        header: messages.colUser,
        sortable: true,
        filter: { type: 'text' },
        cell: (e) => (e.onBehalfOfName ? intl.formatMessage(messages.onBehalfOf, { user: e.userName ?? '', other: e.onBehalfOfName }) : (e.userName ?? '')),
      },
      { id: 'httpResponseCode', header: messages.colStatus, sortable: true, cell: (e) => (e.httpResponseCode === null ? (e.severity ?? '') : String(e.httpResponseCode)), width: 90 },
      { id: 'targetName', header: messages.colTarget, sortable: true, filter: { type: 'text' }, cell: (e) => [e.targetType, e.targetName ?? e.targetId].filter(Boolean).join(': ') },
    ],
    [dispatch, intl, format],
  );

  const apply = (event: FormEvent): void => {
    event.preventDefault();
    const range = { from: localToIso(from), to: localToIso(to), search };
    const reversed = range.from !== '' && range.to !== '' && range.from > range.to;
    setRangeError(reversed);
    if (!reversed) dispatch(applicationLogActions.rangeChanged(range));
  };
  const query = list.query ?? createGridQuery(perPage);

  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      <form onSubmit={apply} noValidate>
        <Group align="flex-end">
          <LocalizedDateInput withTime label={intl.formatMessage(messages.from)} value={from} onChange={setFrom} error={rangeError ? intl.formatMessage(messages.rangeError) : undefined} />
          <LocalizedDateInput withTime label={intl.formatMessage(messages.to)} value={to} onChange={setTo} />
          <TextInput label={intl.formatMessage(messages.search)} placeholder={intl.formatMessage(messages.searchHint)} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          <Button type="submit">{intl.formatMessage(messages.apply)}</Button>
          <Switch label={intl.formatMessage(messages.raw)} checked={raw} onChange={(e) => dispatch(applicationLogActions.rawToggled(e.currentTarget.checked))} />
        </Group>
      </form>
      {list.error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadError, { message: list.error.message ?? '' })}
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
        onQueryChange={(next: GridQuery) => dispatch(applicationLogActions.listQueryChanged(next))}
        onRetry={() => dispatch(applicationLogActions.listRetried())}
        getRowId={(e) => e.id}
      />
      <LogEntryPane onClose={() => dispatch(applicationLogActions.entryClosed())} />
    </Stack>
  );
}

