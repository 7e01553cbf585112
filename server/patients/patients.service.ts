// Rules for patients: visibility (reg_access at the registry and institute, or implicitly through
// an attendance the caller is the physician of), personal data (personal_data_access), TAJ
// numbers, the duplicate rule of creation, edits, deletion and merges.
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { can, grantScopes, type PermissionSubject } from '../../src/domain/permissions';
import { isValidInsuranceNumber, normalizeInsuranceNumber } from '../../src/domain/patients';
import { moveSamplesOnMerge } from '../biobank/bioSampleMerge';
import { inTransaction } from '../db/inTransaction';
import type { RecordWriter } from '../forms/history';
import { isUniqueViolation } from '../db/uniqueViolation';
import type { Database, PatientGender } from '../db/database';
import { ApiError, validationError } from '../errors/apiError';
import { findInstitute } from '../institutes/institutes.repository';
import { instituteNotFound } from '../institutes/institutes.service';
import { instituteNotInRegistry, noViewPermission } from '../permissions/permissionErrors';
import { personalDataSql } from '../permissions/patientScopes';
import { findRegistry, registryTakesPart } from '../registries/registries.repository';
import { registryNotFound } from '../registries/registries.service';
import { nowIso } from '../util/time';
import {
  attendancePhysicians,
  deletePatient,
  findByInsuranceNumber,
  findPatientRecord,
  findPatientView,
  insertPatient,
  hasBioSamples,
  internalNumberTaken,
  mergePatient,
  updatePatient,
  type Patient,
  type PatientChanges,
  type PatientRecord,
} from './patients.repository';

export const patientNotFound = (): ApiError => new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.patients.notFound' });

async function canSeePatient(db: Kysely<Database>, subject: PermissionSubject, patient: PatientRecord): Promise<boolean> {
  const target = { registryId: patient.registryId, instituteId: patient.instituteId };
  const scopes = grantScopes(subject, 'reg_access').scopes.filter(
    (scope) => (scope.registryId ?? target.registryId) === target.registryId && (scope.instituteId ?? target.instituteId) === target.instituteId,
  );
  if (scopes.some((scope) => scope.physicianId === undefined)) return true;
  if (scopes.length === 0) return false;
  const physicians = await attendancePhysicians(db, patient.id);
  return scopes.some((scope) => physicians.includes(scope.physicianId as string));
}

/**
 * The record of a patient the subject may see; 404 otherwise, so existence does not leak. `known`:
 * the record as the caller has just read it (a bulk writer reads many at once).
 */
export async function visiblePatientRecordOrThrow(db: Kysely<Database>, subject: PermissionSubject, id: string, known?: PatientRecord): Promise<PatientRecord> {
  const record = known ?? (await findPatientRecord(db, id));
  if (!record || !(await canSeePatient(db, subject, record))) throw patientNotFound();
  return record;
}

export async function patientViewOrThrow(db: Kysely<Database>, subject: PermissionSubject, id: string, instituteId?: string): Promise<Patient> {
  const record = await visiblePatientRecordOrThrow(db, subject, id);
  if (instituteId && record.instituteId !== instituteId) throw patientNotFound();
  const view = await findPatientView(db, id, personalDataSql(subject));
  if (!view) throw patientNotFound();
  return view;
}

export interface NewPatientInput {
  registryId: string;
  name: string;
  insuranceNumber?: string | null;
  dob: string;
  gender: PatientGender;
  registryPatientNumber?: string | null;
  country?: string | null;
}

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text <= new Date().toISOString().slice(0, 10);
}

/** The insurance number as stored (digits), or null; 400 for a bad or a missing mandatory one. */
function checkedInsuranceNumber(value: string | null | undefined, mandatory: boolean): string | null {
  const text = (value ?? '').trim();
  if (text === '') {
    if (mandatory) throw validationError([{ path: 'insuranceNumber', key: 'any.required', context: {} }]);
    return null;
  }
  if (!isValidInsuranceNumber(text)) throw validationError([{ path: 'insuranceNumber', key: 'api.invalidInsuranceNumber', context: {} }]);
  return normalizeInsuranceNumber(text);
}

function checkDob(dob: string | undefined): void {
  if (dob !== undefined && !isRealDate(dob)) throw validationError([{ path: 'dob', key: 'date.format', context: { format: 'YYYY-MM-DD' } }]);
}

const sameText = (a: string, b: string): boolean => a.trim().toLocaleLowerCase('hu') === b.trim().toLocaleLowerCase('hu');

async function newInternalNumber(db: Kysely<Database>, instituteShortName: string): Promise<string> {
  for (;;) {
    const number = `${instituteShortName}-${String(randomInt(1_000_000)).padStart(6, '0')}`;
    if (!(await internalNumberTaken(db, number))) return number;
  }
}

export const patientExistsDifferent = (existingPatientId: string): ApiError =>
  new ApiError({ statusCode: 409, code: 'patient_exists_different', messageId: 'server.patients.existsDifferent', details: { existingPatientId } });

/**
 * The insurance number belongs to a patient the caller may not see: the answer says only that
 * (no id, institute, name or count; docs/decisions.md, "Disclosure across institutes").
 */
export const patientRegisteredElsewhere = (): ApiError =>
  new ApiError({ statusCode: 409, code: 'patient_registered_elsewhere', messageId: 'server.patients.registeredElsewhere' });

/**
 * The duplicate rule against an existing patient with the same insurance number: the same person
 * (name and dob) is answered only when the caller may see it, a different one is named only then.
 */
async function duplicateOutcome(db: Kysely<Database>, subject: PermissionSubject, existing: PatientRecord, input?: { name: string; dob: string }): Promise<{ existing: string }> {
  if (!(await canSeePatient(db, subject, existing))) throw patientRegisteredElsewhere();
  if (input && sameText(existing.name, input.name) && existing.dob === input.dob) return { existing: existing.id };
  throw patientExistsDifferent(existing.id);
}

/** Creates a patient, or answers the existing one with the same insurance number, name and dob. */
export async function createPatient(
  db: Kysely<Database>,
  subject: PermissionSubject,
  instituteId: string,
  input: NewPatientInput,
): Promise<{ created: boolean; patient: Patient }> {
  const institute = await findInstitute(db, instituteId, null);
  if (!institute) throw instituteNotFound();
  const registry = await findRegistry(db, input.registryId, 'en');
  if (!registry) throw registryNotFound();
  if (!can(subject, 'frm_create', { registryId: registry.id, instituteId })) throw noViewPermission();
  if (!(await registryTakesPart(db, registry.id, instituteId))) throw instituteNotInRegistry();
  checkDob(input.dob);
  const insuranceNumber = checkedInsuranceNumber(input.insuranceNumber, registry.mandatoryInsuranceNumber);

  const insertOrFind = (): Promise<{ created: string } | { existing: string }> => inTransaction(db, async (trx) => {
    if (insuranceNumber) {
      const existing = await findByInsuranceNumber(trx, registry.id, insuranceNumber);
      if (existing) return duplicateOutcome(trx, subject, existing, input);
    }
    const newId = randomUUID();
    await insertPatient(trx, {
      id: newId,
      internalPatientNumber: await newInternalNumber(trx, institute.shortName),
      registryPatientNumber: input.registryPatientNumber?.trim() || null,
      insuranceNumber,
      name: input.name.trim(),
      dob: input.dob,
      gender: input.gender,
      country: input.country?.trim() || null,
      registryId: registry.id,
      instituteId,
      at: nowIso(),
    });
    return { created: newId };
  });
  let id: { created: string } | { existing: string };
  try {
    id = await insertOrFind();
  } catch (error) {
    // Two requests registered the same insurance number at once and the other one committed
    // first: look again, and answer as if this one had come second.
    if (!isUniqueViolation(error)) throw error;
    id = await insertOrFind();
  }
  const patientId = 'created' in id ? id.created : id.existing;
  const patient = await findPatientView(db, patientId, personalDataSql(subject));
  if (!patient) throw patientNotFound();
  return { created: 'created' in id, patient };
}

/** Edits and merges change the patient record: frm_create at its registry and institute. */
function assertMayChange(subject: PermissionSubject, record: PatientRecord): void {
  if (!can(subject, 'frm_create', { registryId: record.registryId, instituteId: record.instituteId })) throw noViewPermission();
}

/** ?mergeInto: the kept patient, and who merges (the moved samples' custody entries name them). */
export interface PatientMerge {
  into: string;
  writer: RecordWriter;
}

/** One transaction: the bio samples move with a custody entry each, the attendances move, the patient goes. */
async function mergeInTransaction(db: Kysely<Database>, writer: RecordWriter, fromId: string, intoId: string): Promise<void> {
  const at = nowIso();
  await inTransaction(db, async (trx) => {
    await moveSamplesOnMerge(trx, writer, fromId, intoId, at);
    await mergePatient(trx, fromId, intoId, at);
  });
}

async function mergeTargetOrThrow(db: Kysely<Database>, subject: PermissionSubject, record: PatientRecord, intoId: string): Promise<PatientRecord> {
  const into = await visiblePatientRecordOrThrow(db, subject, intoId);
  assertMayChange(subject, into);
  if (into.id === record.id || into.registryId !== record.registryId) {
    throw new ApiError({ statusCode: 400, code: 'merge_invalid', messageId: 'server.patients.mergeInvalid' });
  }
  return into;
}

export async function editPatient(
  db: Kysely<Database>,
  subject: PermissionSubject,
  id: string,
  changes: PatientChanges,
  merge?: PatientMerge,
): Promise<Patient> {
  const record = await visiblePatientRecordOrThrow(db, subject, id);
  assertMayChange(subject, record);
  if (merge) {
    const into = await mergeTargetOrThrow(db, subject, record, merge.into);
    await mergeInTransaction(db, merge.writer, record.id, into.id);
    return patientViewOrThrow(db, subject, into.id);
  }
  // Personal fields are changed only by someone who may see them.
  const personal = can(subject, 'personal_data_access', { registryId: record.registryId, instituteId: record.instituteId });
  if (!personal && (changes.name !== undefined || changes.dob !== undefined || changes.insuranceNumber !== undefined)) throw noViewPermission();
  checkDob(changes.dob);
  const next: PatientChanges = { ...changes };
  if (changes.insuranceNumber !== undefined) {
    const registry = await findRegistry(db, record.registryId, 'en');
    next.insuranceNumber = checkedInsuranceNumber(changes.insuranceNumber, registry?.mandatoryInsuranceNumber ?? false);
  }
  if (next.name !== undefined) next.name = next.name.trim();
  const checkAndWrite = (): Promise<void> => inTransaction(db, async (trx) => {
    const other = next.insuranceNumber ? await findByInsuranceNumber(trx, record.registryId, next.insuranceNumber) : null;
    if (other && other.id !== record.id) await duplicateOutcome(trx, subject, other);
    await updatePatient(trx, record.id, next, nowIso());
  });
  try {
    await checkAndWrite();
  } catch (error) {
    // Another edit or creation took the same insurance number and committed first: look again,
    // so this one is answered with the duplicate rule instead of a database error.
    if (!isUniqueViolation(error)) throw error;
    await checkAndWrite();
  }
  return patientViewOrThrow(db, subject, record.id);
}

export const patientHasData = (): ApiError => new ApiError({ statusCode: 409, code: 'patient_has_data', messageId: 'server.patients.hasData' });

export async function removePatient(db: Kysely<Database>, subject: PermissionSubject, id: string, merge?: PatientMerge): Promise<void> {
  const record = await visiblePatientRecordOrThrow(db, subject, id);
  assertMayChange(subject, record);
  if (merge) {
    const into = await mergeTargetOrThrow(db, subject, record, merge.into);
    await mergeInTransaction(db, merge.writer, record.id, into.id);
    return;
  }
  if ((await attendancePhysicians(db, record.id)).length > 0 || (await hasBioSamples(db, record.id))) throw patientHasData();
  await deletePatient(db, record.id);
}
