// Statistics "registry attendance count" (spec §7, GET /statistics/approval-levels): how many forms
// there are per registry, institute, form type, state and approval level, counting only forms of
// patients the caller may see (the reg_access scope, patientScopes.ts), so nobody learns numbers
// about institutes they have no access to.
import { sql, type Kysely } from 'kysely';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { visiblePatientsSql } from '../permissions/patientScopes';
import type { StatisticsFilter } from './statisticsFilter';
import type { ApprovalLevelRow } from '../../src/api/statistics';

// The row shapes are the API contract's (src/api/statistics.ts): one definition for the server and the page.
export type { ApprovalLevelRow };

export async function approvalLevelCounts(db: Kysely<Database>, subject: PermissionSubject, filter: StatisticsFilter): Promise<ApprovalLevelRow[]> {
  let query = db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .innerJoin('registries', 'registries.id', 'forms.registry_id')
    .innerJoin('institutes', 'institutes.id', 'forms.institute_id')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .where(visiblePatientsSql(subject))
    .select([
      'registries.short_name as registry',
      'institutes.short_name as institute',
      'form_types.display_id as formType',
      'forms.state as state',
      'forms.approval_level as approvalLevel',
      sql<number>`count(*)`.as('count'),
    ])
    .groupBy(['registries.short_name', 'institutes.short_name', 'form_types.display_id', 'forms.state', 'forms.approval_level'])
    .orderBy('registries.short_name')
    .orderBy('institutes.short_name')
    .orderBy('form_types.display_id')
    .orderBy('forms.state')
    .orderBy('forms.approval_level');
  if (filter.registryId !== undefined) query = query.where('forms.registry_id', '=', filter.registryId);
  if (filter.instituteId !== undefined) query = query.where('forms.institute_id', '=', filter.instituteId);
  if (filter.from !== undefined) query = query.where('forms.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('forms.created_at', '<', filter.to);
  const rows = await query.execute();
  // PostgreSQL answers count(*) as a bigint string.
  return rows.map((row) => ({ ...row, approvalLevel: Number(row.approvalLevel), count: Number(row.count) }));
}
