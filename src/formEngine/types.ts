// The public props of <FormEngine/>: everything comes in as props and goes out through callbacks,
// so the forms feature can hold descriptors, values and reviews in the store and drive sagas.
import type { ReactNode } from 'react';
import type {
  FieldLockMap,
  FieldPermissions,
  FieldReviewMap,
  FieldValue,
  FileValue,
  FormDescriptor,
  FormValues,
  SubmitType,
  ValidationIssue,
  ViewType,
} from '../domain/forms';

export interface FormPermissions extends FieldPermissions {
  /** Field ids this user may not see (rendered "No permission to view"), e.g. personal data. */
  censoredFields?: readonly string[];
  /** Field ids shown but not typed into here, e.g. the header's patient and physician, which
   *  belong to the attendance rather than to the form. */
  readOnlyFields?: readonly string[];
  /** Inspect view: false hides Approve (the host says why in `toolbarNote`); default true. */
  approve?: boolean;
}

export interface SubmitRequest {
  submitType: SubmitType;
  /** Values without those of hidden dependent groups (spec §4). */
  values: FormValues;
  /** Issues of the final validation (warnings, and errors a draft may carry). */
  issues: readonly ValidationIssue[];
}

export const FORM_ACTIONS = { approve: 'approve', reject: 'reject', correct: 'correct' } as const;
export type FormAction = (typeof FORM_ACTIONS)[keyof typeof FORM_ACTIONS];

export type ReviewAction = 'reject' | 'revoke' | 'changeReason' | 'correctNote';

/**
 * Where the files of file-upload fields live (the form page: the server's store of this form).
 * `path` is the field's value path, e.g. `report` or `meds[2].scan`.
 */
export interface FormFiles {
  /** Stores a chosen file; answers the value the field takes. A rejection's message is shown at the field. */
  upload: (path: string, file: File) => Promise<FileValue>;
  /** Hands the stored file of `value` to the user (the browser's download). */
  download: (path: string, value: FileValue) => Promise<void>;
}

/** A promise settles the in-progress flag: rejected = failed submit (spec §4 clears in-progress). */
export type MaybePromise = void | Promise<unknown>;

export interface FormEngineProps {
  /** A loaded descriptor (loadDescriptor); a new object starts a new form state. */
  descriptor: FormDescriptor;
  /** Values the form starts from; a new object starts a new form state. */
  values?: FormValues;
  /**
   * Restored work (reapplied after a stale version, a form backup): editing starts from these and
   * the form starts dirty against `values`, the saved state. A new object starts a new form state.
   */
  initialValues?: FormValues;
  /** Display texts that replace a read-only value by path, e.g. a patient's number and name for
   *  the patient id the header holds. */
  valueLabels?: Readonly<Record<string, string>>;
  /** Field rejections by value path. */
  reviews?: FieldReviewMap;
  /** Restored rejections or correct notes to start from; `reviews` stay the saved ones. */
  initialReviews?: FieldReviewMap;
  permissions: FormPermissions;
  viewType: ViewType;
  /** Fix locks by value path, and the current user (fix, inspect_fix, correct_fix render modes). */
  locks?: FieldLockMap;
  userId?: string;
  /** Today's date YYYY-MM-DD for `today()` and `notInFuture`; defaults to the browser's date. */
  today?: () => string;
  /** Render every section on one page (benchmarks, printing) instead of the current one. */
  allSections?: boolean;
  initialSection?: number;
  /** A field to open on at mount (its section shown, scrolled to, focused): the correct view's first rejected field. */
  initialFocusPath?: string;
  /** Inspect view: the level the user approves at, named on the button ("Approve at level 2"). */
  approveLevel?: number;
  /** The section the user is on; a host that remounts the engine (a save) passes it back as `initialSection`. */
  onSectionChange?: (section: number) => void;
  /** Ask before leaving with unsaved work; needs a data router (default true). */
  leavePrompt?: boolean;
  /** Overrides the internal submit-in-progress flag (a store-driven parent). */
  submitting?: boolean;
  onChange?: (path: string, value: FieldValue) => void;
  onSubmit?: (request: SubmitRequest) => MaybePromise;
  onReview?: (reviews: FieldReviewMap, action: { type: ReviewAction; path: string }) => void;
  onFormAction?: (action: FormAction, payload: { values: FormValues; reviews: FieldReviewMap }) => MaybePromise;
  /**
   * A user with `permissions.fix` asks to fix a field (read, inspect or correct view): the host takes
   * the field's lock and passes it back in `locks`; the field then renders in its fix mode. Without
   * this callback no field offers fixing.
   */
  onStartFix?: (path: string) => void;
  /** The user finishes fixing a field: the host releases the lock. */
  onEndFix?: (path: string) => void;
  /**
   * Read and inspect views: each field offers its history; the host shows the entries that touched
   * the field at `path`. Without this callback no field offers it.
   */
  onFieldHistory?: (path: string) => void;
  /** A short text beside the toolbar's buttons, e.g. why Approve is not offered. */
  toolbarNote?: ReactNode;
  /**
   * Uploads and downloads of file-upload fields. Without it (the sandbox) a chosen file becomes a
   * local reference `{ fileId: 'local:…' }` and nothing is sent or offered for download.
   */
  files?: FormFiles;
}
