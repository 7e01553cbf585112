// Statistics "user activity" (spec §7, GET /statistics/user-activity): per user in the date range,
// what they did to forms (from the form history: created, saved, approved per level, rejected,
// corrected) and how often they signed in (from the application log). Only history on forms of
// patients the caller may see counts, and only users with such history are listed, so the
// statistics never reveal anything about institutes outside the caller's scopes.
import { sql, type Kysely } from 'kysely';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { visiblePatientsSql } from '../permissions/patientScopes';
import type { StatisticsFilter } from './statisticsFilter';
import type { UserActivityRow } from '../../src/api/statistics';

// The row shapes are the API contract's (src/api/statistics.ts): one definition for the server and the page.
export type { UserActivityRow };

const counted = (condition: ReturnType<typeof sql>): ReturnType<typeof sql<number>> => sql<number>`sum(case when ${condition} then 1 else 0 end)`;

export async function userActivity(db: Kysely<Database>, subject: PermissionSubject, filter: StatisticsFilter): Promise<UserActivityRow[]> {
  let history = db
    .selectFrom('form_history')
    .innerJoin('forms', 'forms.id', 'form_history.form_id')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .where(visiblePatientsSql(subject))
    .where('form_history.user_id', 'is not', null)
    .select([
      'form_history.user_id as userId',
      sql<string>`max(form_history.user_name)`.as('userName'),
      counted(sql`form_history.operation = 'create'`).as('created'),
      counted(sql`form_history.operation = 'update'`).as('saved'),
      counted(sql`form_history.operation = 'approve' and form_history.level = 1`).as('approvedLevel1'),
      counted(sql`form_history.operation = 'approve' and form_history.level = 2`).as('approvedLevel2'),
      counted(sql`form_history.operation = 'approve' and form_history.level = 3`).as('approvedLevel3'),
      counted(sql`form_history.operation = 'reject'`).as('rejected'),
      counted(sql`form_history.operation = 'correct_draft'`).as('corrected'),
    ])
    .groupBy('form_history.user_id')
    .orderBy('userName');
  if (filter.registryId !== undefined) history = history.where('forms.registry_id', '=', filter.registryId);
  if (filter.instituteId !== undefined) history = history.where('forms.institute_id', '=', filter.instituteId);
  if (filter.from !== undefined) history = history.where('form_history.at', '>=', filter.from);
  if (filter.to !== undefined) history = history.where('form_history.at', '<', filter.to);
  const rows = await history.execute();
  const userIds = rows.map((row) => String(row.userId));
  let signIns = db
    .selectFrom('application_log')
    .where('event', '=', 'auth.signIn')
    .where('user_id', 'in', userIds.length > 0 ? userIds : [''])
    .select(['user_id', sql<number>`count(*)`.as('count')])
    .groupBy('user_id');
  if (filter.from !== undefined) signIns = signIns.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) signIns = signIns.where('created_at', '<', filter.to);
  const signInsOf = new Map((await signIns.execute()).map((row) => [String(row.user_id), Number(row.count)]));
  // PostgreSQL answers sums and counts as bigint strings.
  return rows.map((row) => ({
    userId: String(row.userId),
    userName: row.userName,
    signIns: signInsOf.get(String(row.userId)) ?? 0,
    created: Number(row.created),
    saved: Number(row.saved),
    approvedLevel1: Number(row.approvedLevel1),
    approvedLevel2: Number(row.approvedLevel2),
    approvedLevel3: Number(row.approvedLevel3),
    rejected: Number(row.rejected),
    corrected: Number(row.corrected),
  }));
}
