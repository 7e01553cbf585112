// A form and its record as the API shows them (docs/api-clinical.md § Forms), shared by server and
// client. The answer schemas in server/routes/clinicalSchemas.ts describe the same shapes as JSON.
import type { FormState, FourEyesReason, TransitionRequest } from './lifecycle';
import type { FormValues } from './types';

/** A review as the server stores it: the rejection at a monitor's level plus the owner's correct note. */
export interface StoredReview {
  reason: string;
  rejectedValue: unknown;
  level: number;
  note?: string;
  rejectedBy?: string;
  rejectedAt?: string;
}
/** By the field's path. */
export type StoredReviews = Record<string, StoredReview>;

export interface FormApproval {
  level: number;
  userId: string;
  userName: string;
  at: string;
}

export interface FormRecord {
  id: string;
  attendanceId: string;
  attendancePeriodId: string;
  formTypeId: number;
  descriptorVersion: number;
  displayId: string;
  state: FormState;
  /** The approval levels the form's registry requires before it is final (1 to 4). */
  requiredLevels: number;
  /** The levels approved in the current round, in order, with who and when. */
  approvals: FormApproval[];
  /** null when the form is censored (no frm_read). */
  values: FormValues | null;
  reviews: StoredReviews;
  physicianId: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  censored: boolean;
  /** What the caller may do with the form now (the lifecycle table and the caller's codes), so that
   *  the client offers only what works; the write calls check it again. */
  operations: TransitionRequest[];
  /** Fields other users are fixing now (their fix locks that have not lapsed), by value path. */
  locks: FormFixLock[];
  /** Why approve is not among `operations` although the caller's level and the state would allow
   *  it (four eyes, docs/form-lifecycle.md); null otherwise. */
  fourEyes: { reason: FourEyesReason; level?: number } | null;
}

/** A fix lock held on one value path of a form. */
export interface FormFixLock {
  path: string;
  userId: string;
  userName: string;
  expiresAt: string;
}

/**
 * The record's pseudo path for the form's state (old -> new), written with every operation that
 * moves it: the record then tells saving a draft from finalizing, which the operation alone does not.
 */
export const RECORD_STATE_PATH = '$state';

export interface FormHistoryChange {
  path: string;
  old: unknown;
  new: unknown;
}

/** One entry of a form's append-only, hash-chained record. */
export interface FormHistoryEntry {
  id: string;
  at: string;
  userId: string | null;
  userName: string;
  onBehalfOf: string | null;
  operation: string;
  level: number | null;
  changes: FormHistoryChange[];
  /** Rejection reasons by field path. */
  reasons: Record<string, string>;
  /** Correct notes by field path. */
  notes: Record<string, string>;
  previousHash: string;
  hash: string;
}
