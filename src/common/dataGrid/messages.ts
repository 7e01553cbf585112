import { defineMessages, type NoMessageValues } from 'react-intl';

// react-intl 12 types each message's placeholders; listing them here makes a missing or
// misspelt value a compile error at every formatMessage call.
type MessageValueTypes = {
  loading: NoMessageValues;
  loadError: NoMessageValues;
  errorDetail: { message: string; status: number };
  retry: NoMessageValues;
  empty: NoMessageValues;
  filterLabel: { column: string };
  filterAll: NoMessageValues;
  pagination: NoMessageValues;
  pageSize: NoMessageValues;
  pageInfo: { page: string; pages: string };
  pageInfoCapped: { page: string; pages: string };
  total: { total: string };
  totalCapped: { total: string };
  firstPage: NoMessageValues;
  previousPage: NoMessageValues;
  nextPage: NoMessageValues;
  lastPage: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  loading: { id: 'common.dataGrid.loading', defaultMessage: 'Loading data…' },
  loadError: { id: 'common.dataGrid.loadError', defaultMessage: 'Error loading data!' },
  errorDetail: { id: 'common.dataGrid.errorDetail', defaultMessage: '{message} ({status})' },
  retry: { id: 'common.dataGrid.retry', defaultMessage: 'Retry' },
  empty: { id: 'common.dataGrid.empty', defaultMessage: 'No data available!' },
  filterLabel: { id: 'common.dataGrid.filterLabel', defaultMessage: 'Filter by {column}' },
  filterAll: { id: 'common.dataGrid.filterAll', defaultMessage: 'All' },
  pagination: { id: 'common.dataGrid.pagination', defaultMessage: 'Pagination' },
  pageSize: { id: 'common.dataGrid.pageSize', defaultMessage: 'Rows per page' },
  pageInfo: { id: 'common.dataGrid.pageInfo', defaultMessage: 'Page {page} of {pages}' },
  pageInfoCapped: { id: 'common.dataGrid.pageInfoCapped', defaultMessage: 'Page {page} of more than {pages}' },
  total: { id: 'common.dataGrid.total', defaultMessage: 'Total: {total}' },
  totalCapped: { id: 'common.dataGrid.totalCapped', defaultMessage: 'Total: more than {total}' },
  firstPage: { id: 'common.dataGrid.firstPage', defaultMessage: 'First page' },
  previousPage: { id: 'common.dataGrid.previousPage', defaultMessage: 'Previous page' },
  nextPage: { id: 'common.dataGrid.nextPage', defaultMessage: 'Next page' },
  lastPage: { id: 'common.dataGrid.lastPage', defaultMessage: 'Last page' },
});
