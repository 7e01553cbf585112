// Form backups in localStorage, one per user and form (spec auth §9: kept only while form backup
// is enabled; the startup clears the FORM_BACKUP_PREFIX keys otherwise). Storage may be full or
// unavailable (private windows): a backup is a safety net, so failures are swallowed.
import { FORM_BACKUP_PREFIX } from '../../common/formBackup/formBackupStorage';
import type { FormBackup } from './formPage.types';

export function formBackupKey(userId: string, formId: string): string {
  return `${FORM_BACKUP_PREFIX}${encodeURIComponent(userId)}:${encodeURIComponent(formId)}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isFormBackup(value: unknown): value is FormBackup {
  return (
    isObject(value) &&
    typeof value.savedAt === 'string' &&
    typeof value.version === 'number' &&
    (value.kind === 'update' || value.kind === 'correct') &&
    isObject(value.base) &&
    isObject(value.values) &&
    isObject(value.notes)
  );
}

export function readFormBackup(userId: string, formId: string): FormBackup | null {
  try {
    const text = window.localStorage.getItem(formBackupKey(userId, formId));
    const parsed: unknown = text ? JSON.parse(text) : null;
    return isFormBackup(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeFormBackup(userId: string, formId: string, backup: FormBackup): void {
  try {
    window.localStorage.setItem(formBackupKey(userId, formId), JSON.stringify(backup));
  } catch {
    // Full or unavailable storage: the form itself still works.
  }
}

export function removeFormBackup(userId: string, formId: string): void {
  try {
    window.localStorage.removeItem(formBackupKey(userId, formId));
  } catch {
    // Nothing to do: without storage there is no backup either.
  }
}
