// The one grid of the client (DESIGN §1) over TanStack Table in fully manual mode: sorting,
// filtering and paging happen on the server, so the grid only turns clicks into a new query.
import { useMemo, type ReactElement } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { Box, Loader, Table, VisuallyHidden } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { DataGridHead } from './DataGridHead';
import { DataGridPager } from './DataGridPager';
import { DataGridStatusRow } from './DataGridStatus';
import { withPage, withPageSize, withSort } from './gridQuery';
import { headerText } from './headerText';
import { messages } from './messages';
import type { DataGridColumn, GridError, GridQuery } from './types';

export interface DataGridProps<T> {
  /** Accessible name of the table (e.g. "Patients"). */
  label: MessageDescriptor;
  columns: readonly DataGridColumn<T>[];
  rows: readonly T[];
  /** `statistics.total` of the list answer. */
  total: number;
  /** More rows than `total`: the list stopped counting there (`statistics.capped`). */
  totalCapped?: boolean;
  loading: boolean;
  error: GridError | null;
  query: GridQuery;
  onQueryChange: (query: GridQuery) => void;
  /** Shown as a button in the error state; the feature re-dispatches its load. */
  onRetry?: () => void;
  getRowId?: (row: T, index: number) => string;
}

export function fieldOf<T>(column: DataGridColumn<T>): string {
  return column.field ?? column.id;
}

export function DataGrid<T>(props: DataGridProps<T>): ReactElement {
  const { label, columns, rows, total, totalCapped = false, loading, error, query, onQueryChange, onRetry, getRowId } = props;
  const intl = useIntl();

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        // TanStack only lets columns with an accessor sort; the value itself is never used
        // because sorting is manual.
        accessorFn: (row: T) => row,
        header: () => headerText(intl, column.header),
        cell: (context) => column.cell(context.row.original),
        enableSorting: column.sortable ?? false,
      })),
    [columns, intl],
  );

  const sorting = useMemo<SortingState>(
    () =>
      query.sort.flatMap((clause) => {
        const column = columns.find((c) => fieldOf(c) === clause.field);
        return column ? [{ id: column.id, desc: clause.direction === 'desc' }] : [];
      }),
    [query.sort, columns],
  );

  function handleSortingChange(updater: Updater<SortingState>): void {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const sort = next.flatMap((s) => {
      const column = columns.find((c) => c.id === s.id);
      return column ? [{ field: fieldOf(column), direction: s.desc ? ('desc' as const) : ('asc' as const) }] : [];
    });
    onQueryChange(withSort(query, sort));
  }

  // TanStack returns new functions each render by design; the React Compiler skips this component.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: rows as T[],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    // One sort at a time with asc → desc → none, as in the other clinical grids users know.
    enableMultiSort: false,
    enableSortingRemoval: true,
    sortDescFirst: false,
    state: { sorting, pagination: { pageIndex: Math.floor(query.offset / query.limit), pageSize: query.limit } },
    onSortingChange: handleSortingChange,
  });

  const tableRows = table.getRowModel().rows;
  let status: 'error' | 'empty' | 'loading' | null = null;
  if (error) status = 'error';
  else if (tableRows.length === 0) status = loading ? 'loading' : 'empty';

  return (
    <Box>
      <div role="status" aria-live="polite">
        {loading && <VisuallyHidden>{intl.formatMessage(messages.loading)}</VisuallyHidden>}
      </div>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label={intl.formatMessage(label)} aria-busy={loading} highlightOnHover>
          <DataGridHead table={table} columns={columns} query={query} onQueryChange={onQueryChange} />
          {/* Rows stay visible but dimmed while the next page loads, so the layout does not jump. */}
          <Table.Tbody style={{ opacity: loading && status === null ? 0.5 : 1, transition: 'opacity 150ms' }}>
            {status !== null ? (
              <DataGridStatusRow columnCount={columns.length} kind={status} error={error} onRetry={onRetry} />
            ) : (
              tableRows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading && status === null && <Loader size="xs" aria-hidden="true" mt="xs" />}
      <DataGridPager
        offset={query.offset}
        limit={query.limit}
        total={total}
        totalCapped={totalCapped}
        onPageChange={(pageIndex) => onQueryChange(withPage(query, pageIndex))}
        onPageSizeChange={(limit) => onQueryChange(withPageSize(query, limit))}
      />
    </Box>
  );
}
