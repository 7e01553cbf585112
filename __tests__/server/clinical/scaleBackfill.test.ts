// Migration 0012 (scale queries) backfills, for data written before it, exactly what its triggers
// keep for data written after it: the demo seed (written through the triggers, then worked on)
// must read the same after the migration is undone and applied again.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/database';
import { migratorFor } from '../../../server/db/migrate';
import { testDatabaseUrl } from '../../helpers/serverApp';
import { createClinicalTestServer, INVESTIGATOR, MONITOR, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

async function keptState(db: Kysely<Database>): Promise<unknown> {
  const rows = (table: string, order: string): Promise<unknown[]> =>
    sql.raw<Record<string, unknown>>(`select * from ${table} where n > 0 order by ${order}`).execute(db).then((r) => r.rows.map((row) => ({ ...row, n: Number(row.n) })));
  return {
    forms: await db.selectFrom('forms').select(['id', 'todo_level']).orderBy('id').execute(),
    patients: await db.selectFrom('patients').select(['id', 'attendance_count', 'institute_count', 'name_folded']).orderBy('id').execute(),
    todoCounts: await rows('todo_counts', 'registry_id, institute_id, form_type_id, physician_id, todo_level'),
    patientCounts: await rows('patient_counts', 'registry_id, institute_id'),
    patientGenderCounts: await rows('patient_gender_counts', 'registry_id, institute_id, gender'),
    attendanceCounts: await rows('attendance_counts', 'registry_id, institute_id, physician_id'),
    // Migration 0038: which institutes' visit ids hold each trigram.
    visitIdInstituteTrigrams: await db.selectFrom('visit_id_institute_trigrams').selectAll().orderBy(['registry_id', 'trigram', 'institute_id']).execute(),
    // Migration 0039 (SQLite): the visit-id search rows' copies of their attendance's keys.
    visitIdSearchKeys: testDatabaseUrl()
      ? []
      : (await sql`select id, registry_id, institute_id, physician_id, patient_number_folded, start_date_time from attendance_display_search order by id`.execute(db)).rows,
    // Migration 0040 (PostgreSQL): the trigram entries of the patients' names.
    patientNameTrigramKeys: testDatabaseUrl() ? (await sql`select * from patient_name_trigram_keys order by trigram, name_folded, id`.execute(db)).rows : [],
  };
}

async function answers(): Promise<unknown[]> {
  const urls = ['/forms/approvable-count', '/forms/correctable-count', '/forms/approvable?statistics=true', '/patients?statistics=true', '/patients?statistics=true&filter=gender%3D%3Dfemale', '/dashboard/registries'];
  const bodies = [];
  for (const as of [INVESTIGATOR, MONITOR]) for (const url of urls) bodies.push((await server.call('GET', url, as)).body);
  // Going down past 0017 drops the biobank with its samples: the sample count is no counter of 0014.
  return JSON.parse(JSON.stringify(bodies, (key, value: unknown) => (key === 'bioSampleCount' ? undefined : value))) as unknown[];
}

it('backfills what the triggers keep, so lists and counts answer the same', async () => {
  const before = await keptState(server.db);
  const answered = await answers();
  const state = before as { forms: { todo_level: number | null }[]; patients: { attendance_count: number }[] };
  // The seed has to-dos of both kinds and patients with attendances, so the comparison means something.
  expect(state.forms.some((form) => form.todo_level === 0)).toBe(true);
  expect(state.forms.some((form) => (form.todo_level ?? 0) > 0)).toBe(true);
  expect(state.patients.some((patient) => patient.attendance_count > 0)).toBe(true);
  expect((before as { visitIdInstituteTrigrams: unknown[] }).visitIdInstituteTrigrams.length).toBeGreaterThan(50);

  const steps = await migratorFor(server.db);
  // Back to just before the scale migration (later migrations go down and up with it).
  const down = await steps.migrateTo('0013_jobs');
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toContain('0014_scale_queries');
  const up = await steps.migrateToLatest();
  expect(up.error).toBeUndefined();

  expect(await keptState(server.db)).toEqual(before);
  expect(await answers()).toEqual(answered);
});
