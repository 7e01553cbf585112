// A chart with its table alternative: the chart is an image named by its title (role img), and a
// visible toggle shows the same numbers as a table instead, for screen readers, keyboard users and
// anyone who wants the exact figures.
import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { messages } from './messages';

export interface ChartTable {
  columns: string[];
  rows: string[][];
}

export interface ChartFigureProps {
  title: string;
  chart: ReactNode;
  table: ChartTable;
  /** Shown under the chart (a target line's meaning, a hint). */
  note?: ReactNode;
}

export function DataTable({ title, table }: { title: string; table: ChartTable }): ReactElement {
  return (
    <Table striped withTableBorder captionSide="top">
      <Table.Caption>{title}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {table.columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row, i) => (
          <Table.Tr key={i}>
            {row.map((cell, j) => (j === 0 ? <Table.Th key={j} scope="row">{cell}</Table.Th> : <Table.Td key={j}>{cell}</Table.Td>))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ChartFigure({ title, chart, table, note }: ChartFigureProps): ReactElement {
  const intl = useIntl();
  const [asTable, setAsTable] = useState(false);
  if (table.rows.length === 0) return <Text c="dimmed">{intl.formatMessage(messages.noData)}</Text>;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button variant="subtle" size="compact-sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {intl.formatMessage(asTable ? messages.showChart : messages.showTable)}
        </Button>
      </Group>
      {asTable ? (
        <DataTable title={title} table={table} />
      ) : (
        <div role="img" aria-label={title}>
          {chart}
        </div>
      )}
      {note}
    </Stack>
  );
}
