// Request rows are written in batches: one INSERT (and one update of the kept log total) per batch
// instead of one per request. At 500 requests a second on PostgreSQL the per-request insert was
// about a fifth of the server's work, and every insert queued on the same list_counts row.
// A request row is written after its answer has gone out in any case, so batching only widens the
// window in which a crash loses request rows (never a clinical write, never an event row: those
// stay immediate) from one insert to FLUSH_DELAY_MS. Readers of the log flush first, so the log
// screen always shows the caller's own earlier requests.
// On SQLite every commit empties the read connections' page caches, so a batch a second rather than
// twenty keeps the searches' pages cached (docs/decisions.md "Request rows of the application log
// are written in batches").
import type { Kysely } from 'kysely';
import type { Database, NewApplicationLogRow } from '../db/database';
import { insertRequestLogRows } from './appLog.repository';

/** How long a request row may wait for company before it is written. */
export const FLUSH_DELAY_MS = 1000;
/** Rows per statement: well inside both databases' bound-parameter limits (15 columns each). */
export const MAX_BATCH = 250;

export interface RequestLogBuffer {
  add(row: NewApplicationLogRow): void;
  /** Writes every row added so far; resolves when they are stored (or their failure reported). */
  flush(): Promise<void>;
  /** Flushes and from then on writes each row at once (answers still going out while the app closes). */
  close(): Promise<void>;
}

const buffersOf = new WeakMap<Kysely<Database>, Set<RequestLogBuffer>>();

/** Writes the request rows still waiting for this database: called before the log is read. */
export async function flushRequestLog(db: Kysely<Database>): Promise<void> {
  await Promise.all([...(buffersOf.get(db) ?? [])].map((buffer) => buffer.flush()));
}

export function createRequestLogBuffer(db: Kysely<Database>, onError: (error: unknown, lostRows: number) => void): RequestLogBuffer {
  let pending: NewApplicationLogRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Batches are written one after another, in the order their requests finished.
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  async function write(rows: NewApplicationLogRow[]): Promise<void> {
    for (let at = 0; at < rows.length; at += MAX_BATCH) {
      const batch = rows.slice(at, at + MAX_BATCH);
      try {
        await insertRequestLogRows(db, batch);
      } catch (error) {
        // The answers are already out; a failed log write must not become a failed request.
        onError(error, batch.length);
      }
    }
  }

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const rows = pending;
    pending = [];
    if (rows.length > 0) writing = writing.then(() => write(rows));
    return writing;
  }

  const buffer: RequestLogBuffer = {
    add(row) {
      pending.push(row);
      if (closed || pending.length >= MAX_BATCH) void flush();
      else if (timer === undefined) {
        timer = setTimeout(() => void flush(), FLUSH_DELAY_MS);
        // A waiting batch never keeps the process alive; close() writes it.
        timer.unref();
      }
    },
    flush,
    async close() {
      closed = true;
      await flush();
      buffersOf.get(db)?.delete(buffer);
    },
  };
  const buffers = buffersOf.get(db) ?? new Set<RequestLogBuffer>();
  buffers.add(buffer);
  buffersOf.set(db, buffers);
  return buffer;
}
