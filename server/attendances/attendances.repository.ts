// SQL for attendances, their periods, display-id sequences and the permuted-block state.
import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { AttendanceRow, Database, FormRow } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';

const attendanceById = fixedQuery<{ id: string }>()((db, value) => db.selectFrom('attendances').selectAll().where('id', '=', value('id')));

export async function findAttendanceRow(db: Kysely<Database>, id: string): Promise<AttendanceRow | null> {
  return (await attendanceById.first(db, { id })) ?? null;
}

export async function attendanceRowsOfPatient(db: Kysely<Database>, patientId: string): Promise<AttendanceRow[]> {
  return db.selectFrom('attendances').selectAll().where('patient_id', '=', patientId).orderBy('start_date_time', 'desc').orderBy('id').execute();
}

/** Whether the patient has an attendance whose start falls on the local day (the institute's time zone). */
export async function hasAttendanceOnDay(db: Kysely<Database>, patientId: string, dayKey: string): Promise<boolean> {
  const row = await db.selectFrom('attendances').select('id').where('patient_id', '=', patientId).where('day_key', '=', dayKey).executeTakeFirst();
  return row !== undefined;
}

/** Several new attendances in one statement (one for a user's start, a batch for the import's commit). */
export async function insertAttendances(db: Kysely<Database>, rows: readonly AttendanceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('attendances').values(rows.map((row) => ({ ...row, completed: Boolean(row.completed) }))).execute();
}

export interface AttendanceUpdate {
  endDateTime?: string | null;
  inpatientDays?: { from: string; to: string }[];
  completed?: boolean;
  state?: AttendanceRow['state'];
}

export async function updateAttendance(db: Kysely<Database>, id: string, changes: AttendanceUpdate, at: string): Promise<void> {
  await db
    .updateTable('attendances')
    .set({
      ...(changes.endDateTime !== undefined ? { end_date_time: changes.endDateTime } : {}),
      ...(changes.inpatientDays !== undefined ? { inpatient_days: JSON.stringify(changes.inpatientDays) } : {}),
      ...(changes.completed !== undefined ? { completed: changes.completed } : {}),
      ...(changes.state !== undefined ? { state: changes.state } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The next sequence number of the day: one atomic upsert (one round trip), so concurrent starts
 * never collide; the counter row stays locked until the transaction ends.
 */
export async function nextSequence(db: Kysely<Database>, instituteId: string, registryId: string, dayKey: string): Promise<number> {
  const row = await db
    .insertInto('attendance_sequences')
    .values({ institute_id: instituteId, registry_id: registryId, day_key: dayKey, last: 1 })
    .onConflict((oc) => oc.columns(['institute_id', 'registry_id', 'day_key']).doUpdateSet({ last: sql<number>`attendance_sequences.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

/** The remaining block of an institute, locked (PostgreSQL) until the transaction ends. */
export async function lockBlock(db: Kysely<Database>, dialect: DatabaseDialect, registryId: string, instituteId: string, at: string): Promise<string[]> {
  await db.insertInto('randomization_blocks').values({ registry_id: registryId, institute_id: instituteId, remaining: '[]', updated_at: at }).onConflict((oc) => oc.doNothing()).execute();
  let query = db.selectFrom('randomization_blocks').select('remaining').where('registry_id', '=', registryId).where('institute_id', '=', instituteId);
  if (dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return JSON.parse(row.remaining) as string[];
}

export async function storeBlock(db: Kysely<Database>, registryId: string, instituteId: string, remaining: readonly string[], at: string): Promise<void> {
  await db.updateTable('randomization_blocks').set({ remaining: JSON.stringify(remaining), updated_at: at }).where('registry_id', '=', registryId).where('institute_id', '=', instituteId).execute();
}

/** The period indexes a new attendance gets: one per period the registry defines (at least the first). */
export async function registryPeriodIndexes(db: Kysely<Database>, registryId: string): Promise<number[]> {
  const defined = await db.selectFrom('registry_periods').select('period_index').where('registry_id', '=', registryId).orderBy('period_index').execute();
  return defined.length > 0 ? defined.map((row) => Number(row.period_index)) : [0];
}

export interface NewPeriod {
  id: string;
  attendanceId: string;
  index: number;
  createdAt: string;
}

export async function insertPeriodRows(db: Kysely<Database>, periods: readonly NewPeriod[]): Promise<void> {
  if (periods.length === 0) return;
  await db.insertInto('attendance_periods').values(periods.map((p) => ({ id: p.id, attendance_id: p.attendanceId, period_index: p.index, created_at: p.createdAt }))).execute();
}

export async function periodsOf(db: Kysely<Database>, attendanceIds: readonly string[]): Promise<{ id: string; attendanceId: string; index: number }[]> {
  if (attendanceIds.length === 0) return [];
  const rows = await db.selectFrom('attendance_periods').selectAll().where('attendance_id', 'in', attendanceIds).orderBy('period_index').execute();
  return rows.map((row) => ({ id: row.id, attendanceId: row.attendance_id, index: Number(row.period_index) }));
}

export async function findPeriod(db: Kysely<Database>, id: string): Promise<{ id: string; attendanceId: string; index: number } | null> {
  const row = await db.selectFrom('attendance_periods').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, attendanceId: row.attendance_id, index: Number(row.period_index) } : null;
}

export async function userNames(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The attendance-start form type of a registry (the first by position). */
export async function startFormType(db: Kysely<Database>, registryId: string): Promise<{ id: number; displayId: string; lastVersion: number } | null> {
  const row = await db
    .selectFrom('form_types')
    .select(['id', 'display_id', 'last_version'])
    .where('registry_id', '=', registryId)
    .where('behavior_type', '=', 'attendance_start')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return row ? { id: Number(row.id), displayId: row.display_id, lastVersion: Number(row.last_version) } : null;
}

// --- Display id regeneration (server/attendances/displayIds.ts) ---

export interface AttendanceKeyRow {
  id: string;
  registryId: string;
  startDateTime: string;
  createdAt: string;
  displayId: string;
  dayKey: string;
  sequence: number;
}

export async function attendanceKeysOfInstitute(db: Kysely<Database>, instituteId: string): Promise<AttendanceKeyRow[]> {
  const rows = await db
    .selectFrom('attendances')
    .select(['id', 'registry_id', 'start_date_time', 'created_at', 'display_id', 'day_key', 'sequence'])
    .where('institute_id', '=', instituteId)
    .orderBy('start_date_time')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    registryId: row.registry_id,
    startDateTime: row.start_date_time,
    createdAt: row.created_at,
    displayId: row.display_id,
    dayKey: row.day_key,
    sequence: Number(row.sequence),
  }));
}

export async function registryShortNames(db: Kysely<Database>, registryIds: readonly string[]): Promise<Map<string, string>> {
  if (registryIds.length === 0) return new Map();
  const rows = await db.selectFrom('registries').select(['id', 'short_name']).where('id', 'in', registryIds).execute();
  return new Map(rows.map((row) => [row.id, row.short_name]));
}

export async function sequenceCounters(db: Kysely<Database>, instituteId: string): Promise<{ registryId: string; dayKey: string; last: number }[]> {
  const rows = await db.selectFrom('attendance_sequences').selectAll().where('institute_id', '=', instituteId).execute();
  return rows.map((row) => ({ registryId: row.registry_id, dayKey: row.day_key, last: Number(row.last) }));
}

export async function storeSequenceCounter(db: Kysely<Database>, instituteId: string, registryId: string, dayKey: string, last: number): Promise<void> {
  await db
    .insertInto('attendance_sequences')
    .values({ institute_id: instituteId, registry_id: registryId, day_key: dayKey, last })
    .onConflict((oc) => oc.columns(['institute_id', 'registry_id', 'day_key']).doUpdateSet({ last }))
    .execute();
}

export interface SequenceCounter {
  instituteId: string;
  registryId: string;
  dayKey: string;
  last: number;
}

/** Several counters in one statement (the import's commit writes the ones it advanced with each batch). */
export async function storeSequenceCounters(db: Kysely<Database>, counters: readonly SequenceCounter[]): Promise<void> {
  if (counters.length === 0) return;
  await db
    .insertInto('attendance_sequences')
    .values(counters.map((c) => ({ institute_id: c.instituteId, registry_id: c.registryId, day_key: c.dayKey, last: c.last })))
    .onConflict((oc) => oc.columns(['institute_id', 'registry_id', 'day_key']).doUpdateSet((eb) => ({ last: eb.ref('excluded.last') })))
    .execute();
}

export async function setAttendanceDisplayId(db: Kysely<Database>, id: string, ids: { displayId: string; dayKey: string; sequence: number }): Promise<void> {
  await db.updateTable('attendances').set({ display_id: ids.displayId, day_key: ids.dayKey, sequence: ids.sequence }).where('id', '=', id).execute();
}

const IN_LIST_CHUNK = 500;

/**
 * Every form of the attendances, deleted ones too. Form rows are the forms area's, but their
 * display ids derive from the attendance's, so the regeneration reads and writes them here.
 */
export async function formDisplayIdsOfAttendances(
  db: Kysely<Database>,
  attendanceIds: readonly string[],
): Promise<{ id: string; attendanceId: string; displayId: string; state: FormRow['state'] }[]> {
  const result: { id: string; attendanceId: string; displayId: string; state: FormRow['state'] }[] = [];
  // Chunks keep the IN list far below the bind-parameter limits of both databases.
  for (let i = 0; i < attendanceIds.length; i += IN_LIST_CHUNK) {
    const rows = await db
      .selectFrom('forms')
      .select(['id', 'attendance_id', 'display_id', 'state'])
      .where('attendance_id', 'in', attendanceIds.slice(i, i + IN_LIST_CHUNK))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    result.push(...rows.map((row) => ({ id: row.id, attendanceId: row.attendance_id, displayId: row.display_id, state: row.state })));
  }
  return result;
}

/** The display id only: version and updated_at stay, as the form's content did not change. */
export async function setFormDisplayId(db: Kysely<Database>, formId: string, displayId: string): Promise<void> {
  await db.updateTable('forms').set({ display_id: displayId }).where('id', '=', formId).execute();
}

/** The live forms of an attendance with their states, oldest first. */
export async function liveFormStates(db: Kysely<Database>, attendanceId: string): Promise<{ id: string; state: FormRow['state'] }[]> {
  return db.selectFrom('forms').select(['id', 'state']).where('attendance_id', '=', attendanceId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
}
