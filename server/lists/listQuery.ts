// Lists, written once (DESIGN §5): a parsed ListQuery plus a whitelist of API fields becomes a
// Kysely select with where/order by/limit/offset. Field names only ever come from the whitelist
// and values are always bound parameters, on both dialects.
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { parseListQuery, type FilterClause, type ListQuery, type SortClause } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import { caseFold } from '../db/sqlFunctions';
import { countedPage } from './countedPage';
import { applyListSort, refOf, sortTerms } from './listSort';
import { validationError, type FieldError } from '../errors/apiError';
import { INT32_RANGE, isStorableInstant } from '../input/requestFormats';
import { parseBooleanText } from '../util/booleanText';

// The order of a list lives in listSort.ts; the lists import it from here with the rest.
export { applyListSort, atOrAfterSql, sortTerms, type SortTerm } from './listSort';

/** `integer` is a whole-number column (a 32-bit integer on PostgreSQL); `number` any finite number. */
export type ListFieldType = 'text' | 'number' | 'integer' | 'date' | 'boolean';

export interface ListField {
  /** A column reference (`institutes.city`) or an expression (a localized name). */
  column: string | Expression<unknown>;
  type: ListFieldType;
  filter?: boolean;
  sort?: boolean;
  /**
   * What sorts use instead of the case-folded column: an already folded column (index order), or
   * null when the value is the same for every row the caller sees (then only the tie-breaker sorts).
   */
  sortKey?: string | Expression<unknown> | null;
  /** The column never holds NULL: sorts leave out NULLS LAST, so that an index can serve them on PostgreSQL. */
  notNull?: boolean;
  /** Applied to every filter value first (an insurance number typed with spaces). */
  normalize?: (value: string) => string;
  /**
   * A column kept folded on write, with the same fold for the typed value: "contains" filters
   * compare the two with a plain LIKE instead of folding every row at read time.
   */
  folded?: {
    column: string | Expression<unknown>;
    fold: (value: string) => string;
    /** Where the value may be seen at all (personal data); tested after the cheap LIKE. */
    shownWhen?: RawBuilder<SqlBool>;
  };
  /**
   * A "contains" an index answers, matching exactly the rows the LIKE would; undefined where it
   * cannot (the term, the database), and the LIKE is used.
   */
  indexedContains?: (dialect: DatabaseDialect, value: string) => RawBuilder<SqlBool> | undefined;
}

export type ListFieldMap = Readonly<Record<string, ListField>>;

export interface ListSpec {
  fields: ListFieldMap;
  dialect: DatabaseDialect;
  /** A unique column appended to every sort so that pages never overlap or skip rows. */
  tieBreaker: string;
  defaultSort?: readonly SortClause[];
}

export interface ListAnswer<T> {
  results: T[];
  statistics?: { total: number };
}

/** Parses offset/limit/filter/sort/statistics against the whitelist; a bad query is a 400. */
export function parseListQueryOrThrow(raw: Record<string, unknown>, fields: ListFieldMap): ListQuery {
  const names = Object.keys(fields);
  const result = parseListQuery(raw, {
    filter: names.filter((name) => fields[name].filter !== false),
    sort: names.filter((name) => fields[name].sort !== false),
  });
  if (!result.ok) throw validationError(result.errors);
  return result.query;
}

/** `%`, `_` and the escape character itself match literally inside a "contains" filter. */
export function likePattern(value: string): string {
  return `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type Typed = { ok: true; value: string | number | boolean } | { ok: false };

function integerValue(text: string): Typed {
  if (!/^-?\d{1,10}$/.test(text)) return { ok: false };
  const value = Number(text);
  return value >= INT32_RANGE.min && value <= INT32_RANGE.max ? { ok: true, value } : { ok: false };
}

/** A decimal number a double holds exactly enough to compare (at most 15 significant digits). */
function numberValue(text: string): Typed {
  if (!/^-?\d+(\.\d+)?$/.test(text) || text.replace(/[-.]/g, '').replace(/^0+/, '').length > 15) return { ok: false };
  return { ok: true, value: Number(text) };
}

/** Dates compare as ISO-8601 UTC text (SQLite) or timestamptz (pg); a bare date means midnight UTC. */
function dateValue(text: string): Typed {
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return { ok: false };
  const date = new Date(text);
  // Only years both databases store: PostgreSQL has no year 0, and ISO text beyond 9999 would not sort.
  return isStorableInstant(date) ? { ok: true, value: date.toISOString() } : { ok: false };
}

export function typedValue(type: ListFieldType, raw: string): Typed {
  const text = raw.trim();
  if (type === 'text') return { ok: true, value: raw };
  if (type === 'integer') return integerValue(text);
  if (type === 'number') return numberValue(text);
  if (type === 'boolean') {
    const value = parseBooleanText(text);
    return value === undefined ? { ok: false } : { ok: true, value };
  }
  return dateValue(text);
}

const COMPARISONS = { '>=': sql`>=`, '<=': sql`<=`, '<': sql`<`, '>': sql`>` } as const;

function foldedContains(clause: FilterClause, folded: NonNullable<ListField['folded']>): RawBuilder<SqlBool> {
  const ref = typeof folded.column === 'string' ? sql.ref(folded.column) : folded.column;
  const pattern = likePattern(folded.fold(clause.value));
  const shown = folded.shownWhen ?? sql<SqlBool>`1 = 1`;
  // A hidden value matches no "contains" and every "does not contain", as a NULL would.
  return clause.operator === '=@'
    ? sql<SqlBool>`(${ref} like ${pattern} escape '\\' and ${shown})`
    : sql<SqlBool>`(${ref} is null or ${ref} not like ${pattern} escape '\\' or not (${shown}))`;
}

function condition(original: FilterClause, field: ListField, dialect: DatabaseDialect): RawBuilder<SqlBool> | FieldError {
  const clause = field.normalize ? { ...original, value: field.normalize(original.value) } : original;
  const ref = refOf(field);
  const { operator } = clause;
  const indexed = operator === '=@' ? field.indexedContains?.(dialect, clause.value) : undefined;
  if (indexed) return indexed;
  if (field.type === 'text' && field.folded && (operator === '=@' || operator === '!@')) return foldedContains(clause, field.folded);
  if (field.type === 'text' && (operator === '=@' || operator === '!@')) {
    const folded = caseFold(dialect, ref);
    const pattern = likePattern(clause.value);
    return operator === '=@'
      ? sql<SqlBool>`${folded} like ${pattern} escape '\\'`
      : sql<SqlBool>`(${ref} is null or ${folded} not like ${pattern} escape '\\')`;
  }
  if (operator === '=@' || operator === '!@' || (field.type === 'boolean' && operator !== '==' && operator !== '!=')) {
    return { path: 'filter', key: 'list.filterOperator', context: { field: clause.field, operator } };
  }
  // An empty text value means "no value": NULL and '' are the same to a person filtering.
  if (field.type === 'text' && clause.value === '' && (operator === '==' || operator === '!=')) {
    return operator === '=='
      ? sql<SqlBool>`(${ref} is null or ${ref} = '')`
      : sql<SqlBool>`(${ref} is not null and ${ref} <> '')`;
  }
  const typed = typedValue(field.type, clause.value);
  if (!typed.ok) {
    return { path: 'filter', key: 'list.filterValue', context: { field: clause.field, value: clause.value, type: field.type } };
  }
  if (operator === '==') return sql<SqlBool>`${ref} = ${typed.value}`;
  // "not equal" keeps rows without a value, as a person reading the list would expect.
  if (operator === '!=') return sql<SqlBool>`(${ref} is null or ${ref} <> ${typed.value})`;
  return sql<SqlBool>`${ref} ${COMPARISONS[operator]} ${typed.value}`;
}

export function applyListFilters<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filter: readonly FilterClause[],
  fields: ListFieldMap,
  dialect: DatabaseDialect,
): SelectQueryBuilder<DB, TB, O> {
  const errors: FieldError[] = [];
  let result = query;
  for (const clause of filter) {
    const field = fields[clause.field];
    if (!field || field.filter === false) {
      const allowed = Object.keys(fields).filter((name) => fields[name].filter !== false);
      errors.push({ path: 'filter', key: 'list.unknownFilterField', context: { field: clause.field, allowed: allowed.join(', ') } });
      continue;
    }
    const built = condition(clause, field, dialect);
    if ('key' in built) errors.push(built);
    else result = result.where(built);
  }
  if (errors.length > 0) throw validationError(errors);
  return result;
}

/** A short page that is not empty is the last one: it tells the list's total without counting. */
export function lastPageTotal(query: Pick<ListQuery, 'offset' | 'limit'>, rowCount: number): number | undefined {
  return rowCount > 0 && rowCount < query.limit ? query.offset + rowCount : undefined;
}

/**
 * Runs the list: one page of rows, and the total when `statistics=true` asked for it. Given the
 * database (`countsAlongIn`), a page that reads every match anyway (a search sorted by relevance
 * first) counts them in its own statement (countedPage.ts).
 */
export async function fetchList<DB, TB extends keyof DB, O, Schema = DB>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  spec: ListSpec,
  countsAlongIn?: Kysely<Schema>,
): Promise<{ rows: O[]; total?: number }> {
  const filtered = applyListFilters(base, query.filter, spec.fields, spec.dialect);
  const page = (selected: SelectQueryBuilder<DB, TB, O>) => applyListSort(selected, query.sort, spec).limit(query.limit).offset(query.offset).execute();
  if (query.statistics && countsAlongIn) {
    const found = await countedPage(countsAlongIn, spec.dialect, filtered, sortTerms(query.sort, spec), query);
    // A page past the end has no row to carry the total: it is counted below.
    if (found.total !== undefined) return { rows: found.rows, total: found.total };
  }
  const rows = await page(filtered);
  if (!query.statistics) return { rows };
  const last = lastPageTotal(query, rows.length);
  if (last !== undefined) return { rows, total: last };
  const counted = (await filtered
    .clearSelect()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst()) as { total?: number | string } | undefined;
  return { rows, total: Number(counted?.total ?? 0) };
}

export function listAnswer<T>(results: T[], total?: number): ListAnswer<T> {
  return total === undefined ? { results } : { results, statistics: { total } };
}
