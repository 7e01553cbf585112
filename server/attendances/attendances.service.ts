// Rules for attendances: who sees one (reg_access at its registry, institute and physician; else
// 404), starting one (frm_create; display id in the institute's time zone; random group for
// trials; first period and the attendance-start form in the same transaction). Edits and the
// approval reset are in attendances.edits.ts.
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isValidDateTime } from '../../src/domain/forms';
import { can, type PermissionSubject } from '../../src/domain/permissions';
import { drawBasic, drawPermutedBlock } from '../../src/domain/randomization';
import type { AttendanceRow, Database } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import { ApiError, validationError } from '../errors/apiError';
import { descriptorOf, RANDOM_GROUP_PATH } from '../forms/forms.access';
import { createFormIn, type NewFormReads, type WriteDeps } from '../forms/forms.lifecycle';
import { isStorableInstant } from '../input/requestFormats';
import { isAccessiblePhysician } from '../institutes/accessiblePhysicians';
import { findInstitute, lockInstituteRow } from '../institutes/institutes.repository';
import { instituteNotInRegistry, noViewPermission } from '../permissions/permissionErrors';
import { visiblePatientRecordOrThrow } from '../patients/patients.service';
import { findRegistry, registryTakesPart, type Registry } from '../registries/registries.repository';
import { registryNotFound } from '../registries/registries.service';
import { nowIso } from '../util/time';
import { findAttendanceRow, hasAttendanceOnDay, insertAttendance, insertPeriods, lockBlock, nextSequence, startFormType, storeBlock } from './attendances.repository';
import { attendanceDisplayId, localParts } from './displayIds';

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

async function drawGroup(trx: Kysely<Database>, deps: WriteDeps, registry: Registry, instituteId: string, at: string): Promise<string | null> {
  if (registry.registryType !== 'trial') return null;
  if (registry.randomGroups.length < 2) throw new ApiError({ statusCode: 409, code: 'randomization_incomplete', messageId: 'server.attendances.randomizationFailed' });
  if (registry.randomizationStrategy !== 'permuted_block') return drawBasic(registry.randomGroups, randomInt);
  // The block is read and written under a row lock in this transaction: instances deal from one block.
  const remaining = await lockBlock(trx, deps.dialect, registry.id, instituteId, at);
  const drawn = drawPermutedBlock(registry.randomGroups, registry.randomGroupBlockMultipliers ?? 1, { remaining }, randomInt);
  await storeBlock(trx, registry.id, instituteId, drawn.state.remaining, at);
  return drawn.group;
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
 * For a bulk writer that starts many attendances in one transaction (the data import's commit): the
 * answers of the checks before the start that are the same for every start in the same registry,
 * institute and physician (a few keys, however many starts), and the reads of the start form.
 */
export interface StartMemo {
  answers: Map<string, Promise<unknown>>;
  formReads: NewFormReads;
}

function remembered<T>(memo: StartMemo | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!memo) return read();
  if (!memo.answers.has(key)) memo.answers.set(key, read());
  return memo.answers.get(key) as Promise<T>;
}

export async function startAttendance(deps: WriteDeps, input: NewAttendanceInput, memo?: StartMemo): Promise<string> {
  const { db, subject } = deps;
  const patient = await visiblePatientRecordOrThrow(db, subject, input.patientId);
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

  return inTransaction(db, async (trx) => {
    const at = nowIso();
    // Read again under a share lock: a concurrent change of the time zone or short name (which
    // regenerates every id of the institute) waits for this start, or this start for it.
    const clock = await lockInstituteRow(trx, deps.dialect, institute.id, 'share');
    if (!clock) throw validationError([{ path: 'instituteId', key: 'api.notFound', context: {} }]);
    const { dayKey, local } = localParts(start, clock.time_zone);
    if (!input.confirmSameDay && (await hasAttendanceOnDay(trx, patient.id, dayKey))) {
      throw new ApiError({ statusCode: 409, code: 'attendance_same_day', messageId: 'server.attendances.sameDay' });
    }
    const sequence = await nextSequence(trx, institute.id, registry.id, dayKey);
    const randomGroup = await drawGroup(trx, deps, registry, institute.id, at);
    const row: AttendanceRow = {
      id: randomUUID(),
      patient_id: patient.id,
      registry_id: registry.id,
      institute_id: institute.id,
      physician_id: input.physicianId,
      owner_id: subject.userId,
      state: 'open',
      start_date_time: start.toISOString(),
      end_date_time: null,
      completed: false,
      inpatient_days: '[]',
      random_group: randomGroup,
      display_id: attendanceDisplayId({ instituteShortName: clock.short_name, registryShortName: registry.shortName, dayKey, sequence }),
      legacy_display_id: null,
      day_key: dayKey,
      sequence,
      created_at: at,
      updated_at: at,
      disqualified_at: null,
      disqualified_by: null,
      disqualification_reason: null,
    };
    await insertAttendance(trx, row);
    // The start form goes into the first period.
    const [periodId] = await insertPeriods(trx, row.id, registry.id, at);
    const descriptor = await descriptorOf(trx, formType.id, formType.lastVersion);
    const header: Record<string, string> = {};
    for (const field of descriptor.commonDataFields) {
      if (field.role === 'patient') header[field.id] = patient.id;
      else if (field.role === 'physician') header[field.id] = input.physicianId;
      else if (field.role === 'institute') header[field.id] = institute.id;
      else if (field.role === 'startDatetime') header[field.id] = local;
    }
    await createFormIn(trx, deps, {
      attendance: row,
      periodId,
      formTypeId: formType.id,
      formTypeDisplayId: formType.displayId,
      descriptorVersion: formType.lastVersion,
      values: header,
      submit: false,
      extraChanges: randomGroup ? [{ path: RANDOM_GROUP_PATH, old: null, new: randomGroup }] : [],
    }, memo?.formReads);
    return row.id;
  });
}
