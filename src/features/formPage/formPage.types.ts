// The form page's data: the writes it sends, a stale-version check in progress, a form backup
// found in the browser, and restored work (the user's values laid over the server's).
import type { ErrorState } from '../../api/errors';
import type { ClinicalForm } from '../../api/forms';
import type { FormValues } from '../../domain/forms';

export type FormWrite =
  | { kind: 'update'; values: Record<string, unknown>; submit: boolean }
  | { kind: 'approve'; level: number }
  | { kind: 'reject'; level: number; rejections: { path: string; reason: string }[] }
  | { kind: 'correct'; finalized: boolean; values: Record<string, unknown>; notes: Record<string, string> };

/** Form-level actions of the page (each asks first): deleting a draft, destroying a form, resetting its approvals. */
export type FormLevelAction = { kind: 'delete' } | { kind: 'destroy'; reason: string } | { kind: 'resetApprovals'; reason: string };

export interface FormActionState {
  status: 'idle' | 'running' | 'done' | 'failed';
  kind: FormLevelAction['kind'] | null;
  error: ErrorState | null;
}

/** One fixed field handed to the server: the value the user left it with, and whether it differs. */
export interface FixEnd {
  path: string;
  value: unknown;
  changed: boolean;
}

/** The form as the server holds it now, with the version its writes must send. */
export interface ServerForm {
  form: ClinicalForm;
  version: number;
  descriptor: unknown;
}

/** A write answered 409 (someone else changed the form): the page fetched the current form. */
export interface StaleCheck {
  write: FormWrite;
  status: 'loading' | 'loaded' | 'failed';
  server: ServerForm | null;
  error: ErrorState | null;
}

/** Which kind of editing a backup holds: a draft (update) or a correction. */
export type BackupKind = 'update' | 'correct';

/** An in-progress copy of a form kept in localStorage while form backup is enabled. */
export interface FormBackup {
  savedAt: string;
  /** The version and values the user started from, to show what the server changed since. */
  version: number;
  base: FormValues;
  kind: BackupKind;
  values: FormValues;
  notes: Record<string, string>;
}

/** The user's work laid over the server's form: the engine starts from it, dirty. */
export interface RestoredWork {
  values: FormValues;
  notes: Record<string, string>;
  rejections: { path: string; reason: string }[];
}

/** What a finished action tells the user (src/features/formPage/formNotices.ts words it). */
export type FormNotice =
  | { kind: 'draftSaved' | 'submitted' | 'correctionSaved' | 'correctionFinished' | 'deleted' | 'destroyed' | 'approvalsReset' | 'fixed' }
  | { kind: 'approved'; level: number; of: number }
  | { kind: 'rejected'; level: number; fields: number };

/** The form of the monitor's approvable list offered after an approval or a rejection. */
export interface NextForm {
  status: 'idle' | 'loading' | 'loaded';
  /** null: nothing else waits for this monitor. */
  form: { id: string; displayId: string; patient: string } | null;
}
