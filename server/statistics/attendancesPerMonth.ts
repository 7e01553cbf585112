// The statistics page's enrolment line (JSON only, GET /statistics/attendances-per-month): how many
// attendances started per month (UTC) and how many patients the registry has reached so far, against
// its target patient count. Counts only the patients the caller may see, like every statistic.
import { sql, type Kysely } from 'kysely';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { dialectOf } from '../db/sqlFunctions';
import { visiblePatientsSql } from '../permissions/patientScopes';
import type { StatisticsFilter } from './statisticsFilter';
import type { AttendanceMonthRow, AttendancesPerMonth } from '../../src/api/statistics';

// The row shapes are the API contract's (src/api/statistics.ts): one definition for the server and the page.
export type { AttendanceMonthRow, AttendancesPerMonth };

export async function attendancesPerMonth(db: Kysely<Database>, subject: PermissionSubject, filter: StatisticsFilter): Promise<AttendancesPerMonth> {
  const month =
    dialectOf(db as Kysely<unknown>) === 'postgres'
      ? sql<string>`to_char(attendances.start_date_time at time zone 'UTC', 'YYYY-MM')`
      : sql<string>`substr(attendances.start_date_time, 1, 7)`;
  let query = db
    .selectFrom('attendances')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .where(visiblePatientsSql(subject))
    .select(['attendances.patient_id', month.as('month')]);
  if (filter.registryId !== undefined) query = query.where('attendances.registry_id', '=', filter.registryId);
  if (filter.instituteId !== undefined) query = query.where('attendances.institute_id', '=', filter.instituteId);
  if (filter.from !== undefined) query = query.where('attendances.start_date_time', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('attendances.start_date_time', '<', filter.to);
  const rows = await db
    .selectFrom(query.as('started'))
    .select(['started.month', 'started.patient_id', sql<number>`count(*)`.as('count')])
    .groupBy(['started.month', 'started.patient_id'])
    .orderBy('started.month')
    .execute();
  const byMonth = new Map<string, AttendanceMonthRow>();
  const seen = new Set<string>();
  let patients = 0;
  for (const row of rows) {
    const entry = byMonth.get(row.month) ?? { month: row.month, attendances: 0, patients };
    entry.attendances += Number(row.count);
    if (!seen.has(row.patient_id)) {
      seen.add(row.patient_id);
      patients += 1;
    }
    entry.patients = patients;
    byMonth.set(row.month, entry);
  }
  const registry =
    filter.registryId === undefined ? undefined : await db.selectFrom('registries').select('target_patient_count').where('id', '=', filter.registryId).executeTakeFirst();
  const target = registry?.target_patient_count;
  return { results: [...byMonth.values()], targetPatientCount: target === null || target === undefined ? null : Number(target) };
}
