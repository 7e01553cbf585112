// What a checked row names in the database: the institute, the patient (internal number or
// insurance number in the registry), the attendance (display id, or a new one started with the
// row's start and physician) and, for an update, the draft form. Every check the importer's
// permissions need is made here, per row, for the report and again inside the commit.
import type { Kysely } from 'kysely';
import type { ImportRowError, ImportRowResult } from '../../src/domain/import';
import { can } from '../../src/domain/permissions';
import type { AttendanceRow, Database, FormRow } from '../db/database';
import { mayOnForm } from '../forms/forms.access';
import { emailKey } from '../users/accounts.repository';
import type { ImportContext } from './importContext';
import { importPatients, type ImportPatients, type PatientKeys } from './importPatients';
import { instantOfLocal } from './localTime';

export type AttendanceTarget =
  | { kind: 'existing'; row: AttendanceRow }
  /** `key` ties rows that start the same visit to one new attendance. */
  | { kind: 'new'; key: string; startInstant: string; physicianId: string };

export interface ResolvedRow {
  row: number;
  patientId: string;
  instituteId: string;
  attendance: AttendanceTarget;
  /** The draft form a formId names; null: a new form. */
  form: FormRow | null;
}

interface Institute {
  id: string;
  timeZone: string;
}

/** Look-ups repeated on every row (institutes, physicians) are remembered for the whole file. */
export interface Resolver {
  /** Reads the patients of the rows about to be resolved (importPatients). */
  prefetch(rows: readonly PatientKeys[]): Promise<void>;
  resolve(result: ImportRowResult): Promise<{ resolved: ResolvedRow | null; errors: ImportRowError[] }>;
}

/**
 * `patients`: where the file's patients are read and kept (the commit shares them with its writer).
 * `beforeFormLookup`: the commit writes the forms and visits it has created so far before a row's
 * form id or attendance id is looked up.
 */
export function createResolver(db: Kysely<Database>, context: ImportContext, beforeFormLookup?: () => Promise<void>, patients: ImportPatients = importPatients(db, context.registryId)): Resolver {
  const institutes = new Map<string, Institute | null>();
  const physicians = new Map<string, string | null>();
  const { subject, registryId } = context;
  const mayCreate = (instituteId: string, physicianId?: string): boolean => can(subject, 'frm_create', { registryId, formTypeId: context.formType.id, instituteId, physicianId });

  async function instituteOf(key: string): Promise<Institute | null> {
    if (!institutes.has(key)) {
      const row = await db.selectFrom('institutes').select(['id', 'time_zone']).where((eb) => eb.or([eb('short_name', '=', key), eb('id', '=', key)])).executeTakeFirst();
      institutes.set(key, row ? { id: row.id, timeZone: row.time_zone } : null);
    }
    return institutes.get(key) ?? null;
  }

  async function physicianOf(email: string): Promise<string | null> {
    if (!physicians.has(email)) {
      const row = await db.selectFrom('users').select('id').where(emailKey, '=', email.toLowerCase()).executeTakeFirst();
      physicians.set(email, row?.id ?? null);
    }
    return physicians.get(email) ?? null;
  }

  return {
    prefetch: patients.prefetch,
    async resolve(result) {
      const { keys, row } = result;
      const errors: ImportRowError[] = [];
      const fail = (column: string, value: string | null, messageId: string, context: Record<string, unknown> = {}) => {
        errors.push({ row, column, value: value ?? '', messageId, context });
        return { resolved: null, errors };
      };
      const institute = await instituteOf(keys.institute ?? '');
      if (!institute) return fail('institute', keys.institute, 'import.row.instituteUnknown');
      if (!mayCreate(institute.id)) return fail('institute', keys.institute, 'import.row.instituteNotWritable');
      const patientColumn = keys.patientNumber !== null ? 'patientNumber' : 'insuranceNumber';
      const patient = await patients.find(keys);
      if (!patient) return fail(patientColumn, keys.patientNumber ?? keys.insuranceNumber, 'import.row.patientUnknown');
      // A patient of an institute the importer may not write to is refused, even when found.
      if (!mayCreate(patient.instituteId)) return fail(patientColumn, keys.patientNumber ?? keys.insuranceNumber, 'import.row.patientNotWritable');

      let form: FormRow | null = null;
      if (keys.formId !== null) {
        await beforeFormLookup?.();
        form = (await db.selectFrom('forms').selectAll().where('display_id', '=', keys.formId).where('deleted_at', 'is', null).executeTakeFirst()) ?? null;
        if (!form || form.registry_id !== registryId || !mayOnForm(subject, 'frm_edit', form)) {
          return fail('formId', keys.formId, 'import.row.formUnknown');
        }
        if (Number(form.form_type_id) !== context.formType.id || Number(form.descriptor_version) !== context.version) return fail('formId', keys.formId, 'import.row.formOtherType');
        if (form.state !== 'draft') return fail('formId', keys.formId, 'import.row.formNotDraft', { state: form.state });
      }

      let attendance: AttendanceTarget;
      const attendanceId = form?.attendance_id;
      if (attendanceId !== undefined || keys.attendanceId !== null) {
        // The visits the commit started are written first too: the row may name one of them.
        await beforeFormLookup?.();
        let query = db.selectFrom('attendances').selectAll().where('patient_id', '=', patient.id);
        query = attendanceId !== undefined ? query.where('id', '=', attendanceId) : query.where('display_id', '=', keys.attendanceId ?? '');
        const found = await query.executeTakeFirst();
        if (!found) return fail(attendanceId !== undefined ? 'formId' : 'attendanceId', keys.formId ?? keys.attendanceId, 'import.row.attendanceUnknown');
        if (found.state === 'disqualified') return fail('attendanceId', keys.attendanceId, 'import.row.attendanceDisqualified');
        if (!mayCreate(found.institute_id, found.physician_id)) return fail('attendanceId', keys.attendanceId, 'import.row.attendanceNotWritable');
        attendance = { kind: 'existing', row: found };
      } else {
        const physicianId = await physicianOf(keys.physician ?? '');
        if (!physicianId) return fail('physician', keys.physician, 'import.row.physicianUnknown');
        if (!mayCreate(institute.id, physicianId)) return fail('physician', keys.physician, 'import.row.physicianNotWritable');
        const startInstant = instantOfLocal(keys.attendanceStart ?? '', institute.timeZone);
        attendance = { kind: 'new', key: `${patient.id}|${institute.id}|${physicianId}|${startInstant}`, startInstant, physicianId };
      }
      return { resolved: { row, patientId: patient.id, instituteId: institute.id, attendance, form }, errors };
    },
  };
}
