// Which lifecycle operation a write of the form page is, whether the form's state (as the server
// holds it now) still allows it, and what the user had typed for it. Used after a stale version and
// before restoring a backup, so reapply is offered only where the save can still work.
import type { ClinicalForm } from '../../api/forms';
import type { FormOperation } from '../../domain/forms/lifecycle';
import type { FormValues } from '../../domain/forms';
import type { BackupKind, FormWrite } from './formPage.types';

export function operationOf(write: FormWrite): FormOperation {
  switch (write.kind) {
    case 'update':
      return 'update';
    case 'approve':
      return 'approve';
    case 'reject':
      return 'reject';
    case 'correct':
      return write.finalized ? 'correct_finalized' : 'correct_draft';
  }
}

export function backupOperation(kind: BackupKind): FormOperation {
  return kind === 'update' ? 'update' : 'correct_draft';
}

/** The backup kind for editing a form in this state, or null where the user cannot edit values. */
export function backupKindOf(state: string): BackupKind | null {
  if (state === 'draft') return 'update';
  return state === 'rejected' || state === 'correct_draft' ? 'correct' : null;
}

/** Whether the server offers the operation on the form as it is now (state and the user's codes). */
export function operationAllowed(operation: FormOperation, form: Pick<ClinicalForm, 'censored' | 'operations'>): boolean {
  return !form.censored && form.operations.some((o) => o.operation === operation);
}

/** The form's values, or none when it has none (a censored form). */
export const valuesOf = (form: ClinicalForm | null): FormValues => form?.values ?? {};

/** The values a write carried; approve and reject send none, so the user's are where they started. */
export function writeValues(write: FormWrite, started: FormValues): FormValues {
  return write.kind === 'update' || write.kind === 'correct' ? (write.values as FormValues) : started;
}

export function writeNotes(write: FormWrite): Record<string, string> {
  return write.kind === 'correct' ? write.notes : {};
}

export function writeRejections(write: FormWrite): { path: string; reason: string }[] {
  return write.kind === 'reject' ? write.rejections : [];
}
