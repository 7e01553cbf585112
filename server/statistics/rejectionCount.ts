// Statistics "rejection count" (spec §7, GET /statistics/rejection-count): how many field rejections
// there were per institute, form type, field and level, how many of them were corrected, and the
// median time from the rejection to the field's correction, all read from the forms' records.
// A rejection counts as corrected by the first later correction entry (correct_draft,
// correct_finalized) or monitor fix that changes the field or writes a correction note on it
// (spec §4: a rejected field is corrected when its value changes or a note is written). Only forms
// of patients the caller may see count; the date range applies to when the rejection was made.
import type { Kysely } from 'kysely';
import type { PermissionSubject } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import { visiblePatientsSql } from '../permissions/patientScopes';
import type { StatisticsFilter } from './statisticsFilter';
import type { RejectionCountRow } from '../../src/api/statistics';

// The row shapes are the API contract's (src/api/statistics.ts): one definition for the server and the page.
export type { RejectionCountRow };

const CORRECTING_OPERATIONS = ['correct_draft', 'correct_finalized', 'fix'];
const HOUR_MS = 3_600_000;

interface Rejection {
  formId: string;
  position: number;
  at: string;
  institute: string;
  formType: string;
  field: string;
  level: number;
}

interface Correction {
  position: number;
  at: string;
  /** The top-level field ids the entry changed or annotated. */
  fields: Set<string>;
}

/** The field a record path belongs to (`meds.0.dose` belongs to `meds`); rejections name top-level fields or nested paths alike. */
const touches = (fields: Set<string>, path: string): boolean => fields.has(path) || [...fields].some((f) => path.startsWith(`${f}.`) || f.startsWith(`${path}.`));

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function rejectionQuery(db: Kysely<Database>, subject: PermissionSubject, filter: StatisticsFilter) {
  let query = db
    .selectFrom('form_history')
    .innerJoin('forms', 'forms.id', 'form_history.form_id')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .where(visiblePatientsSql(subject))
    .where('form_history.operation', '=', 'reject');
  if (filter.registryId !== undefined) query = query.where('forms.registry_id', '=', filter.registryId);
  if (filter.instituteId !== undefined) query = query.where('forms.institute_id', '=', filter.instituteId);
  if (filter.from !== undefined) query = query.where('form_history.at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('form_history.at', '<', filter.to);
  return query;
}

async function rejectionsOf(db: Kysely<Database>, subject: PermissionSubject, filter: StatisticsFilter): Promise<Rejection[]> {
  const rows = await rejectionQuery(db, subject, filter)
    .innerJoin('institutes', 'institutes.id', 'forms.institute_id')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .select(['form_history.form_id', 'form_history.position', 'form_history.at', 'form_history.level', 'form_history.reasons', 'institutes.short_name as institute', 'form_types.display_id as formType'])
    .execute();
  return rows.flatMap((row) =>
    Object.keys(JSON.parse(row.reasons) as Record<string, string>).map((field) => ({
      formId: row.form_id,
      position: Number(row.position),
      at: row.at,
      institute: row.institute,
      formType: row.formType,
      field,
      level: Number(row.level ?? 0),
    })),
  );
}

/** The correcting entries of the forms that have a counted rejection, by form, in record order. */
async function correctionsOf(db: Kysely<Database>, subject: PermissionSubject, filter: StatisticsFilter): Promise<Map<string, Correction[]>> {
  const rejectedForms = rejectionQuery(db, subject, filter).select('form_history.form_id');
  const rows = await db
    .selectFrom('form_history')
    .select(['form_id', 'position', 'at', 'changes', 'notes'])
    .where('operation', 'in', CORRECTING_OPERATIONS)
    .where('form_id', 'in', rejectedForms)
    .orderBy('form_id')
    .orderBy('position')
    .execute();
  const byForm = new Map<string, Correction[]>();
  for (const row of rows) {
    const changed = (JSON.parse(row.changes) as { path: string }[]).map((change) => change.path);
    const noted = Object.keys(JSON.parse(row.notes) as Record<string, string>);
    const list = byForm.get(row.form_id) ?? [];
    list.push({ position: Number(row.position), at: row.at, fields: new Set([...changed, ...noted]) });
    byForm.set(row.form_id, list);
  }
  return byForm;
}

export async function rejectionCounts(db: Kysely<Database>, subject: PermissionSubject, filter: StatisticsFilter): Promise<RejectionCountRow[]> {
  const [rejections, corrections] = await Promise.all([rejectionsOf(db, subject, filter), correctionsOf(db, subject, filter)]);
  const groups = new Map<string, { row: Omit<RejectionCountRow, 'medianHoursToCorrection'>; hours: number[] }>();
  for (const rejection of rejections) {
    const key = JSON.stringify([rejection.institute, rejection.formType, rejection.field, rejection.level]);
    const group = groups.get(key) ?? {
      row: { institute: rejection.institute, formType: rejection.formType, field: rejection.field, level: rejection.level, rejections: 0, corrected: 0 },
      hours: [],
    };
    group.row.rejections += 1;
    const correction = (corrections.get(rejection.formId) ?? []).find((entry) => entry.position > rejection.position && touches(entry.fields, rejection.field));
    if (correction) {
      group.row.corrected += 1;
      group.hours.push((Date.parse(correction.at) - Date.parse(rejection.at)) / HOUR_MS);
    }
    groups.set(key, group);
  }
  const rows = [...groups.values()].map(({ row, hours }) => {
    const middle = median(hours);
    return { ...row, medianHoursToCorrection: middle === null ? null : Math.round(middle * 100) / 100 };
  });
  return rows.sort((a, b) => a.institute.localeCompare(b.institute) || a.formType.localeCompare(b.formType) || a.field.localeCompare(b.field) || a.level - b.level);
}
