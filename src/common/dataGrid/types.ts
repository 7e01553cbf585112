// Public types of the shared DataGrid. The grid is fully controlled: the feature keeps the
// query in its slice, its saga fetches, and the grid only reports the query the user asked for.
import type { ReactNode } from 'react';
import type { MessageDescriptor } from 'react-intl';
import type { FilterClause, ListQuery, SortClause } from '../../domain/lists';

/** The part of a list query that the user changes from the grid; `statistics` is always on. */
export type GridQuery = Pick<ListQuery, 'offset' | 'limit' | 'filter' | 'sort'>;

/** Serializable load error as kept in Redux state (DESIGN §3.6). */
export interface GridError {
  code: string;
  message?: string;
  status?: number;
}

export interface SelectFilterOption {
  value: string;
  /** A descriptor for fixed choices (states, roles); a plain string for data (institute names). */
  label: MessageDescriptor | string;
}

export type ColumnFilter =
  | { type: 'none' }
  /** Substring match: `field=@value`. */
  | { type: 'text' }
  /** Exact match typed by the user: `field==value` (identifiers, codes). */
  | { type: 'exact' }
  /** Exact match chosen from a list: `field==value`; the empty choice removes the clause. */
  | { type: 'select'; options: readonly SelectFilterOption[] };

export interface DataGridColumn<T> {
  /** Stable column id; also the API field for sort and filter unless `field` is given. */
  id: string;
  /** API field name when it differs from the id (e.g. column `name` sorted by `lastName`). */
  field?: string;
  /** A descriptor for fixed columns; a plain string for columns made from data (a registry's periods). */
  header: MessageDescriptor | string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  filter?: ColumnFilter;
  /** CSS width of the column, e.g. 120 or '20%'. */
  width?: number | string;
}

export type { FilterClause, SortClause };
