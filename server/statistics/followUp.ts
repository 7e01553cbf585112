// Statistics "follow up" (spec §7, GET /statistics/follow-up?name=...): per patient the caller may
// see, the last visit, the next follow-up the registry's period plan expects and whether it is
// overdue. The plan is `registry_periods.due_months` (months after the attendance start, migration
// 0016). A patient's plan runs on their latest attendance that is not disqualified; a period counts
// as visited once it holds a live form. The last visit is the later of the attendance start and the
// day the furthest visited period's first form was recorded; the next follow-up is the first
// planned period after the furthest visited one, at the attendance start plus its months.
// Patients are named by their internal patient number only (no personal data in statistics).
import type { Kysely } from 'kysely';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { visiblePatientsSql } from '../permissions/patientScopes';
import type { StatisticsFilter } from './statisticsFilter';
import type { FollowUpRow } from '../../src/api/statistics';

// The row shapes are the API contract's (src/api/statistics.ts): one definition for the server and the page.
export type { FollowUpRow };

export interface FollowUpFilter extends StatisticsFilter {
  /** Registries by id (from `name`, the registries' short names); undefined: every registry. */
  registryIds?: string[];
  /** YYYY-MM-DD: follow-ups expected before this day are overdue. */
  today: string;
  locale: 'hu' | 'en';
}

/** `start` plus whole calendar months, as YYYY-MM-DD (UTC); a day past the month's end moves to its last day. */
export function addMonths(startIso: string, months: number): string {
  const start = new Date(startIso);
  const target = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

function attendanceQuery(db: Kysely<Database>, subject: PermissionSubject, filter: FollowUpFilter) {
  let query = db
    .selectFrom('attendances')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .where(visiblePatientsSql(subject))
    .where('attendances.state', '!=', 'disqualified');
  if (filter.registryIds !== undefined) query = query.where('attendances.registry_id', 'in', filter.registryIds.length > 0 ? filter.registryIds : ['']);
  if (filter.registryId !== undefined) query = query.where('attendances.registry_id', '=', filter.registryId);
  if (filter.instituteId !== undefined) query = query.where('attendances.institute_id', '=', filter.instituteId);
  return query;
}

export async function followUps(db: Kysely<Database>, subject: PermissionSubject, filter: FollowUpFilter): Promise<FollowUpRow[]> {
  const attendances = await attendanceQuery(db, subject, filter)
    .innerJoin('registries', 'registries.id', 'attendances.registry_id')
    .innerJoin('institutes', 'institutes.id', 'attendances.institute_id')
    .select([
      'attendances.id',
      'attendances.patient_id',
      'attendances.registry_id',
      'attendances.start_date_time',
      'attendances.display_id',
      'patients.internal_patient_number',
      'registries.short_name as registry',
      'institutes.short_name as institute',
    ])
    .orderBy('attendances.start_date_time')
    .orderBy('attendances.id')
    .execute();
  // Ordered by start: the last one per patient wins.
  const latest = new Map(attendances.map((row) => [row.patient_id, row]));
  const visited = await db
    .selectFrom('forms')
    .innerJoin('attendance_periods', 'attendance_periods.id', 'forms.attendance_period_id')
    .select(['forms.attendance_id', 'attendance_periods.period_index', db.fn.min('forms.created_at').as('firstForm')])
    .where('forms.deleted_at', 'is', null)
    .where('forms.attendance_id', 'in', attendanceQuery(db, subject, filter).select('attendances.id'))
    .groupBy(['forms.attendance_id', 'attendance_periods.period_index'])
    .execute();
  const furthest = new Map<string, { index: number; firstForm: string }>();
  for (const row of visited) {
    const index = Number(row.period_index);
    const known = furthest.get(row.attendance_id);
    if (!known || index > known.index) furthest.set(row.attendance_id, { index, firstForm: String(row.firstForm) });
  }
  const registryIds = [...new Set([...latest.values()].map((row) => row.registry_id))];
  const plan = registryIds.length === 0 ? [] : await db.selectFrom('registry_periods').selectAll().where('registry_id', 'in', registryIds).orderBy('period_index').execute();

  const rows: FollowUpRow[] = [];
  for (const attendance of latest.values()) {
    const reached = furthest.get(attendance.id);
    const next = plan.find((period) => period.registry_id === attendance.registry_id && period.due_months !== null && Number(period.period_index) > (reached?.index ?? -1));
    const nextExpected = next ? addMonths(attendance.start_date_time, Number(next.due_months)) : null;
    if (filter.from !== undefined && (nextExpected === null || nextExpected < filter.from.slice(0, 10))) continue;
    if (filter.to !== undefined && (nextExpected === null || nextExpected >= filter.to.slice(0, 10))) continue;
    rows.push({
      registry: attendance.registry,
      institute: attendance.institute,
      patientNumber: attendance.internal_patient_number,
      attendance: attendance.display_id,
      lastVisit: reached && reached.firstForm > attendance.start_date_time ? reached.firstForm : attendance.start_date_time,
      nextPeriod: next ? (filter.locale === 'en' ? next.name_en : next.name_hu) : null,
      nextExpected,
      overdue: nextExpected !== null && nextExpected < filter.today,
    });
  }
  // Most overdue first: the earliest expected date leads, finished plans last.
  return rows.sort((a, b) => (a.nextExpected ?? '9999').localeCompare(b.nextExpected ?? '9999') || a.patientNumber.localeCompare(b.patientNumber));
}
