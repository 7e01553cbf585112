// Rules for attendances: who sees one (reg_access at its registry, institute and physician; else
// 404), starting one (frm_create; display id in the institute's time zone; random group for
// trials; first period and the attendance-start form in the same transaction). Edits and the
// approval reset are in attendances.edits.ts.
import type { Kysely } from 'kysely';
import { isValidDateTime } from '../../src/domain/forms';
import { can, type PermissionSubject } from '../../src/domain/permissions';
import type { AttendanceRow, Database } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import { ApiError, validationError } from '../errors/apiError';
import type { WriteDeps } from '../forms/forms.lifecycle';
import { isStorableInstant } from '../input/requestFormats';
import { isAccessiblePhysician } from '../institutes/accessiblePhysicians';
import { findInstitute } from '../institutes/institutes.repository';
import { instituteNotInRegistry, noViewPermission } from '../permissions/permissionErrors';
import { visiblePatientRecordOrThrow } from '../patients/patients.service';
import { findRegistry, registryTakesPart, type Registry } from '../registries/registries.repository';
import { registryNotFound } from '../registries/registries.service';
import { prepareStart, remembered, writeStarts, type CheckedStart, type StartMemo } from './attendanceStart';
import { findAttendanceRow, startFormType } from './attendances.repository';

export const attendanceNotFound = (): ApiError => new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.attendances.notFound' });

export function attendanceTarget(row: Pick<AttendanceRow, 'registry_id' | 'institute_id' | 'physician_id'>) {
  return { registryId: row.registry_id, instituteId: row.institute_id, physicianId: row.physician_id };
}

export function canSeeAttendance(subject: PermissionSubject, row: AttendanceRow): boolean {
  return can(subject, 'reg_access', attendanceTarget(row));
}

export async function visibleAttendanceOrThrow(db: Kysely<Database>, subject: PermissionSubject, id: string): Promise<AttendanceRow> {
  const row = await findAttendanceRow(db, id);
  if (!row || !canSeeAttendance(subject, row)) throw attendanceNotFound();
  return row;
}

/** randomGroupVisibility: available to everyone with access, reportOnly to monitors, hidden to nobody. */
export function seesRandomGroup(subject: PermissionSubject, registry: Pick<Registry, 'randomGroupVisibility'>, row: Pick<AttendanceRow, 'registry_id' | 'institute_id'>): boolean {
  if (registry.randomGroupVisibility === 'hidden') return false;
  if (registry.randomGroupVisibility === 'reportOnly') return can(subject, 'frm_approve_1', { registryId: row.registry_id, instituteId: row.institute_id });
  return true;
}

// ISO 8601 with a time and a zone: a local time without a zone would be read in the server's zone.
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A strict instant, or null: `2026-02-30T10:00Z` is refused rather than read as 2 March, and so is
 * one whose UTC year either database cannot store (9999-12-31T23:00-05:00 is in year 10000).
 */
export function toInstant(text: string | null | undefined): Date | null {
  const m = INSTANT.exec(text ?? '');
  const date = m && isValidDateTime(`${m[1]}T${m[2]}`) ? new Date(text as string) : null;
  return date && isStorableInstant(date) ? date : null;
}

function parseInstant(text: string | null | undefined, path: string): Date {
  const date = toInstant(text);
  if (!date) throw validationError([{ path, key: 'date.format', context: { format: 'ISO 8601' } }]);
  return date;
}

export interface NewAttendanceInput {
  patientId: string;
  registryId: string;
  instituteId: string;
  physicianId: string;
  startDateTime: string;
  /** A second attendance of the patient on the same local day only when the caller confirmed it. */
  confirmSameDay?: boolean;
}

/**
 * The checks before a start's transaction: the patient (seen by the caller, of the registry and
 * institute), frm_create, the institute taking part, the physician, the start form type, the start.
 * A bulk writer hands in a memo: the answers are the same for every start with the same keys.
 */
export async function checkStart(deps: WriteDeps, input: NewAttendanceInput, memo?: StartMemo): Promise<CheckedStart> {
  const { db, subject } = deps;
  // A patient seen once stays seen: a start only adds attendances, which only widen who sees them.
  const patient = await remembered(memo, `patient|${input.patientId}`, () => visiblePatientRecordOrThrow(db, subject, input.patientId, memo?.knownPatient?.(input.patientId)));
  const registry = await remembered(memo, `registry|${input.registryId}`, () => findRegistry(db, input.registryId, 'en'));
  if (!registry) throw registryNotFound();
  const institute = await remembered(memo, `institute|${input.instituteId}`, () => findInstitute(db, input.instituteId, null));
  if (!institute || patient.registryId !== registry.id || patient.instituteId !== institute.id) {
    throw validationError([{ path: 'patientId', key: 'api.notFound', context: {} }]);
  }
  if (!can(subject, 'frm_create', { registryId: registry.id, instituteId: institute.id, physicianId: input.physicianId })) throw noViewPermission();
  if (!(await remembered(memo, `takesPart|${registry.id}|${institute.id}`, () => registryTakesPart(db, registry.id, institute.id)))) throw instituteNotInRegistry();
  // Exactly the list GET /institutes/{id}/accessible-physicians/{registryId} offers the caller.
  const accessible = remembered(memo, `physician|${registry.id}|${institute.id}|${input.physicianId}`, () =>
    isAccessiblePhysician(db, subject, { registryId: registry.id, instituteId: institute.id }, input.physicianId),
  );
  if (!(await accessible)) {
    throw validationError([{ path: 'physicianId', key: 'api.physicianNotAccessible', context: {} }]);
  }
  const formType = await remembered(memo, `startFormType|${registry.id}`, () => startFormType(db, registry.id));
  if (!formType) throw new ApiError({ statusCode: 409, code: 'no_start_form_type', messageId: 'server.attendances.noStartFormType' });
  const start = parseInstant(input.startDateTime, 'startDateTime');
  return { patient, registry, instituteId: institute.id, physicianId: input.physicianId, formType, start, confirmSameDay: input.confirmSameDay === true };
}

/** Starts an attendance: its periods and its start form, in one transaction; answers its id. */
export async function startAttendance(deps: WriteDeps, input: NewAttendanceInput): Promise<string> {
  const checked = await checkStart(deps, input);
  return inTransaction(deps.db, async (trx) => {
    const prepared = await prepareStart(trx, deps, checked);
    await writeStarts(trx, [prepared]);
    return prepared.row.id;
  });
}
