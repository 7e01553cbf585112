import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer';
import type { ClinicalForm } from '../../api/forms';
import type { FormPageState } from './formPage.slice';
import type { FormBackup, FormWrite } from './formPage.types';
import { compareValues, type FieldChange } from './valueDiff';
import { backupOperation, operationAllowed, operationOf, valuesOf, writeNotes, writeRejections, writeValues } from './writeRules';

export const selectFormPage = (state: RootState): FormPageState => state.formPage;
export const selectFormHistory = (state: RootState): FormPageState['history'] => state.formPage.history;
/** Spec auth §9: the server's FORM_BACKUP setting, from the client configuration. */
export const selectFormBackupEnabled = (state: RootState): boolean => state.clientConfiguration.data?.formBackupEnabled === true;
const selectStale = (state: RootState): FormPageState['stale'] => state.formPage.stale;
const selectForm = (state: RootState): FormPageState['form'] => state.formPage.form;
const selectBackup = (state: RootState): FormPageState['backup'] => state.formPage.backup;

export interface StaleComparison {
  write: FormWrite;
  /** The form as the server holds it now. */
  server: ClinicalForm;
  changes: FieldChange[];
  /** The lifecycle still allows the user's operation from the server's state. */
  allowed: boolean;
  /** Reapply is offered: allowed, and the write carried something of the user's (approve does not). */
  reapplicable: boolean;
  notes: Record<string, string>;
  rejections: { path: string; reason: string }[];
}

/** What changed on the server and what the user typed, once the current form has arrived. */
export const selectStaleComparison = createSelector([selectStale, selectForm], (stale, form): StaleComparison | null => {
  if (!stale?.server || !form) return null;
  const started = valuesOf(form);
  const server = stale.server.form;
  const allowed = operationAllowed(operationOf(stale.write), server);
  return {
    write: stale.write,
    server,
    changes: compareValues(started, writeValues(stale.write, started), valuesOf(server)),
    allowed,
    reapplicable: allowed && stale.write.kind !== 'approve',
    notes: writeNotes(stale.write),
    rejections: writeRejections(stale.write),
  };
});

export interface BackupComparison {
  backup: FormBackup;
  changes: FieldChange[];
  /** The server changed the form since the backup was taken. */
  serverChanged: boolean;
  /** The form's state still allows the editing the backup holds. */
  allowed: boolean;
}

export const selectBackupComparison = createSelector([selectBackup, selectForm], (backup, form): BackupComparison | null => {
  if (!backup || !form) return null;
  const changes = compareValues(backup.base, backup.values, valuesOf(form));
  return {
    backup,
    changes,
    serverChanged: backup.version !== form.version || changes.some((change) => change.server),
    allowed: operationAllowed(backupOperation(backup.kind), form),
  };
});
