// A small patient list and a stateful host so the grid sees its own query changes, as it does
// when the feature slice stores the query.
import { useState, type ReactElement } from 'react';
import { defineMessages } from 'react-intl';
import { DataGrid, createGridQuery, type DataGridColumn, type GridError, type GridQuery } from '../../../src/common/dataGrid';

export interface Patient {
  id: string;
  name: string;
  institute: string;
  status: string;
}

// Test-only descriptors: defaultMessage is used because these ids are not in the catalogues.
export const testMessages = defineMessages({
  label: { id: 'test.grid.label', defaultMessage: 'Patients' },
  name: { id: 'test.grid.name', defaultMessage: 'Name' },
  institute: { id: 'test.grid.institute', defaultMessage: 'Institute' },
  status: { id: 'test.grid.status', defaultMessage: 'Status' },
  id: { id: 'test.grid.id', defaultMessage: 'Identifier' },
  active: { id: 'test.grid.active', defaultMessage: 'Active' },
});

export const patients: Patient[] = [
  { id: 'p1', name: 'Kovács Anna', institute: 'Pécs', status: 'active' },
  { id: 'p2', name: 'Nagy Béla', institute: 'Szeged', status: 'inactive' },
  { id: 'p3', name: 'Tóth Csilla', institute: 'Debrecen', status: 'active' },
];

export const columns: DataGridColumn<Patient>[] = [
  { id: 'id', header: testMessages.id, cell: (p) => p.id, filter: { type: 'exact' } },
  // Displayed as "name" but sorted and filtered by the API field lastName.
  { id: 'name', field: 'lastName', header: testMessages.name, cell: (p) => p.name, sortable: true, filter: { type: 'text' } },
  { id: 'institute', header: testMessages.institute, cell: (p) => p.institute, sortable: true },
  {
    id: 'status',
    header: testMessages.status,
    cell: (p) => p.status,
    filter: { type: 'select', options: [{ value: 'active', label: testMessages.active }, { value: 'inactive', label: 'Inactive' }] },
  },
];

export interface HostProps {
  rows?: Patient[];
  total?: number;
  totalCapped?: boolean;
  loading?: boolean;
  error?: GridError | null;
  initialQuery?: GridQuery;
  onQueryChange?: (query: GridQuery) => void;
  onRetry?: () => void;
}

export function GridHost({
  rows = patients,
  total = patients.length,
  totalCapped,
  loading = false,
  error = null,
  initialQuery = createGridQuery(),
  onQueryChange,
  onRetry,
}: HostProps): ReactElement {
  const [query, setQuery] = useState(initialQuery);
  return (
    <DataGrid
      label={testMessages.label}
      columns={columns}
      rows={rows}
      total={total}
      totalCapped={totalCapped}
      loading={loading}
      error={error}
      query={query}
      onQueryChange={(next) => {
        setQuery(next);
        onQueryChange?.(next);
      }}
      onRetry={onRetry}
      getRowId={(row) => row.id}
    />
  );
}
