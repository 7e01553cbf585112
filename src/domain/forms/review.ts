// The inspection and correction model (spec business-data §4, "Form engine rules") as pure
// functions over plain maps keyed by value path. A monitor rejects a field with a reason in inspect
// view, which stores the value seen; the data owner corrects it in correct view. A user who fixes a
// value directly (inspect_fix, correct_fix, fix) holds a lock on that field meanwhile.
import type { FieldValue, FormValues } from './types';
import type { ValidationIssue } from './fieldRules';
import { getAt } from './valueAccess';
import { VALIDATION_KEYS as K, type ValidationKey } from './validationKeys';
import { isSameValue } from './values';

export interface FieldReview {
  reason: string;
  /** The value the monitor rejected; a correction is a value different from it. */
  rejectedValue: FieldValue;
  rejectedBy?: string;
  rejectedAt?: string;
  /** The data owner's note in correct view; a note alone also counts as a correction. */
  correctNote?: string;
}

export type FieldReviewMap = Readonly<Record<string, FieldReview>>;

export type ReviewFailure = { ok: false; key: ValidationKey; path: string; context: Record<string, unknown> };
export type ReviewResult = { ok: true; reviews: FieldReviewMap } | ReviewFailure;

function failure(key: ValidationKey, path: string, context: Record<string, unknown> = {}): ReviewFailure {
  return { ok: false, key, path, context };
}

/** Rejects (or rejects again) a field; the reason is required. */
export function rejectField(
  reviews: FieldReviewMap,
  path: string,
  reason: string,
  rejectedValue: FieldValue,
  meta: { rejectedBy?: string; rejectedAt?: string } = {},
): ReviewResult {
  if (reason.trim() === '') return failure(K.reviewReasonRequired, path);
  return { ok: true, reviews: { ...reviews, [path]: { reason: reason.trim(), rejectedValue: structuredClone(rejectedValue), ...meta } } };
}

export function revokeRejection(reviews: FieldReviewMap, path: string): ReviewResult {
  if (!reviews[path]) return failure(K.reviewNotRejected, path);
  const { [path]: _revoked, ...rest } = reviews;
  return { ok: true, reviews: rest };
}

export function changeRejectionReason(reviews: FieldReviewMap, path: string, reason: string): ReviewResult {
  const review = reviews[path];
  if (!review) return failure(K.reviewNotRejected, path);
  if (reason.trim() === '') return failure(K.reviewReasonRequired, path);
  return { ok: true, reviews: { ...reviews, [path]: { ...review, reason: reason.trim() } } };
}

/** Writes (or, with a blank note, clears) the correct note of a rejected field. */
export function setCorrectNote(reviews: FieldReviewMap, path: string, note: string): ReviewResult {
  const review = reviews[path];
  if (!review) return failure(K.reviewNotRejected, path);
  const { correctNote: _old, ...rest } = review;
  const next = note.trim() === '' ? rest : { ...rest, correctNote: note.trim() };
  return { ok: true, reviews: { ...reviews, [path]: next } };
}

/** Spec: corrected when the value differs from the rejected one (empty = absent) or a note exists. */
export function isCorrected(review: FieldReview, currentValue: FieldValue): boolean {
  return !isSameValue(currentValue, review.rejectedValue) || (review.correctNote ?? '').trim() !== '';
}

/** Paths of rejections not answered yet (neither changed nor noted), given each path's value now. */
export function openRejections(reviews: FieldReviewMap, valueAt: (path: string) => FieldValue): string[] {
  return Object.keys(reviews).filter((path) => !isCorrected(reviews[path], valueAt(path)));
}

export const REVIEW_STATES = { none: 'none', rejected: 'rejected', corrected: 'corrected' } as const;
export type ReviewState = (typeof REVIEW_STATES)[keyof typeof REVIEW_STATES];

export function reviewState(review: FieldReview | undefined, currentValue: FieldValue): ReviewState {
  if (!review) return REVIEW_STATES.none;
  return isCorrected(review, currentValue) ? REVIEW_STATES.corrected : REVIEW_STATES.rejected;
}

export interface FormReviewFlags {
  hasRejectedFields: boolean;
  /** Rejected, value unchanged and no note. */
  hasRejectedNotCorrectedFields: boolean;
  hasErrors: boolean;
}

export function formReviewFlags(reviews: FieldReviewMap, values: FormValues, issues: readonly ValidationIssue[]): FormReviewFlags {
  const paths = Object.keys(reviews);
  return {
    hasRejectedFields: paths.length > 0,
    hasRejectedNotCorrectedFields: openRejections(reviews, (path) => getAt(values, path)).length > 0,
    hasErrors: issues.some((issue) => issue.severity === 'error'),
  };
}

export interface FieldLock {
  userId: string;
  since?: string;
  /** Who holds it, for "… is fixing this field" (the form page knows it from the server). */
  userName?: string;
}

export type FieldLockMap = Readonly<Record<string, FieldLock>>;
export type LockResult = { ok: true; locks: FieldLockMap } | ReviewFailure;

/** Takes the fix lock of a field; refused while another user holds it. Taking one's own is a no-op. */
export function startFix(locks: FieldLockMap, path: string, userId: string, since?: string): LockResult {
  const holder = locks[path];
  if (holder && holder.userId !== userId) return failure(K.reviewLocked, path, { userId: holder.userId });
  if (holder) return { ok: true, locks };
  return { ok: true, locks: { ...locks, [path]: since === undefined ? { userId } : { userId, since } } };
}

/** Releases one's own fix lock (after saving or cancelling the fix). */
export function endFix(locks: FieldLockMap, path: string, userId: string): LockResult {
  if (locks[path]?.userId !== userId) return failure(K.reviewNotLocked, path);
  const { [path]: _released, ...rest } = locks;
  return { ok: true, locks: rest };
}

/** Locked for `userId`: someone else is fixing the field. */
export function isLockedFor(locks: FieldLockMap, path: string, userId: string): boolean {
  const holder = locks[path];
  return holder !== undefined && holder.userId !== userId;
}
