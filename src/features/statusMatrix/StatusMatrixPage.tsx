// /registries/:registryId/status-matrix: the subject status matrix, where a monitor starts their
// day; /status-matrix (the menu) first asks which registry. Rows are the attendances the caller
// may see, one column per period and form type of the registry; the server pages, sorts and filters.
import { useEffect, useMemo, type ReactElement } from 'react';
import { Alert, Anchor, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { MatrixColumn, MatrixRow } from '../../api/statusMatrix';
import { createGridQuery, DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { selectLocale } from '../locale/locale.selectors';
import { selectPerPage } from '../profile/profile.selectors';
import { MatrixCell } from './MatrixCell';
import { MatrixFilters } from './MatrixFilters';
import { messages } from './messages';
import { selectMatrixRegistries, selectStatusMatrix } from './statusMatrix.selectors';
import { statusMatrixActions } from './statusMatrix.slice';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

const FIXED_COLUMNS: DataGridColumn<MatrixRow>[] = [
  {
    id: 'internalPatientNumber',
    header: messages.patient,
    cell: (row) => (
      <>
        <Anchor component={Link} to={`/patients/${row.patientId}/attendances`}>
          {row.internalPatientNumber}
        </Anchor>
        {row.patientName && <Text size="sm">{row.patientName}</Text>}
      </>
    ),
    sortable: true,
    filter: { type: 'text' },
  },
  { id: 'instituteShortName', header: messages.institute, cell: (row) => row.instituteShortName, sortable: true },
  {
    id: 'displayId',
    header: messages.attendance,
    cell: (row) => <AttendanceCell row={row} />,
    sortable: true,
    filter: { type: 'text' },
  },
];

function AttendanceCell({ row }: { row: MatrixRow }): ReactElement {
  const intl = useIntl();
  return (
    <>
      <Text size="sm">{row.attendanceDisplayId}</Text>
      {row.attendanceState === 'disqualified' && (
        <Text size="sm" fw={700}>
          <span aria-hidden="true">⊘ </span>
          {intl.formatMessage(messages.disqualified)}
        </Text>
      )}
    </>
  );
}

function useMatrixColumns(columns: readonly MatrixColumn[]): DataGridColumn<MatrixRow>[] {
  const intl = useIntl();
  return useMemo(
    () => [
      ...FIXED_COLUMNS,
      ...columns.map((column, index): DataGridColumn<MatrixRow> => {
        const header = intl.formatMessage(messages.columnHeader, { period: column.periodName, formType: column.formTypeShortName });
        return { id: `cell-${index}`, header, cell: (row) => <MatrixCell forms={row.cells[index] ?? []} column={header} /> };
      }),
    ],
    [columns, intl],
  );
}

export function StatusMatrixPage(): ReactElement {
  const { registryId } = useParams();
  return registryId ? <RegistryMatrix registryId={registryId} /> : <RegistryPicker />;
}

function RegistryMatrix({ registryId }: { registryId: string }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const matrix = useAppSelector(selectStatusMatrix);
  const perPage = useAppSelector(selectPerPage);
  const locale = useAppSelector(selectLocale);
  const registries = useAppSelector(selectMatrixRegistries);
  const columns = useMatrixColumns(matrix.columns);

  // Period names come in the request's language: a language switch reloads the page.
  useEffect(() => void dispatch(statusMatrixActions.queryChanged({ registryId, query: createGridQuery(perPage) })), [dispatch, registryId, perPage, locale]);
  useEffect(() => {
    if (registries.status === 'idle') dispatch(statusMatrixActions.registriesRequested());
  }, [dispatch, registries.status]);

  const query = matrix.query ?? createGridQuery(perPage);
  const change = (next: GridQuery): void => void dispatch(statusMatrixActions.queryChanged({ registryId, query: next }));
  const registry = registries.items.find((r) => r.id === registryId);
  useDocumentTitle(registry ? intl.formatMessage(messages.titleOf, { registry: registry.name }) : messages.title);
  return (
    <Stack>
      <Title order={1}>{registry ? intl.formatMessage(messages.titleOf, { registry: registry.name }) : intl.formatMessage(messages.title)}</Title>
      <Text size="sm">{intl.formatMessage(messages.intro)}</Text>
      <MatrixFilters query={query} institutes={matrix.institutes} onChange={change} />
      {matrix.error && (
        <Text c="red" role="alert">
          {intl.formatMessage(messages.loadError)}
        </Text>
      )}
      <DataGrid
        label={messages.title}
        columns={columns}
        rows={matrix.rows}
        total={matrix.total}
        totalCapped={matrix.totalCapped}
        loading={matrix.loading}
        error={matrix.error}
        query={query}
        onQueryChange={change}
        onRetry={() => change(query)}
        getRowId={(row) => row.attendanceId}
      />
    </Stack>
  );
}

function RegistryPicker(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const registries = useAppSelector(selectMatrixRegistries);
  useEffect(() => void dispatch(statusMatrixActions.registriesRequested()), [dispatch]);
  // With one registry there is nothing to choose.
  if (registries.status === 'ready' && registries.items.length === 1) return <Navigate to={`/registries/${registries.items[0].id}/status-matrix`} replace />;
  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.title)}</Title>
      <Title order={2} size="h4">
        {intl.formatMessage(messages.pickRegistry)}
      </Title>
      {registries.status === 'loading' && <Loader size="sm" aria-label={intl.formatMessage(messages.pickRegistry)} />}
      {registries.status === 'failed' && <Alert color="red" role="alert">{intl.formatMessage(messages.registriesError)}</Alert>}
      {registries.status === 'ready' && registries.items.length === 0 && <Text>{intl.formatMessage(messages.noRegistries)}</Text>}
      <List listStyleType="none" spacing="xs">
        {registries.items.map((r) => (
          <List.Item key={r.id}>
            <Anchor component={Link} to={`/registries/${r.id}/status-matrix`}>
              {r.name}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
