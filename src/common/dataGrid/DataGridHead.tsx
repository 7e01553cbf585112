// Header of the grid: sortable column titles as real buttons (keyboard and screen readers get
// them for free) with aria-sort on the cell, and a second row of labelled filter controls.
import type { ReactElement } from 'react';
import { flexRender, type Header, type Table as TanTable } from '@tanstack/react-table';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ColumnFilterInput } from './ColumnFilterInput';
import { withFilterClause } from './gridQuery';
import { headerText } from './headerText';
import type { DataGridColumn, GridQuery } from './types';

interface DataGridHeadProps<T> {
  table: TanTable<T>;
  columns: readonly DataGridColumn<T>[];
  query: GridQuery;
  onQueryChange: (query: GridQuery) => void;
}

const SORT_GLYPH = { asc: '▲', desc: '▼', none: '↕' } as const;

function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return 'none';
}

function HeaderCell<T>({ header, column }: { header: Header<T, unknown>; column?: DataGridColumn<T> }): ReactElement {
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) {
    return (
      <Table.Th scope="col" style={{ width: column?.width }}>
        {content}
      </Table.Th>
    );
  }
  const direction = header.column.getIsSorted();
  return (
    <Table.Th scope="col" style={{ width: column?.width }} aria-sort={ariaSort(direction)}>
      <UnstyledButton onClick={header.column.getToggleSortingHandler()} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {content}
          <span aria-hidden="true" style={{ opacity: direction ? 1 : 0.35 }}>
            {SORT_GLYPH[direction || 'none']}
          </span>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function DataGridHead<T>({ table, columns, query, onQueryChange }: DataGridHeadProps<T>): ReactElement {
  const intl = useIntl();
  const byId = new Map(columns.map((column) => [column.id, column]));
  const hasFilters = columns.some((column) => column.filter && column.filter.type !== 'none');

  return (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id}>
          {group.headers.map((header) => (
            <HeaderCell key={header.id} header={header} column={byId.get(header.column.id)} />
          ))}
        </Table.Tr>
      ))}
      {hasFilters && (
        <Table.Tr>
          {columns.map((column) => {
            const field = column.field ?? column.id;
            const filter = column.filter;
            if (!filter || filter.type === 'none') return <Table.Td key={column.id} />;
            const operator = filter.type === 'text' ? '=@' : '==';
            const applied = query.filter.find((c) => c.field === field && c.operator === operator);
            return (
              <Table.Td key={column.id}>
                <ColumnFilterInput
                  filter={filter}
                  columnName={headerText(intl, column.header)}
                  value={applied?.value ?? ''}
                  onCommit={(value) =>
                    onQueryChange(withFilterClause(query, field, value === '' ? null : { field, operator, value }))
                  }
                />
              </Table.Td>
            );
          })}
        </Table.Tr>
      )}
    </Table.Thead>
  );
}
