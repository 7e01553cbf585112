// Who sees which form and how: a form is visible (else 404, existence hidden) to whoever sees its
// attendance; its values only with frm_read (else censored), and the descriptor's personal data
// fields only with personal_data_access.
import type { Kysely } from 'kysely';
import { loadDescriptorOrThrow, type FormApproval, type FormDescriptor, type FormHistoryEntry, type FormRecord, type FormValues, type StoredReviews } from '../../src/domain/forms';
import { availableOperations, DEFAULT_REQUIRED_APPROVAL_LEVELS, type ApprovalLevel, type FormStatus, type TransitionContext } from '../../src/domain/forms/lifecycle';
import { can, type PermissionCode, type PermissionSubject, type PermissionTarget } from '../../src/domain/permissions';
import type { Database, FormRow } from '../db/database';
import { fixedQuery } from '../db/fixedQuery';
import { ApiError } from '../errors/apiError';
import { findDescriptorDocument } from '../formTypes/formTypes.repository';
import { liveLocksOf } from './fixLocks';
import { findFormRow } from './forms.repository';
import { fourEyesFacts } from './fourEyes';

export const formNotFound = (): ApiError => new ApiError({ statusCode: 404, code: 'not_found', messageId: 'server.forms.notFound' });

export function formTarget(row: Pick<FormRow, 'registry_id' | 'form_type_id' | 'institute_id' | 'physician_id'>): PermissionTarget {
  return { registryId: row.registry_id, formTypeId: Number(row.form_type_id), instituteId: row.institute_id, physicianId: row.physician_id };
}

/** can() resolves implicit codes itself: an frm_impl_* grant holds where the physician is the user. */
export function mayOnForm(subject: PermissionSubject, code: string, row: Pick<FormRow, 'registry_id' | 'form_type_id' | 'institute_id' | 'physician_id'>): boolean {
  return can(subject, code as PermissionCode, formTarget(row));
}

export function canSeeForm(subject: PermissionSubject, row: FormRow): boolean {
  return can(subject, 'reg_access', { registryId: row.registry_id, instituteId: row.institute_id, physicianId: row.physician_id });
}

export async function visibleFormRowOrThrow(db: Kysely<Database>, subject: PermissionSubject, id: string): Promise<FormRow> {
  const row = await findFormRow(db, id);
  if (!row || !canSeeForm(subject, row)) throw formNotFound();
  return row;
}

const descriptors = new Map<string, FormDescriptor>();

/** Descriptors are immutable per version, so they are parsed once per process. */
export async function descriptorOf(db: Kysely<Database>, formTypeId: number, version: number): Promise<FormDescriptor> {
  const key = `${formTypeId}/${version}`;
  const cached = descriptors.get(key);
  if (cached) return cached;
  const document = (await findDescriptorDocument(db, formTypeId, version, 'en')) ?? (await findDescriptorDocument(db, formTypeId, version, 'hu'));
  if (!document) throw formNotFound();
  const descriptor = loadDescriptorOrThrow(document);
  descriptors.set(key, descriptor);
  return descriptor;
}

export function hasPersonalData(subject: PermissionSubject, row: Pick<FormRow, 'registry_id' | 'institute_id'>): boolean {
  return can(subject, 'personal_data_access', { registryId: row.registry_id, instituteId: row.institute_id });
}

export function maskPersonal(values: FormValues, descriptor: FormDescriptor): FormValues {
  const masked: FormValues = { ...values };
  for (const id of descriptor.personalDataFields ?? []) if (id in masked) masked[id] = null;
  return masked;
}

const standing = fixedQuery<{ attendanceId: string; formId: string; registryId: string }>()((db, value) =>
  db
    .selectFrom('registries')
    .leftJoin('attendances', (join) => join.on('attendances.id', '=', value('attendanceId')))
    .leftJoin('form_approvals', (join) => join.on('form_approvals.form_id', '=', value('formId')))
    .select(['registries.required_approval_levels', 'attendances.state', 'form_approvals.level', 'form_approvals.user_id', 'form_approvals.user_name', 'form_approvals.at'])
    .where('registries.id', '=', value('registryId'))
    .orderBy('form_approvals.level'),
);

/**
 * The registry's required levels, the attendance's state and the form's approvals in one statement
 * (one row per approval, or one without): a single read stays few statements.
 */
async function standingOf(db: Kysely<Database>, row: FormRow): Promise<{ requiredLevels: number; attendanceState: string | null; approvals: FormApproval[] }> {
  const found = await standing.all(db, { attendanceId: row.attendance_id, formId: row.id, registryId: row.registry_id });
  return {
    requiredLevels: Number(found[0]?.required_approval_levels ?? DEFAULT_REQUIRED_APPROVAL_LEVELS),
    attendanceState: found[0]?.state ?? null,
    approvals: found.flatMap((a) => (a.level === null ? [] : [{ level: a.level, userId: a.user_id as string, userName: a.user_name as string, at: a.at as string }])),
  };
}

export async function formView(db: Kysely<Database>, subject: PermissionSubject, row: FormRow): Promise<FormRecord> {
  const censored = !mayOnForm(subject, 'frm_read', row);
  let values: FormValues | null = null;
  let reviews: StoredReviews = {};
  if (!censored) {
    values = JSON.parse(row.field_values) as FormValues;
    reviews = JSON.parse(row.reviews) as StoredReviews;
    if (!hasPersonalData(subject, row)) {
      const descriptor = await descriptorOf(db, Number(row.form_type_id), Number(row.descriptor_version));
      values = maskPersonal(values, descriptor);
      const personal = new Set(descriptor.personalDataFields ?? []);
      reviews = Object.fromEntries(Object.entries(reviews).map(([path, review]) => [path, personal.has(path) ? { ...review, rejectedValue: null } : review]));
    }
  }
  const { requiredLevels, attendanceState, approvals } = await standingOf(db, row);
  const status: FormStatus = { state: row.state, approvals: approvals.map((a) => a.level as ApprovalLevel) };
  const context: TransitionContext = { requiredLevels, can: (code) => mayOnForm(subject, code, row) };
  // A disqualified attendance's forms take no operation until an administrator requalifies it.
  const closed = censored || attendanceState === 'disqualified';
  const plain = closed ? [] : availableOperations(status, context);
  // Four eyes only ever holds back an approval: the record is read only when one is on offer.
  const approvable = plain.some((o) => o.operation === 'approve');
  const facts = approvable ? await fourEyesFacts(db, row.id, subject.userId, approvals) : undefined;
  const operations = facts ? availableOperations(status, { ...context, fourEyes: facts }) : plain;
  // Approve held back by four eyes alone: the page says why instead of just not offering it.
  const heldBack = approvable && !operations.some((o) => o.operation === 'approve');
  const fourEyes = heldBack && facts ? (facts.approvedLevels.length > 0 ? { reason: 'approved_level' as const, level: facts.approvedLevels[0] } : { reason: 'wrote_values' as const }) : null;
  return {
    id: row.id,
    attendanceId: row.attendance_id,
    attendancePeriodId: row.attendance_period_id,
    formTypeId: Number(row.form_type_id),
    descriptorVersion: Number(row.descriptor_version),
    displayId: row.display_id,
    state: row.state,
    requiredLevels,
    approvals,
    values,
    reviews,
    physicianId: row.physician_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
    censored,
    operations,
    locks: censored ? [] : await liveLocksOf(db, row.id),
    fourEyes,
  };
}

/** The record as the caller may read it: personal field values masked without personal data access. */
export async function historyView<T extends FormHistoryEntry>(
  db: Kysely<Database>,
  subject: PermissionSubject,
  row: FormRow,
  entries: readonly T[],
  seesRandomGroup: boolean,
): Promise<T[]> {
  const personal = hasPersonalData(subject, row) ? new Set<string>() : new Set((await descriptorOf(db, Number(row.form_type_id), Number(row.descriptor_version))).personalDataFields ?? []);
  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes
      .filter((change) => change.path !== RANDOM_GROUP_PATH || seesRandomGroup)
      .map((change) => (personal.has(change.path) ? { ...change, old: null, new: null } : change)),
  }));
}

/** The history path under which the random group drawn at attendance start is recorded. */
export const RANDOM_GROUP_PATH = '$randomGroup';
