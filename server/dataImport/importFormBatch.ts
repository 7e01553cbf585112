// The forms a commit creates, written a batch at a time: one INSERT of up to IMPORT_BATCH_FORMS (100)
// forms and one of their first record entries instead of two statements per form (on PostgreSQL
// each statement is a round trip). Each form is fully checked and its entry hashed before it joins
// the batch (a new form's chain starts fresh, so nothing in the batch depends on the database),
// and the batch is written inside the commit's transaction, so all-or-nothing is unchanged.
// The visits the commit starts join the same batch (attendances/attendanceStart.ts): their rows,
// periods, start forms and entries are written by the same flush, before the forms that need them.
// A read that could see a pending form or visit (its attendance's rows) must flush first: `flushFor`.
//
// `overlap` (PostgreSQL): a full batch is sent and the next one prepared while the database writes
// it (its triggers take as long as node takes to prepare a batch); one batch at most is in flight,
// batches are written in order, and a read of an attendance in flight waits for it. `settle` must
// be awaited before the transaction ends, also when it fails: no statement of a batch may run after
// its transaction's ROLLBACK.
import type { Kysely } from 'kysely';
import { writeStarts, type PreparedStart } from '../attendances/attendanceStart';
import type { Database } from '../db/database';
import type { PreparedForm } from '../forms/forms.lifecycle';

/** Forms per INSERT: a hundred cuts the statements a hundredfold; more saved no time and held more garbage. */
export const IMPORT_BATCH_FORMS = 100;

export interface FormBatch {
  add(form: PreparedForm): Promise<void>;
  /** A visit started by the commit (counts towards the batch as its start form does). */
  addStart(start: PreparedStart): Promise<void>;
  /** Writes the pending rows when one of them belongs to the attendance about to be read. */
  flushFor(attendanceId: string): Promise<void>;
  /** Writes everything pending and waits until it is written. */
  flush(): Promise<void>;
  /** Waits for the batch in flight; throws its error if its write failed. */
  settle(): Promise<void>;
}

/** Rows prepared between two turns of the event loop while a batch is being written. */
const YIELD_EVERY = 5;

export interface FormBatchOptions {
  size?: number;
  /** Prepare the next batch while the database writes the last one (PostgreSQL). */
  overlap?: boolean;
}

/** `alsoWrite`: what else the commit keeps in memory and writes with each batch (the day counters, a trial's blocks). */
export function createFormBatch(trx: Kysely<Database>, alsoWrite: () => Promise<void>, options: FormBatchOptions = {}): FormBatch {
  const size = options.size ?? IMPORT_BATCH_FORMS;
  let pending: PreparedForm[] = [];
  let starts: PreparedStart[] = [];
  let attendances = new Set<string>();
  let writing: { done: Promise<void>; attendances: Set<string> } | null = null;

  async function settle(): Promise<void> {
    const current = writing;
    writing = null;
    if (current) await current.done;
  }

  /** Starts writing what is pending (after the batch before it); answers when it is sent, not written. */
  async function send(): Promise<void> {
    await settle();
    // Taken off first: the prepared rows can be collected as soon as they are written.
    const forms = pending;
    const visits = starts;
    const ids = attendances;
    pending = [];
    starts = [];
    attendances = new Set();
    const done = (async () => {
      if (forms.length > 0 || visits.length > 0) await writeStarts(trx, visits, forms);
      await alsoWrite();
    })();
    // Awaited by settle; until then a failure must not count as unhandled.
    done.catch(() => undefined);
    writing = { done, attendances: ids };
  }

  async function flush(): Promise<void> {
    await send();
    await settle();
  }

  async function full(): Promise<void> {
    // The batch in flight moves on only when its answers are read, which takes a turn of the event
    // loop: preparing rows is all computation, so it lets the loop turn every few rows.
    if (writing && (pending.length + starts.length) % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    if (pending.length + starts.length < size) return;
    if (options.overlap) await send();
    else await flush();
  }

  return {
    async add(form) {
      pending.push(form);
      attendances.add(form.row.attendance_id);
      await full();
    },
    async addStart(start) {
      starts.push(start);
      attendances.add(start.row.id);
      await full();
    },
    async flushFor(attendanceId) {
      if (attendances.has(attendanceId)) await flush();
      else if (writing?.attendances.has(attendanceId)) await settle();
    },
    flush,
    settle,
  };
}
