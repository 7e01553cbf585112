// The query of every list call (DESIGN §5): offset, limit, filter, sort, statistics. Filter and
// sort fields are whitelisted per list so that an unknown field is a clear 400, never SQL.
import { parseFilter, type FilterClause, type ListError } from './filter';
import { parseSort, type SortClause } from './sort';

export const LIST_LIMIT = { default: 10, min: 1, max: 1000 } as const;
/** Beyond 2^53 - 1 a number is no longer exact in JavaScript; both databases' bigint hold it. */
export const LIST_OFFSET = { min: 0, max: Number.MAX_SAFE_INTEGER } as const;

export interface ListQuery {
  offset: number;
  limit: number;
  filter: FilterClause[];
  sort: SortClause[];
  statistics: boolean;
}

export interface ListFields {
  filter: readonly string[];
  sort: readonly string[];
}

export type ListQueryResult = { ok: true; query: ListQuery } | { ok: false; errors: ListError[] };

export interface ListAnswer<T> {
  results: T[];
  statistics?: { total: number };
}

function asText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return asText(value[value.length - 1]);
  return String(value);
}

function parseWhole(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return /^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

export function parseListQuery(raw: Record<string, unknown>, fields: ListFields): ListQueryResult {
  const errors: ListError[] = [];

  const limit = parseWhole(asText(raw.limit)) ?? LIST_LIMIT.default;
  if (!Number.isSafeInteger(limit) || limit < LIST_LIMIT.min || limit > LIST_LIMIT.max) {
    errors.push({ path: 'limit', key: 'list.limitRange', context: { min: LIST_LIMIT.min, max: LIST_LIMIT.max } });
  }
  const offset = parseWhole(asText(raw.offset)) ?? 0;
  if (!Number.isSafeInteger(offset) || offset < LIST_OFFSET.min || offset > LIST_OFFSET.max) {
    errors.push({ path: 'offset', key: 'list.offsetRange', context: { min: LIST_OFFSET.min, max: LIST_OFFSET.max } });
  }

  let filter: FilterClause[] = [];
  const filterResult = parseFilter(asText(raw.filter) ?? '');
  if (!filterResult.ok) errors.push(filterResult.error);
  else {
    filter = filterResult.clauses;
    for (const clause of filter.filter((c) => !fields.filter.includes(c.field))) {
      errors.push({
        path: 'filter',
        key: 'list.unknownFilterField',
        context: { field: clause.field, allowed: fields.filter.join(', ') },
      });
    }
  }

  let sort: SortClause[] = [];
  const sortResult = parseSort(asText(raw.sort) ?? '');
  if (!sortResult.ok) errors.push(sortResult.error);
  else {
    sort = sortResult.clauses;
    for (const clause of sort.filter((c) => !fields.sort.includes(c.field))) {
      errors.push({
        path: 'sort',
        key: 'list.unknownSortField',
        context: { field: clause.field, allowed: fields.sort.join(', ') },
      });
    }
  }

  const statisticsText = asText(raw.statistics)?.toLowerCase();
  if (statisticsText !== undefined && !['true', 'false', ''].includes(statisticsText)) {
    errors.push({ path: 'statistics', key: 'list.statisticsFlag', context: {} });
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { offset, limit, filter, sort, statistics: statisticsText === 'true' } };
}
