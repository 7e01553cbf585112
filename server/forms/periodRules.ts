// Which forms a period of an attendance takes (docs/decisions.md "Attendance periods"): a form type
// the registry allows in that period, at most `maxPerPeriod` live forms of it there, an
// attendance-start type once per attendance, and nothing in a disqualified attendance. The same
// rule answers the periods' "Add form" offers and refuses POST /attendance-periods/{id}/forms.
import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { AttendanceRow, Database } from '../db/database';
import { ApiError } from '../errors/apiError';
import { attendanceDisqualified } from '../attendances/attendanceErrors';
import { periodFormTypeRule } from '../registries/registryPeriods';

export type PeriodRefusal = 'disqualified' | 'not_allowed' | 'once_per_attendance' | 'period_full';

export interface PeriodRuleInput {
  disqualified: boolean;
  /** The registry's rule for the type in this period; null: not allowed there. */
  rule: { maxPerPeriod: number | null } | null;
  behaviorType: string;
  liveInPeriod: number;
  liveInAttendance: number;
}

/** Why the period cannot take one more form of the type; null when it can. */
export function periodRefusal(input: PeriodRuleInput): PeriodRefusal | null {
  if (input.disqualified) return 'disqualified';
  if (!input.rule) return 'not_allowed';
  // The attendance-start form identifies the visit: one per attendance, whatever the periods say.
  if (input.behaviorType === 'attendance_start' && input.liveInAttendance > 0) return 'once_per_attendance';
  if (input.rule.maxPerPeriod !== null && input.liveInPeriod >= input.rule.maxPerPeriod) return 'period_full';
  return null;
}

export function periodRefusalError(refusal: PeriodRefusal, formTypeName: string, max: number | null): ApiError {
  switch (refusal) {
    case 'disqualified':
      return attendanceDisqualified();
    case 'not_allowed':
      return new ApiError({ statusCode: 409, code: 'form_type_not_allowed_in_period', messageId: 'server.forms.formTypeNotAllowedInPeriod', values: { formType: formTypeName } });
    case 'once_per_attendance':
      return new ApiError({ statusCode: 409, code: 'form_type_once_per_attendance', messageId: 'server.forms.oncePerAttendance', values: { formType: formTypeName } });
    case 'period_full':
      return new ApiError({ statusCode: 409, code: 'period_form_limit', messageId: 'server.forms.periodFormLimit', values: { formType: formTypeName, max: max ?? 0 } });
  }
}

/** Live forms of the type in the attendance (in one period of it when periodId is given). */
export async function liveCount(db: Kysely<Database>, attendanceId: string, formTypeId: number, periodId?: string): Promise<number> {
  let query = db
    .selectFrom('forms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('attendance_id', '=', attendanceId)
    .where('form_type_id', '=', formTypeId)
    .where('deleted_at', 'is', null);
  if (periodId) query = query.where('attendance_period_id', '=', periodId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Refuses (409) a form the period cannot take. Inside the creating transaction: on PostgreSQL the
 * attendance row is locked first, so two concurrent adds cannot both pass the count.
 */
export async function assertPeriodTakes(
  db: Kysely<Database>,
  /** The dialect when inside the creating transaction (PostgreSQL locks the attendance); null for a read. */
  lock: DatabaseDialect | null,
  attendanceId: string,
  period: { id: string; index: number },
  formType: { id: number; behaviorType: string; name: string },
): Promise<AttendanceRow> {
  let query = db.selectFrom('attendances').selectAll().where('id', '=', attendanceId);
  if (lock === 'postgres') query = query.forUpdate();
  const attendance = await query.executeTakeFirstOrThrow();
  const rule = await periodFormTypeRule(db, attendance.registry_id, period.index, formType.id);
  const refusal = periodRefusal({
    disqualified: attendance.state === 'disqualified',
    rule,
    behaviorType: formType.behaviorType,
    liveInPeriod: await liveCount(db, attendanceId, formType.id, period.id),
    liveInAttendance: await liveCount(db, attendanceId, formType.id),
  });
  if (refusal) throw periodRefusalError(refusal, formType.name, rule?.maxPerPeriod ?? null);
  return attendance;
}
