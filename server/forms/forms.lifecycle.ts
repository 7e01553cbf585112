// The form lifecycle on the server: every operation is planned by the domain table
// (src/domain/forms/lifecycle.ts), checked against the caller's permissions and the form version,
// re-validated when it hands values in, and written together with its history entry in ONE
// transaction.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  compileDescriptor,
  createFormEvaluator,
  FIELD_TYPES,
  getAt,
  isCorrected,
  MAX_FORM_VALUE_DEPTH,
  planTransition,
  SEVERITIES,
  validateFormValues,
  valueDepth,
  type FieldValue,
  type FormDescriptor,
  type FormHistoryChange,
  type FormOperation,
  type FormStatus,
  type FormValues,
  type StoredReviews,
  type ApprovalLevel,
  APPROVAL_LEVELS,
  RECORD_STATE_PATH,
  TRANSITIONS,
} from '../../src/domain/forms';
import type { PermissionSubject } from '../../src/domain/permissions';
import { inTransaction } from '../db/inTransaction';
import type { DatabaseDialect } from '../config';
import type { AttendanceRow, Database, FormRow } from '../db/database';
import { validationError, type FieldError } from '../errors/apiError';
import { assertFileReferences } from '../files/fileReferences';
import { canSeeForm, descriptorOf, formNotFound, hasPersonalData, mayOnForm } from './forms.access';
import { countFormsOfType, deleteApprovals, findApprovals, findFormRow, insertApproval, insertForm, requiredLevelsOf, writeForm, type NewFormRow } from './forms.repository';
import { patientFieldValues, pinPatientFields } from './patientFields';
import { calculatedFieldErrors, isDescriptorPath, pinHeader, unknownFieldErrors, type HeaderSource } from './formWriteChecks';
import { appendHistory, chainedEntry, diffValues, type Actor, type RecordWriter } from './history';
import { insertHistoryEntry, type HistoryEntry } from './history.repository';
import type { RecordAnchor } from '../audit/recordChain';
import { refusalError, staleVersion } from './formErrors';

export { refusalError, staleVersion };
import { findAttendanceRow } from '../attendances/attendances.repository';
import { releaseFixLock } from './fixLocks';
import { assertFixValid, fixedValues } from './formFix';
import { fourEyesFacts } from './fourEyes';
import { assertNotDisqualified } from '../attendances/attendanceErrors';
import { nowIso } from '../util/time';
import type { FormGoneHook } from './formGone';

export interface WriteDeps extends RecordWriter {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  subject: PermissionSubject;
  /** Runs when an operation leaves the form deleted; the routes set it (clinicalDeps.ts). */
  onFormGone?: FormGoneHook;
}

const today = (): string => new Date().toISOString().slice(0, 10);

const inert = new WeakMap<FormDescriptor, boolean>();

/** No calculated field and no dependent group: the form engine computes and hides nothing. */
function computesNothing(descriptor: FormDescriptor): boolean {
  let answer = inert.get(descriptor);
  if (answer === undefined) {
    const { order, index } = compileDescriptor(descriptor);
    answer = order.length === 0 && !index.ordered.some((info) => info.field.type === FIELD_TYPES.dependentGroup);
    inert.set(descriptor, answer);
  }
  return answer;
}

/** Calculated fields recomputed; on submit the values of hidden dependent groups removed. */
function normalized(descriptor: FormDescriptor, values: FormValues, submit: boolean): FormValues {
  // Such a form's engine would answer a copy of the values (an import writes thousands of forms).
  if (computesNothing(descriptor)) return values;
  const evaluator = createFormEvaluator(descriptor, values);
  return submit ? evaluator.valuesForSubmit() : evaluator.values();
}

/** The server never stores what the domain validation rejects on a non-draft write. */
function assertValid(descriptor: FormDescriptor, values: FormValues): void {
  const errors: FieldError[] = validateFormValues(descriptor, values, { today })
    .filter((issue) => issue.severity === SEVERITIES.error)
    .map((issue) => ({ path: issue.path, key: issue.key, context: issue.context ?? {} }));
  if (errors.length > 0) throw validationError(errors);
}

/** A caller without personal data access sees those fields as null: keep what is stored. */
function keepPersonal(incoming: FormValues, stored: FormValues, descriptor: FormDescriptor, personal: boolean): FormValues {
  if (personal) return incoming;
  const merged: FormValues = { ...incoming };
  for (const id of descriptor.personalDataFields ?? []) {
    if (id in stored) merged[id] = stored[id];
    else delete merged[id];
  }
  return merged;
}

/**
 * The values a write sends, checked and with the header taken from the attendance: unknown field
 * ids, calculated values the form does not compute and another patient, physician or institute
 * are refused (400 naming each path), so that none of them is ever stored, in any state.
 */
function checkedWriteValues(descriptor: FormDescriptor, incoming: FormValues, stored: FormValues, source: HeaderSource): FormValues {
  // Values nested deeper than any descriptor means are refused before any check or the evaluator
  // walks them.
  if (valueDepth(incoming, MAX_FORM_VALUE_DEPTH) > MAX_FORM_VALUE_DEPTH) {
    throw validationError([{ path: 'values', key: 'object.tooDeep', context: { limit: MAX_FORM_VALUE_DEPTH } }]);
  }
  const pinned = pinHeader(descriptor, source, incoming, stored);
  const fromPatient = pinPatientFields(pinned.values, stored, source.patientValues ?? {});
  const errors = [...unknownFieldErrors(descriptor, incoming), ...calculatedFieldErrors(descriptor, incoming), ...pinned.errors, ...fromPatient.errors];
  if (errors.length > 0) throw validationError(errors);
  return fromPatient.values;
}

/**
 * A caller who holds no code for the operation on this form is told 403 before anything about the
 * form's state or their input (approve, reject and fix: no approval level at all).
 */
function assertMayAttempt(subject: PermissionSubject, operation: FormOperation, row: FormRow): void {
  const levels = operation === 'approve' || operation === 'reject' || operation === 'fix' ? APPROVAL_LEVELS : [0];
  if (!levels.some((level) => mayOnForm(subject, TRANSITIONS[operation].code(level), row))) throw refusalError({ ok: false, reason: 'forbidden', code: TRANSITIONS[operation].code(1) });
}

export interface NewFormInput {
  attendance: AttendanceRow;
  periodId: string;
  formTypeId: number;
  formTypeDisplayId: string;
  descriptorVersion: number;
  values: FormValues;
  submit: boolean;
  /** Recorded with the create entry (the random group of a trial's start form). */
  extraChanges?: FormHistoryChange[];
}

/** The reads a new form needs; a bulk writer (the data import's commit) hands in remembered ones. */
export interface NewFormReads {
  requiredLevels(registryId: string): Promise<number>;
  descriptor(formTypeId: number, version: number): Promise<FormDescriptor>;
  patientValues(formTypeId: number, patientId: string): Promise<Record<string, FieldValue>>;
  /** The number the new form takes in its display id (1 + the attendance's forms of the type). */
  nextFormNumber(attendanceId: string, formTypeId: number): Promise<number>;
}

export const databaseReads = (trx: Kysely<Database>): NewFormReads => ({
  requiredLevels: (registryId) => requiredLevelsOf(trx, registryId),
  descriptor: (formTypeId, version) => descriptorOf(trx, formTypeId, version),
  patientValues: (formTypeId, patientId) => patientFieldValues(trx, formTypeId, patientId),
  nextFormNumber: async (attendanceId, formTypeId) => (await countFormsOfType(trx, attendanceId, formTypeId)) + 1,
});

/** A checked new form, ready to insert: its row, its first record entry and the anchor on it. */
export interface PreparedForm {
  row: NewFormRow;
  entry: HistoryEntry;
  anchor: RecordAnchor;
}

/** Checks a new form and builds what createFormIn writes, without writing it. */
export async function prepareNewForm(trx: Kysely<Database>, deps: WriteDeps, input: NewFormInput, reads: NewFormReads = databaseReads(trx)): Promise<PreparedForm> {
  const { attendance } = input;
  const target = { registry_id: attendance.registry_id, form_type_id: input.formTypeId, institute_id: attendance.institute_id, physician_id: attendance.physician_id };
  const plan = planTransition(null, { operation: 'create', submit: input.submit }, {
    requiredLevels: await reads.requiredLevels(attendance.registry_id),
    can: (code) => mayOnForm(deps.subject, code, target),
  });
  if (!plan.ok) throw refusalError(plan);
  const descriptor = await reads.descriptor(input.formTypeId, input.descriptorVersion);
  const patientValues = await reads.patientValues(input.formTypeId, attendance.patient_id);
  const sent = checkedWriteValues(descriptor, input.values, {}, { patientId: attendance.patient_id, physicianId: attendance.physician_id, instituteId: attendance.institute_id, patientValues });
  const values = normalized(descriptor, sent, input.submit);
  if (input.submit) assertValid(descriptor, values);
  // A form being created has no files yet: any file reference is refused.
  await assertFileReferences(trx, null, descriptor, {}, values);
  const id = randomUUID();
  const at = nowIso();
  const n = await reads.nextFormNumber(attendance.id, input.formTypeId);
  // The first entry of a new form's record is known before the form is written: its anchor goes
  // into the insert (two statements less than appendHistory's read and anchor update).
  const state = { path: RECORD_STATE_PATH, old: null, new: plan.next?.state ?? 'draft' };
  const { entry, anchor } = chainedEntry(deps, id, null, { operation: 'create', changes: [...diffValues({}, values), ...(input.extraChanges ?? []), state] }, at);
  const row: NewFormRow = {
    id,
    attendance_id: attendance.id,
    attendance_period_id: input.periodId,
    form_type_id: input.formTypeId,
    descriptor_version: input.descriptorVersion,
    registry_id: attendance.registry_id,
    institute_id: attendance.institute_id,
    physician_id: attendance.physician_id,
    display_id: `${attendance.display_id}-${input.formTypeDisplayId}-${n}`,
    state: plan.next?.state ?? 'draft',
    field_values: JSON.stringify(values),
    reviews: '{}',
    created_at: at,
    updated_at: at,
  };
  return { row, entry, anchor };
}

/** Creates a form inside the caller's transaction; answers its id. */
export async function createFormIn(trx: Kysely<Database>, deps: WriteDeps, input: NewFormInput, reads?: NewFormReads): Promise<string> {
  const { row, entry, anchor } = await prepareNewForm(trx, deps, input, reads);
  await insertForm(trx, row, anchor);
  await insertHistoryEntry(trx, entry);
  return row.id;
}

export type OperationInput =
  /** extraChanges: recorded with the update entry (the data import job that wrote it). */
  | { operation: 'update'; values: FormValues; submit: boolean; extraChanges?: FormHistoryChange[] }
  | { operation: 'approve'; level: number }
  | { operation: 'reject'; level: number; rejections: { path: string; reason: string }[] }
  | { operation: 'correct_draft' | 'correct_finalized'; values?: FormValues; notes: Record<string, string> }
  // The form page always sends a reason; the attendance-wide reset (attendances.edits.ts) has none.
  | { operation: 'approval_reset' | 'destroy'; reason?: string }
  | { operation: 'delete' }
  | { operation: 'fix'; path: string; value: unknown };

/** The record key under which a form-level reason (destroy, approval reset) is kept. */
export const FORM_REASON_PATH = '$form';

function formReason(reason: string | undefined): Record<string, string> | undefined {
  if (reason === undefined) return undefined;
  if (reason.trim() === '') throw validationError([{ path: 'reason', key: 'any.required', context: {} }]);
  return { [FORM_REASON_PATH]: reason.trim() };
}

interface Prepared {
  values?: FormValues;
  reviews?: StoredReviews;
  allRejectionsCorrected?: boolean;
  validate?: boolean;
  reasons?: Record<string, string>;
  notes?: Record<string, string>;
}

function prepareRejections(descriptor: FormDescriptor, values: FormValues, input: { level: number; rejections: { path: string; reason: string }[] }, actor: Actor, at: string): Prepared {
  const errors: FieldError[] = [];
  const reviews: StoredReviews = {};
  const reasons: Record<string, string> = {};
  input.rejections.forEach(({ path, reason }, i) => {
    if (!isDescriptorPath(descriptor, path)) errors.push({ path: `rejections.${i}.path`, key: 'api.notFound', context: { path } });
    else if (reason.trim() === '') errors.push({ path: `rejections.${i}.reason`, key: 'any.required', context: {} });
    else {
      reviews[path] = { reason: reason.trim(), rejectedValue: getAt(values, path) ?? null, level: input.level, rejectedBy: actor.userName, rejectedAt: at };
      reasons[path] = reason.trim();
    }
  });
  if (errors.length > 0) throw validationError(errors);
  return { reviews, reasons };
}

function prepareCorrection(stored: StoredReviews, values: FormValues, notes: Record<string, string>): Prepared {
  const errors: FieldError[] = [];
  const reviews: StoredReviews = { ...stored };
  const written: Record<string, string> = {};
  for (const [path, note] of Object.entries(notes)) {
    if (!reviews[path]) errors.push({ path: `notes.${path}`, key: 'api.notFound', context: { path } });
    else if (note.trim() === '') {
      const { note: _cleared, ...rest } = reviews[path];
      reviews[path] = rest;
    } else {
      reviews[path] = { ...reviews[path], note: note.trim() };
      written[path] = note.trim();
    }
  }
  if (errors.length > 0) throw validationError(errors);
  const allRejectionsCorrected = Object.entries(reviews).every(([path, review]) =>
    isCorrected({ reason: review.reason, rejectedValue: review.rejectedValue as FieldValue, correctNote: review.note }, getAt(values, path)),
  );
  return { reviews, notes: written, allRejectionsCorrected };
}

/** Runs one operation on an existing form, with the version the caller last read. */
export async function runOperation(deps: WriteDeps, formId: string, expectedVersion: number | undefined, input: OperationInput): Promise<FormRow | null> {
  return inTransaction(deps.db, async (trx) => {
    const row = await findFormRow(trx, formId, deps.dialect);
    if (!row || !canSeeForm(deps.subject, row)) throw formNotFound();
    assertMayAttempt(deps.subject, input.operation, row);
    if (expectedVersion !== undefined && expectedVersion !== Number(row.version)) throw staleVersion(Number(row.version));
    const approvals = await findApprovals(trx, row.id);
    const status: FormStatus = { state: row.state, approvals: approvals.map((a) => a.level as ApprovalLevel) };
    const descriptor = await descriptorOf(trx, Number(row.form_type_id), Number(row.descriptor_version));
    const storedValues = JSON.parse(row.field_values) as FormValues;
    const storedReviews = JSON.parse(row.reviews) as StoredReviews;
    const personal = hasPersonalData(deps.subject, row);
    const at = nowIso();
    const attendance = await findAttendanceRow(trx, row.attendance_id);
    assertNotDisqualified(attendance);
    // The form's physician and institute are its attendance's (set at creation, never moved).
    const patientValues = attendance ? await patientFieldValues(trx, Number(row.form_type_id), attendance.patient_id) : {};
    const source: HeaderSource = { patientId: attendance?.patient_id ?? '', physicianId: row.physician_id, instituteId: row.institute_id, patientValues };
    const sent = (values: FormValues): FormValues => keepPersonal(checkedWriteValues(descriptor, values, storedValues, source), storedValues, descriptor, personal);

    let prepared: Prepared = {};
    if (input.operation === 'update') {
      prepared = { values: normalized(descriptor, sent(input.values), input.submit), validate: input.submit };
    } else if (input.operation === 'reject') {
      prepared = prepareRejections(descriptor, storedValues, input, deps.actor, at);
    } else if (input.operation === 'correct_draft' || input.operation === 'correct_finalized') {
      const finalize = input.operation === 'correct_finalized';
      const values = normalized(descriptor, input.values ? sent(input.values) : storedValues, finalize);
      prepared = { ...prepareCorrection(storedReviews, values, input.notes), values, validate: finalize };
    } else if (input.operation === 'approval_reset' || input.operation === 'destroy') {
      prepared = { reasons: formReason(input.reason) };
    } else if (input.operation === 'fix') {
      const fixed = await fixedValues(trx, { formId: row.id, userId: deps.actor.userId ?? '', descriptor, stored: storedValues, personal }, input);
      prepared = { values: normalized(descriptor, sent(fixed), true) };
    }

    const operation: FormOperation = input.operation;
    const level = 'level' in input ? input.level : undefined;
    const plan = planTransition(status, { operation, level, submit: input.operation === 'update' ? input.submit : undefined }, {
      requiredLevels: await requiredLevelsOf(trx, row.registry_id),
      can: (code) => mayOnForm(deps.subject, code, row),
      allRejectionsCorrected: prepared.allRejectionsCorrected,
      fourEyes: operation === 'approve' ? await fourEyesFacts(trx, row.id, deps.actor.userId, approvals) : undefined,
    });
    if (!plan.ok) throw refusalError(plan);
    if (prepared.validate && prepared.values) assertValid(descriptor, prepared.values);
    if (input.operation === 'fix' && prepared.values) assertFixValid(descriptor, prepared.values, input.path);
    if (prepared.values) await assertFileReferences(trx, row.id, descriptor, storedValues, prepared.values);

    const next = plan.next;
    const reviews = operation === 'approval_reset' ? {} : prepared.reviews;
    const written = await writeForm(
      trx,
      row.id,
      Number(row.version),
      { state: next?.state, values: prepared.values, reviews, approvalLevel: next ? next.approvals.length : undefined, deletedAt: next ? undefined : at },
      at,
    );
    if (!written) throw staleVersion(Number(row.version) + 1);
    if (operation === 'approve' && level !== undefined) await insertApproval(trx, row.id, { level, userId: deps.actor.userId ?? '', userName: deps.actor.userName, at });
    if (next && next.approvals.length === 0 && approvals.length > 0) await deleteApprovals(trx, row.id);
    // The fix is done: its field is free for the next one (a deleted form's locks go with it).
    if (input.operation === 'fix') await releaseFixLock(trx, row.id, input.path, deps.actor.userId ?? '');
    if (!next) await deps.onFormGone?.(trx, deps, { id: row.id, displayId: row.display_id }, at);

    const changes: FormHistoryChange[] = prepared.values ? diffValues(storedValues, prepared.values) : [];
    if (input.operation === 'update') changes.push(...(input.extraChanges ?? []));
    // An update always says where it left the form, so the record tells a draft save from a hand-in.
    if (next && (next.state !== row.state || operation === 'update')) changes.push({ path: RECORD_STATE_PATH, old: row.state, new: next.state });
    await appendHistory(trx, deps, row.id, { operation, level: level ?? null, changes, reasons: prepared.reasons, notes: prepared.notes }, at);
    return next ? await findFormRow(trx, row.id) : null;
  });
}
