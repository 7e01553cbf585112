// Pure transformations of the grid query, kept out of the components so that sagas and tests
// use the very same rules the grid applies.
import { formatFilter, formatSort, LIST_LIMIT, type FilterClause, type SortClause } from '../../domain/lists';
import type { GridQuery } from './types';

export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 50, 100];
/** The filter inputs wait this long after the last keystroke, so typing a name costs one request. */
export const FILTER_DEBOUNCE_MS = 300;

/** The first page of a list, with the user's `perPage` preference as page size. */
export function createGridQuery(perPage: number = LIST_LIMIT.default): GridQuery {
  return { offset: 0, limit: clampLimit(perPage), filter: [], sort: [] };
}

function clampLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) return LIST_LIMIT.default;
  return Math.min(limit, LIST_LIMIT.max);
}

/**
 * URL query parameters of a list call (spec §7). Empty filter and sort are left out rather than
 * sent as `filter=`, so URLs in logs stay short; the server treats both the same.
 */
export function gridQueryToParams(query: GridQuery): Record<string, string> {
  const params: Record<string, string> = {
    offset: String(Math.max(0, Math.trunc(query.offset))),
    limit: String(clampLimit(query.limit)),
    statistics: 'true',
  };
  const filter = formatFilter(query.filter);
  if (filter !== '') params.filter = filter;
  const sort = formatSort(query.sort);
  if (sort !== '') params.sort = sort;
  return params;
}

/** Replaces (or with `null` removes) the clause of one field; a new filter starts at page one. */
export function withFilterClause(query: GridQuery, field: string, clause: FilterClause | null): GridQuery {
  const rest = query.filter.filter((c) => c.field !== field);
  return { ...query, offset: 0, filter: clause ? [...rest, clause] : rest };
}

/** A new order makes the old page position meaningless, so sorting also returns to page one. */
export function withSort(query: GridQuery, sort: SortClause[]): GridQuery {
  return { ...query, offset: 0, sort };
}

export function withPage(query: GridQuery, pageIndex: number): GridQuery {
  return { ...query, offset: Math.max(0, pageIndex) * query.limit };
}

/** Changing the page size returns to the first page, as the old offset may not be a page start. */
export function withPageSize(query: GridQuery, limit: number): GridQuery {
  return { ...query, offset: 0, limit: clampLimit(limit) };
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** Page sizes on offer, including a stored preference that is not one of the standard ones. */
export function pageSizeChoices(current: number): number[] {
  return [...new Set([...PAGE_SIZE_OPTIONS, current])].sort((a, b) => a - b);
}
