// Reading the application log (spec §7 GET /application-log): a time range, a free-text search
// across message, URL, user and target, the shared list filter/sort/paging, and `raw`, which adds
// the stored row exactly as written (the screen's "raw" toggle shows it as JSON).
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ListQuery } from '../../src/domain/lists';
import type { DatabaseDialect } from '../config';
import type { ApplicationLogTable, Database } from '../db/database';
import { caseFold } from '../db/sqlFunctions';
import { validationError, type FieldError } from '../errors/apiError';
import { fetchList, typedValue, type ListFieldMap } from '../lists/listQuery';
import { flushRequestLog } from './requestLogBuffer';

export const APPLICATION_LOG_FIELDS: ListFieldMap = {
  createdAt: { column: 'created_at', type: 'date', notNull: true },
  msg: { column: 'msg', type: 'text' },
  event: { column: 'event', type: 'text' },
  severity: { column: 'severity', type: 'text' },
  httpMethod: { column: 'http_method', type: 'text' },
  url: { column: 'url', type: 'text' },
  httpResponseCode: { column: 'http_response_code', type: 'integer' },
  responseTime: { column: 'response_time', type: 'number' },
  reqId: { column: 'req_id', type: 'text' },
  remoteAddress: { column: 'remote_address', type: 'text' },
  userId: { column: 'user_id', type: 'text' },
  userName: { column: 'user_name', type: 'text' },
  onBehalfOfName: { column: 'on_behalf_of_name', type: 'text' },
  targetType: { column: 'target_type', type: 'text' },
  targetId: { column: 'target_id', type: 'text' },
  targetName: { column: 'target_name', type: 'text' },
};

export interface ApplicationLogEntry {
  id: string;
  createdAt: string;
  reqId: string | null;
  msg: string | null;
  httpMethod: string | null;
  url: string | null;
  userAgent: string | null;
  referer: string | null;
  remoteAddress: string | null;
  httpResponseCode: number | null;
  responseTime: number | null;
  /** The event's details, parsed from the stored JSON (text when it is not JSON). */
  data: unknown;
  event: string | null;
  message: string | null;
  reason: string | null;
  severity: string | null;
  targetId: string | null;
  targetName: string | null;
  targetType: string | null;
  userId: string | null;
  userName: string | null;
  onBehalfOfId: string | null;
  onBehalfOfName: string | null;
  /** Only with raw=true: the stored row, column by column. */
  raw?: Record<string, unknown>;
}

export interface LogRange {
  from?: string;
  to?: string;
  search?: string;
}

function parseData(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Row = ApplicationLogTable;

function toEntry(row: Row, raw: boolean): ApplicationLogEntry {
  const entry: ApplicationLogEntry = {
    id: row.id,
    createdAt: row.created_at,
    reqId: row.req_id,
    msg: row.msg,
    httpMethod: row.http_method,
    url: row.url,
    userAgent: row.user_agent,
    referer: row.referer,
    remoteAddress: row.remote_address,
    httpResponseCode: row.http_response_code,
    responseTime: row.response_time === null ? null : Number(row.response_time),
    data: parseData(row.data),
    event: row.event,
    message: row.message,
    reason: row.reason,
    severity: row.severity,
    targetId: row.target_id,
    targetName: row.target_name,
    targetType: row.target_type,
    userId: row.user_id,
    userName: row.user_name,
    onBehalfOfId: row.on_behalf_of_id,
    onBehalfOfName: row.on_behalf_of_name,
  };
  return raw ? { ...entry, raw: { ...row } } : entry;
}

/** from/to as instants; a bad instant or from after to is a 400 naming the field. */
export function parseLogRange(range: LogRange): { from?: string; to?: string } {
  const errors: FieldError[] = [];
  const instant = (name: 'from' | 'to', text: string | undefined): string | undefined => {
    if (text === undefined || text.trim() === '') return undefined;
    const typed = typedValue('date', text);
    if (typed.ok) return String(typed.value);
    errors.push({ path: name, key: 'date.format', context: { format: 'YYYY-MM-DDTHH:mm:ssZ' } });
    return undefined;
  };
  const from = instant('from', range.from);
  const to = instant('to', range.to);
  if (from !== undefined && to !== undefined && from > to) errors.push({ path: 'from', key: 'string.dateRange', context: { first: 'from', second: 'to' } });
  if (errors.length > 0) throw validationError(errors);
  return { from, to };
}

const SEARCHED_COLUMNS = ['message', 'url', 'user_name', 'on_behalf_of_name', 'target_name', 'target_id', 'event'] as const;

/** Case-insensitive "contains" over the columns a person would search; wildcards match literally. */
function searchCondition(dialect: DatabaseDialect, text: string): ReturnType<typeof sql<SqlBool>> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const clauses = SEARCHED_COLUMNS.map((column) => sql<SqlBool>`${caseFold(dialect, sql.ref(column))} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(clauses, sql` or `)})`;
}

async function keptLogTotal(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('list_counts').select('n').where('list', '=', 'application_log').executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listApplicationLog(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  options: { query: ListQuery; range: LogRange; raw: boolean },
): Promise<{ items: ApplicationLogEntry[]; total?: number }> {
  // The caller's own last requests may still wait in the request-row batch.
  await flushRequestLog(db);
  const { from, to } = parseLogRange(options.range);
  let base = db.selectFrom('application_log').selectAll();
  if (from !== undefined) base = base.where('created_at', '>=', from);
  if (to !== undefined) base = base.where('created_at', '<=', to);
  const search = options.range.search?.trim() ?? '';
  if (search !== '') base = base.where(searchCondition(dialect, search));
  // The whole log's total is kept (list_counts, migration 0016): millions of rows are not counted per page.
  const whole = options.query.statistics && from === undefined && to === undefined && search === '' && options.query.filter.length === 0;
  const kept = whole ? await keptLogTotal(db) : undefined;
  const { rows, total } = await fetchList(base, { ...options.query, statistics: options.query.statistics && !whole }, {
    fields: APPLICATION_LOG_FIELDS,
    dialect,
    tieBreaker: 'id',
    defaultSort: [{ field: 'createdAt', direction: 'desc' }],
  });
  return { items: rows.map((row) => toEntry(row, options.raw)), total: kept ?? total };
}

export async function findApplicationLogEntry(db: Kysely<Database>, id: string, raw: boolean): Promise<ApplicationLogEntry | undefined> {
  await flushRequestLog(db);
  const row = await db.selectFrom('application_log').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEntry(row, raw) : undefined;
}
