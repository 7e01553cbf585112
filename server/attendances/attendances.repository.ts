// SQL for attendances, their periods, display-id sequences and the permuted-block state.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { AttendanceRow, Database } from '../db/database';

export async function findAttendanceRow(db: Kysely<Database>, id: string): Promise<AttendanceRow | null> {
  return (await db.selectFrom('attendances').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function attendanceRowsOfPatient(db: Kysely<Database>, patientId: string): Promise<AttendanceRow[]> {
  return db.selectFrom('attendances').selectAll().where('patient_id', '=', patientId).orderBy('start_date_time', 'desc').orderBy('id').execute();
}

export async function insertAttendance(db: Kysely<Database>, row: AttendanceRow): Promise<void> {
  await db.insertInto('attendances').values({ ...row, completed: Boolean(row.completed) }).execute();
}

export async function updateAttendance(
  db: Kysely<Database>,
  id: string,
  changes: { endDateTime?: string | null; inpatientDays?: unknown; completed?: boolean },
  at: string,
): Promise<void> {
  await db
    .updateTable('attendances')
    .set({
      ...(changes.endDateTime !== undefined ? { end_date_time: changes.endDateTime } : {}),
      ...(changes.inpatientDays !== undefined ? { inpatient_days: JSON.stringify(changes.inpatientDays) } : {}),
      ...(changes.completed !== undefined ? { completed: changes.completed, state: changes.completed ? 'completed' : 'open' } : {}),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/** The next sequence number of the day; one atomic UPDATE, so concurrent starts never collide. */
export async function nextSequence(db: Kysely<Database>, instituteId: string, registryId: string, dayKey: string): Promise<number> {
  await db.insertInto('attendance_sequences').values({ institute_id: instituteId, registry_id: registryId, day_key: dayKey, last: 0 }).onConflict((oc) => oc.doNothing()).execute();
  const row = await db
    .updateTable('attendance_sequences')
    .set({ last: sql<number>`last + 1` })
    .where('institute_id', '=', instituteId)
    .where('registry_id', '=', registryId)
    .where('day_key', '=', dayKey)
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

export async function insertPeriod(db: Kysely<Database>, attendanceId: string, index: number, at: string): Promise<string> {
  const id = randomUUID();
  await db.insertInto('attendance_periods').values({ id, attendance_id: attendanceId, period_index: index, created_at: at }).execute();
  return id;
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
