// The forms a commit creates, written a batch at a time: one INSERT of up to IMPORT_BATCH_FORMS (100)
// forms and one of their first record entries instead of two statements per form (on PostgreSQL
// each statement is a round trip). Each form is fully checked and its entry hashed before it joins
// the batch (a new form's chain starts fresh, so nothing in the batch depends on the database),
// and the batch is written inside the commit's transaction, so all-or-nothing is unchanged.
// The visits the commit starts join the same batch (attendances/attendanceStart.ts): their rows,
// periods, start forms and entries are written by the same flush, before the forms that need them.
// A read that could see a pending form or visit (its attendance's rows) must flush first: `flushFor`.
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
  flush(): Promise<void>;
}

/** `alsoWrite`: what else the commit keeps in memory and writes with each batch (the day counters). */
export function createFormBatch(trx: Kysely<Database>, alsoWrite: () => Promise<void>, size = IMPORT_BATCH_FORMS): FormBatch {
  let pending: PreparedForm[] = [];
  let starts: PreparedStart[] = [];
  const attendances = new Set<string>();

  async function flush(): Promise<void> {
    if (pending.length > 0 || starts.length > 0) {
      // Taken off first: the prepared rows can be collected as soon as they are written.
      const forms = pending;
      const visits = starts;
      pending = [];
      starts = [];
      attendances.clear();
      await writeStarts(trx, visits, forms);
    }
    await alsoWrite();
  }

  return {
    async add(form) {
      pending.push(form);
      attendances.add(form.row.attendance_id);
      if (pending.length + starts.length >= size) await flush();
    },
    async addStart(start) {
      starts.push(start);
      attendances.add(start.row.id);
      if (pending.length + starts.length >= size) await flush();
    },
    async flushFor(attendanceId) {
      if (attendances.has(attendanceId)) await flush();
    },
    flush,
  };
}
