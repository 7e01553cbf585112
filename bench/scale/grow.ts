// Grows a migrated, demo-seeded database to N patients (about 3 attendances, 10 forms and 33
// record entries each) copied from the demo data (./templates.ts, ./plan.ts), in chunks of
// patients, each written in one transaction; then bio samples (./growSamples.ts), users and
// application-log rows (./growPeople.ts),
// the derived columns (./refreshDerived.ts), the
// attendance sequences the server continues from, and ANALYZE (PostgreSQL: VACUUM ANALYZE).
import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../../server/config';
import type { Database } from '../../server/db/database';
import { createBulkWriter } from './bulkWrite';
import { growPeople } from './growPeople';
import { growSamples } from './growSamples';
import { sequentialIds } from './ids';
import { addPatient, createPlanContext } from './plan';
import { refreshDerived } from './refreshDerived';
import { emptyChunk, type GrownTable } from './rows';
import { readTemplates } from './templates';

export interface GrowOptions {
  patients: number;
  recordKey: Buffer;
  /** Patients per transaction. */
  chunk?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Rows added per table; users, access_entries and application_log come from ./growPeople.ts. */
export type GrowCounts = Record<GrownTable | 'users' | 'access_entries' | 'application_log', number>;

async function saveSequences(db: Kysely<Database>, sequences: ReadonlyMap<string, number>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('attendance_sequences').execute();
    const rows = [...sequences].map(([key, last]) => {
      const [institute_id, registry_id, day_key] = key.split('|');
      return { institute_id, registry_id, day_key, last };
    });
    for (let start = 0; start < rows.length; start += 1000) await trx.insertInto('attendance_sequences').values(rows.slice(start, start + 1000)).execute();
  });
}

export async function growDatabase(db: Kysely<Database>, dialect: DatabaseDialect, options: GrowOptions): Promise<GrowCounts> {
  const templates = await readTemplates(db);
  if (templates.placements.length === 0) throw new Error('No physician access entry to place patients with: seed the demo data first.');
  const context = createPlanContext(templates, options.recordKey, sequentialIds());
  const writer = await createBulkWriter(db, dialect);
  const counts: GrowCounts = { patients: 0, attendances: 0, attendance_periods: 0, forms: 0, form_approvals: 0, form_history: 0, bio_samples: 0, bio_sample_history: 0, users: 0, access_entries: 0, application_log: 0 };
  const chunk = options.chunk ?? 1000;
  for (let first = 0; first < options.patients; first += chunk) {
    const rows = emptyChunk();
    for (let n = first; n < Math.min(options.patients, first + chunk); n += 1) addPatient(context, rows, n);
    await writer.writeChunk(rows);
    for (const table of Object.keys(rows) as GrownTable[]) counts[table] += rows[table].length;
    options.onProgress?.(counts.patients, options.patients);
  }
  counts.bio_samples = await growSamples(db, writer, options.recordKey, sequentialIds());
  counts.bio_sample_history = counts.bio_samples;
  const people = await growPeople(db, options.patients, sequentialIds());
  counts.users = people.users;
  counts.access_entries = people.accessEntries;
  counts.application_log = people.logEntries;
  await saveSequences(db, templates.sequences);
  await refreshDerived(db, dialect);
  // On PostgreSQL a bulk load leaves what autovacuum tidies later, and the runs would measure that
  // instead of the steady state: the GIN indexes' pending entries, searched one by one until a
  // vacuum moves them into the index (the visit-id pieces' index scan of `0112`: 16.8 ms before,
  // 0.18 ms after), and heap pages not yet marked all-visible for index-only scans.
  await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
  return counts;
}
