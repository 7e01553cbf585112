// How the form page shows a form to a user: the view type that the operations the server offers
// this user call for, and the engine's reviews built from the server's (plus restored rejections
// and notes).
import type { ClinicalForm } from '../../api/forms';
import { getAt, type FieldReviewMap, type FieldValue, type FormDescriptor, type FormValues, type ViewType } from '../../domain/forms';
import { openRejectionsInOrder } from '../../formEngine';
import type { FormOperation } from '../../domain/forms/lifecycle';
import type { RestoredWork } from './formPage.types';

type OfferedForm = Pick<ClinicalForm, 'censored' | 'operations'>;

const offers = (form: OfferedForm, operation: FormOperation): boolean => !form.censored && form.operations.some((o) => o.operation === operation);

/**
 * The view type of a form for its user. The server lists what the user may do now (the lifecycle
 * table against the user's codes on this registry, institute and physician), so the page never
 * guesses from roles: a monitor on a rejected form reads it, an investigator on a handed-in one
 * reads it, the next level's monitor inspects it.
 */
export function formViewType(form: OfferedForm): ViewType {
  if (offers(form, 'update')) return 'edit';
  if (offers(form, 'correct_finalized') || offers(form, 'correct_draft')) return 'correct';
  if (offers(form, 'approve') || offers(form, 'reject')) return 'inspect';
  return 'read';
}

/** The level the user approves or rejects at (the next one the form needs). */
export function inspectLevel(form: OfferedForm & Pick<ClinicalForm, 'approvals'>): number {
  return form.operations.find((o) => o.operation === 'approve')?.level ?? form.approvals.length + 1;
}

export function toReviews(form: Pick<ClinicalForm, 'reviews'>): FieldReviewMap {
  const reviews: Record<string, FieldReviewMap[string]> = {};
  for (const [path, review] of Object.entries(form.reviews)) {
    reviews[path] = { reason: review.reason, rejectedValue: review.rejectedValue as FieldValue, ...(review.note ? { correctNote: review.note } : {}) };
  }
  return reviews;
}

export function notesOf(reviews: FieldReviewMap): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const [path, review] of Object.entries(reviews)) if (review.correctNote) notes[path] = review.correctNote;
  return notes;
}

/**
 * The reviews restored work starts from: the user's rejections (of the server's current values)
 * and correct notes on fields the server still has rejected. Undefined when there are none.
 */
export function restoredReviews(saved: FieldReviewMap, restored: RestoredWork | null, values: FormValues): FieldReviewMap | undefined {
  if (!restored || (restored.rejections.length === 0 && Object.keys(restored.notes).length === 0)) return undefined;
  const out: Record<string, FieldReviewMap[string]> = { ...saved };
  for (const { path, reason } of restored.rejections) out[path] = { reason, rejectedValue: getAt(values, path) };
  for (const [path, note] of Object.entries(restored.notes)) if (out[path]) out[path] = { ...out[path], correctNote: note };
  return out;
}

/** The rejected field a correction starts at: the first not yet corrected, in the form's order. */
export function firstOpenRejection(descriptor: FormDescriptor, form: Pick<ClinicalForm, 'reviews' | 'values'>): string | undefined {
  const values = form.values ?? {};
  return openRejectionsInOrder(descriptor, toReviews(form), (path) => getAt(values, path))[0];
}
