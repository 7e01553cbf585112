// What the grower copies: the demo seed's attendances with their periods, forms, approvals and
// records, written by the real services, so every grown form is in a state, approval level and
// record shape the API itself produces. Read once from the freshly seeded database (either dialect).
import type { Kysely } from 'kysely';
import { loadDescriptorOrThrow, type FormDescriptor, type FormHistoryChange, type FormValues } from '../../src/domain/forms';
import type { AttendanceRow, Database, FormRow } from '../../server/db/database';

export interface TemplateEntry {
  userId: string | null;
  userName: string;
  operation: string;
  level: number | null;
  changes: FormHistoryChange[];
  reasons: Record<string, string>;
  notes: Record<string, string>;
}

export interface TemplateForm {
  row: FormRow;
  formTypeDisplayId: string;
  values: FormValues;
  entries: TemplateEntry[];
  approvals: { level: number; userId: string; userName: string }[];
  periodIndex: number;
}

export interface TemplateAttendance {
  row: AttendanceRow;
  periodIndexes: number[];
  forms: TemplateForm[];
}

/** Where grown patients go: a registry, an institute of it, and the physician with access there. */
export interface Placement {
  registryId: string;
  registryShortName: string;
  instituteId: string;
  instituteShortName: string;
  physicianId: string;
  physicianName: string;
}

export interface Templates {
  placements: Placement[];
  attendancesByRegistry: Map<string, TemplateAttendance[]>;
  /** Adverse-event forms (repeatable in every period), added to grown attendances of their registry. */
  repeatableByRegistry: Map<string, TemplateForm[]>;
  /** `${formTypeId}/${version}` → descriptor, for recomputing calculated fields. */
  descriptors: Map<string, FormDescriptor>;
  /** Form type id → field id → patient column (dob or gender) that fills it. */
  patientFields: Map<number, Map<string, 'dob' | 'gender'>>;
  /** The demo patients' (dob, gender): grown patients take one, shifted in time. */
  profiles: { dob: string; gender: string }[];
  sequences: Map<string, number>;
}

export const descriptorKey = (formTypeId: number, version: number): string => `${formTypeId}/${version}`;
export const sequenceKey = (instituteId: string, registryId: string, dayKey: string): string => `${instituteId}|${registryId}|${dayKey}`;

async function readPlacements(db: Kysely<Database>): Promise<Placement[]> {
  const rows = await db
    .selectFrom('access_entries as a')
    .innerJoin('registries as r', 'r.id', 'a.registry_id')
    .innerJoin('institutes as i', 'i.id', 'a.institute_id')
    .innerJoin('users as u', 'u.id', 'a.trustee_user_id')
    .select(['r.id as registryId', 'r.short_name as registryShortName', 'i.id as instituteId', 'i.short_name as instituteShortName', 'u.id as physicianId', 'u.name as physicianName'])
    .where('a.scheme', '=', 'physician')
    .orderBy('r.short_name')
    .orderBy('i.short_name')
    .execute();
  return rows.map((row) => ({ ...row }) as Placement);
}

async function readForms(db: Kysely<Database>): Promise<Map<string, TemplateForm[]>> {
  const forms = await db
    .selectFrom('forms as f')
    .innerJoin('form_types as t', 't.id', 'f.form_type_id')
    .innerJoin('attendance_periods as p', 'p.id', 'f.attendance_period_id')
    .selectAll('f')
    .select(['t.display_id as formTypeDisplayId', 'p.period_index as periodIndex'])
    .orderBy('f.display_id')
    .execute();
  const history = await db.selectFrom('form_history').selectAll().orderBy('form_id').orderBy('position').execute();
  const approvals = await db.selectFrom('form_approvals').selectAll().orderBy('level').execute();
  const byAttendance = new Map<string, TemplateForm[]>();
  for (const form of forms) {
    const { formTypeDisplayId, periodIndex, ...row } = form;
    const template: TemplateForm = {
      row: row as FormRow,
      formTypeDisplayId,
      periodIndex: Number(periodIndex),
      values: JSON.parse(row.field_values) as FormValues,
      entries: history
        .filter((entry) => entry.form_id === row.id)
        .map((entry) => ({
          userId: entry.user_id,
          userName: entry.user_name,
          operation: entry.operation,
          level: entry.level === null ? null : Number(entry.level),
          changes: JSON.parse(entry.changes) as FormHistoryChange[],
          reasons: JSON.parse(entry.reasons) as Record<string, string>,
          notes: JSON.parse(entry.notes) as Record<string, string>,
        })),
      approvals: approvals.filter((a) => a.form_id === row.id).map((a) => ({ level: Number(a.level), userId: a.user_id, userName: a.user_name })),
    };
    byAttendance.set(row.attendance_id, [...(byAttendance.get(row.attendance_id) ?? []), template]);
  }
  return byAttendance;
}

async function readDescriptors(db: Kysely<Database>): Promise<Map<string, FormDescriptor>> {
  const types = await db.selectFrom('form_types').select(['id', 'locales']).execute();
  const firstLocale = new Map(types.map((t) => [Number(t.id), t.locales.split(',')[0]]));
  const rows = await db.selectFrom('form_descriptors').select(['form_type_id', 'version', 'locale', 'document']).execute();
  const descriptors = new Map<string, FormDescriptor>();
  for (const row of rows) {
    if (row.locale !== firstLocale.get(Number(row.form_type_id))) continue;
    descriptors.set(descriptorKey(Number(row.form_type_id), Number(row.version)), loadDescriptorOrThrow(JSON.parse(row.document)));
  }
  return descriptors;
}

export async function readTemplates(db: Kysely<Database>): Promise<Templates> {
  const placements = await readPlacements(db);
  const formsByAttendance = await readForms(db);
  const attendances = await db.selectFrom('attendances').selectAll().orderBy('display_id').execute();
  const periods = await db.selectFrom('attendance_periods').select(['attendance_id', 'period_index']).orderBy('period_index').execute();
  const attendancesByRegistry = new Map<string, TemplateAttendance[]>();
  const repeatableByRegistry = new Map<string, TemplateForm[]>();
  for (const row of attendances) {
    const forms = formsByAttendance.get(row.id) ?? [];
    const template = { row, forms, periodIndexes: periods.filter((p) => p.attendance_id === row.id).map((p) => Number(p.period_index)) };
    attendancesByRegistry.set(row.registry_id, [...(attendancesByRegistry.get(row.registry_id) ?? []), template]);
  }
  const repeatable = await db.selectFrom('registry_period_form_types').select(['registry_id', 'form_type_id']).where('max_per_period', 'is', null).execute();
  for (const { registry_id: registryId, form_type_id: formTypeId } of repeatable) {
    const forms = [...formsByAttendance.values()].flat().filter((f) => f.row.registry_id === registryId && Number(f.row.form_type_id) === Number(formTypeId));
    const known = repeatableByRegistry.get(registryId) ?? [];
    repeatableByRegistry.set(registryId, [...known, ...forms.filter((f) => !known.includes(f))]);
  }
  const external = await db.selectFrom('form_type_external_fields').select(['form_type_id', 'source_field', 'target_field']).where('source_display_id', '=', 'PATIENT').execute();
  const patientFields = new Map<number, Map<string, 'dob' | 'gender'>>();
  for (const row of external) {
    if (row.source_field !== 'dob' && row.source_field !== 'gender') continue;
    const fields = patientFields.get(Number(row.form_type_id)) ?? new Map<string, 'dob' | 'gender'>();
    fields.set(row.target_field, row.source_field);
    patientFields.set(Number(row.form_type_id), fields);
  }
  const profiles = await db.selectFrom('patients').select(['dob', 'gender']).orderBy('dob').execute();
  const sequences = new Map((await db.selectFrom('attendance_sequences').selectAll().execute()).map((s) => [sequenceKey(s.institute_id, s.registry_id, s.day_key), Number(s.last)]));
  return { placements, attendancesByRegistry, repeatableByRegistry, descriptors: await readDescriptors(db), patientFields, profiles, sequences };
}
