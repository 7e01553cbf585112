// What guides a correction: rejected fields in the order the form shows them (the correct view
// opens on the first; "next rejected field" walks through them) and, per section, how many fields
// are rejected, corrected and in error (the section navigation shows the counts).
import { fieldIndexOf, isCorrected, pathFieldId, type FieldReviewMap, type FieldValue, type FormDescriptor, type ValidationIssue } from '../domain/forms';
import { ownerPath } from './issues';

const byEntry = new Intl.Collator('en', { numeric: true });

/** Paths in the form's order: by field, then by entry of a multi-field (`meds[2]` before `meds[10]`). */
export function inFieldOrder(descriptor: FormDescriptor, paths: readonly string[]): string[] {
  const index = fieldIndexOf(descriptor);
  const orderOf = (path: string): number => index.byId.get(pathFieldId(path))?.order ?? Number.MAX_SAFE_INTEGER;
  return [...paths].sort((a, b) => orderOf(a) - orderOf(b) || byEntry.compare(a, b));
}

/** Rejections not answered yet (neither changed nor noted), in the form's order. */
export function openRejectionsInOrder(descriptor: FormDescriptor, reviews: FieldReviewMap, valueAt: (path: string) => FieldValue): string[] {
  return inFieldOrder(
    descriptor,
    Object.keys(reviews).filter((path) => !isCorrected(reviews[path], valueAt(path))),
  );
}

/** "Next rejected field": the first open rejection after the field the user is on (`here`), wrapping round. */
export function nextOpenRejection(descriptor: FormDescriptor, open: readonly string[], here: string | null): string | undefined {
  if (open.length === 0) return undefined;
  // Where the user is, placed among the open rejections in the form's order.
  const placed = here && !open.includes(here) ? inFieldOrder(descriptor, [...open, here]) : open;
  const position = here ? placed.indexOf(here) : -1;
  return placed.slice(position + 1).find((path) => path !== here) ?? open[0];
}

export interface SectionTally {
  rejected: number;
  corrected: number;
  errors: number;
}

/** Per section (the descriptor's order): rejected and corrected fields, and fields with an error. */
export function sectionTallies(
  descriptor: FormDescriptor,
  reviews: FieldReviewMap,
  valueAt: (path: string) => FieldValue,
  issues: readonly ValidationIssue[],
): SectionTally[] {
  const index = fieldIndexOf(descriptor);
  const sectionOf = new Map(descriptor.sections.map((section, i) => [section.id, i]));
  const tallies = descriptor.sections.map(() => ({ rejected: 0, corrected: 0, errors: 0 }));
  const at = (path: string): SectionTally | undefined => {
    const sectionId = index.byId.get(pathFieldId(path))?.sectionId;
    return sectionId ? tallies[sectionOf.get(sectionId) ?? -1] : undefined;
  };
  for (const [path, review] of Object.entries(reviews)) {
    const tally = at(path);
    if (tally) tally[isCorrected(review, valueAt(path)) ? 'corrected' : 'rejected'] += 1;
  }
  const inError = new Set(issues.filter((issue) => issue.severity === 'error').map((issue) => ownerPath(descriptor, issue.path)));
  for (const path of inError) {
    const tally = at(path);
    if (tally) tally.errors += 1;
  }
  return tallies;
}
