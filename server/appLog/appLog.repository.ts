// The application log (spec business-data §3): one row per API request and one per recorded
// event. Rows are written outside any business transaction and never fail the request.
import { timeOrderedId } from '../util/timeOrderedId';
import type { Kysely } from 'kysely';
import type { Database, NewApplicationLogRow } from '../db/database';
import { nowIso } from '../util/time';

export type Severity = 'info' | 'warning' | 'error';

/** The `msg` of a request row; the retention prunes only these (jobs/logRetention.ts). */
export const REQUEST_LOG_MSG = 'request completed';

export interface RequestLogEntry {
  reqId: string;
  httpMethod: string;
  /** Already redacted (util/redactUrl). */
  url: string;
  httpResponseCode: number;
  responseTime: number;
  userAgent?: string | null;
  referer?: string | null;
  remoteAddress?: string | null;
  userId?: string | null;
  userName?: string | null;
  /** While impersonating: userId/userName are the real user, these the impersonated one. */
  onBehalfOfId?: string | null;
  onBehalfOfName?: string | null;
}

export interface EventLogEntry {
  event: string;
  message?: string | null;
  reason?: string | null;
  severity?: Severity;
  targetType?: string | null;
  targetId?: string | null;
  targetName?: string | null;
  /** Stored as JSON text; never put passwords, tokens or request bodies of auth calls here. */
  data?: unknown;
  userId?: string | null;
  userName?: string | null;
  onBehalfOfId?: string | null;
  onBehalfOfName?: string | null;
  reqId?: string | null;
}

/** Long texts (user agents, stacks) are cut so one report cannot bloat the log table. */
function cut(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  return text.length > max ? text.slice(0, max) : text;
}

/** The row of one request, stamped now (the time the answer went out, not the time it is written). */
export function requestLogRow(entry: RequestLogEntry): NewApplicationLogRow {
  return {
    id: timeOrderedId(),
    created_at: nowIso(),
    req_id: entry.reqId,
    msg: REQUEST_LOG_MSG,
    http_method: entry.httpMethod,
    url: cut(entry.url, 2000),
    user_agent: cut(entry.userAgent, 500),
    referer: cut(entry.referer, 2000),
    remote_address: cut(entry.remoteAddress, 100),
    http_response_code: entry.httpResponseCode,
    response_time: Math.round(entry.responseTime * 1000) / 1000,
    user_id: entry.userId ?? null,
    user_name: entry.userName ?? null,
    on_behalf_of_id: entry.onBehalfOfId ?? null,
    on_behalf_of_name: entry.onBehalfOfName ?? null,
  };
}

/** Several request rows in one statement (the request hook writes them in batches: requestLogBuffer.ts). */
export async function insertRequestLogRows(db: Kysely<Database>, rows: readonly NewApplicationLogRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('application_log').values([...rows]).execute();
}

export async function insertRequestLog(db: Kysely<Database>, entry: RequestLogEntry): Promise<string> {
  const row = requestLogRow(entry);
  await insertRequestLogRows(db, [row]);
  return row.id;
}

export async function logEvent(db: Kysely<Database>, entry: EventLogEntry): Promise<string> {
  const id = timeOrderedId();
  await db
    .insertInto('application_log')
    .values({
      id,
      created_at: nowIso(),
      req_id: entry.reqId ?? null,
      msg: 'event',
      event: entry.event,
      message: cut(entry.message, 4000),
      reason: cut(entry.reason, 2000),
      severity: entry.severity ?? 'info',
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      target_name: cut(entry.targetName, 500),
      data: entry.data === undefined ? null : JSON.stringify(entry.data),
      user_id: entry.userId ?? null,
      user_name: entry.userName ?? null,
      on_behalf_of_id: entry.onBehalfOfId ?? null,
      on_behalf_of_name: entry.onBehalfOfName ?? null,
    })
    .execute();
  return id;
}
