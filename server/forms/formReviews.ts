// What the review operations write besides the values: a rejection's reasons per field, a
// correction's notes (and whether every rejection is now corrected), a form-level reason (destroy,
// approval reset). Each input is checked first; a bad one is a 400 naming its path, nothing stored.
import { getAt, isCorrected, type FieldValue, type FormDescriptor, type FormValues, type StoredReviews } from '../../src/domain/forms';
import { validationError, type FieldError } from '../errors/apiError';
import { isDescriptorPath } from './formWriteChecks';
import type { Actor } from './history';

/** What an operation prepared before its plan is checked: the values, reviews and record texts it writes. */
export interface Prepared {
  values?: FormValues;
  reviews?: StoredReviews;
  allRejectionsCorrected?: boolean;
  validate?: boolean;
  reasons?: Record<string, string>;
  notes?: Record<string, string>;
}

/** The record key under which a form-level reason (destroy, approval reset) is kept. */
export const FORM_REASON_PATH = '$form';

export function formReason(reason: string | undefined): Record<string, string> | undefined {
  if (reason === undefined) return undefined;
  if (reason.trim() === '') throw validationError([{ path: 'reason', key: 'any.required', context: {} }]);
  return { [FORM_REASON_PATH]: reason.trim() };
}

export function prepareRejections(descriptor: FormDescriptor, values: FormValues, input: { level: number; rejections: { path: string; reason: string }[] }, actor: Actor, at: string): Prepared {
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

export function prepareCorrection(stored: StoredReviews, values: FormValues, notes: Record<string, string>): Prepared {
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
