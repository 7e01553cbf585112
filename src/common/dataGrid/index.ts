export { DataGrid, fieldOf, type DataGridProps } from './DataGrid';
export {
  createGridQuery,
  FILTER_DEBOUNCE_MS,
  gridQueryToParams,
  PAGE_SIZE_OPTIONS,
  pageCount,
  withFilterClause,
  withPage,
  withPageSize,
  withSort,
} from './gridQuery';
export type { ColumnFilter, DataGridColumn, GridError, GridQuery, SelectFilterOption } from './types';
export { messages as dataGridMessages } from './messages';
export { gridListReducers, initialGridList, type GridListState } from './gridListState';
