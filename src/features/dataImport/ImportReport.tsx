// The report of an import job: the row counts, the recalculated fields, what a commit creates (or,
// once committed, what it did), and the errors of the file, row by row, paged in the shared grid.
import { useMemo, useState, type ReactElement } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ImportError, ImportJob } from '../../api/dataImport';
import { DataGrid, type DataGridColumn, type GridQuery } from '../../common/dataGrid';
import { useFormatter } from '../../i18n/useFormatter';
import { importErrorText } from './importTexts';
import { messages } from './messages';

const FIRST_PAGE: GridQuery = { offset: 0, limit: 20, filter: [], sort: [] };

function Counts({ rows }: { rows: [MessageDescriptor, number][] }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  return (
    <Table withRowBorders={false} style={{ width: 'auto' }}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label.id}>
            <Table.Th scope="row">{intl.formatMessage(label)}</Table.Th>
            <Table.Td>{format.number(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ErrorTable({ errors, total }: { errors: ImportError[]; total: number }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const [query, setQuery] = useState<GridQuery>(FIRST_PAGE);
  const columns = useMemo<DataGridColumn<ImportError>[]>(
    () => [
      { id: 'row', header: messages.colRow, cell: (error) => (error.row === null ? '' : format.number(error.row)), width: 80 },
      { id: 'column', header: messages.colColumn, cell: (error) => error.column ?? '' },
      { id: 'value', header: messages.colValue, cell: (error) => error.value ?? '' },
      { id: 'message', header: messages.colMessage, cell: (error) => importErrorText(intl, error) },
    ],
    [intl, format],
  );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {intl.formatMessage(messages.errorsTitle)}
      </Title>
      {total > errors.length && <Text size="sm">{intl.formatMessage(messages.errorsShown, { shown: format.number(errors.length), total: format.number(total) })}</Text>}
      <DataGrid
        label={messages.errorsGrid}
        columns={columns}
        rows={errors.slice(query.offset, query.offset + query.limit)}
        total={errors.length}
        loading={false}
        error={null}
        query={query}
        onQueryChange={setQuery}
        getRowId={(_error, index) => String(query.offset + index)}
      />
    </Stack>
  );
}

export function ImportReport({ job }: { job: ImportJob }): ReactElement | null {
  const intl = useIntl();
  const { results } = job;
  const committed = job.state === 'succeeded';
  const errors = job.errors ?? [];
  if (!results && errors.length === 0) return null;
  const counts: [MessageDescriptor, number][] = results
    ? [
        [messages.rowsTotal, results.rowsTotal],
        [messages.rowsOk, results.rowsOk],
        [messages.rowsWithErrors, results.rowsWithErrors],
        [messages.errorsNumber, job.validationErrorsNumber],
        [messages.recalculated, job.recalculatedFieldsNumber],
        [committed ? messages.doneNewPatients : messages.newPatients, results.newPatients],
        [committed ? messages.doneNewAttendances : messages.newAttendances, results.newAttendances],
        [committed ? messages.doneFormsCreated : messages.formsCreated, results.formsCreated],
        [committed ? messages.doneFormsUpdated : messages.formsUpdated, results.formsUpdated],
      ]
    : [];
  return (
    <Stack component="section" aria-labelledby="import-report-title" gap="sm">
      <Title order={2} size="h3" id="import-report-title">
        {intl.formatMessage(messages.reportTitle)}
      </Title>
      {counts.length > 0 && <Counts rows={counts} />}
      {errors.length > 0 && <ErrorTable errors={errors} total={job.validationErrorsNumber} />}
      {job.state === 'validated' && (results?.rowsWithErrors ?? 0) > 0 && <Text>{intl.formatMessage(messages.fixAndRetry)}</Text>}
    </Stack>
  );
}
