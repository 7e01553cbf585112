// What a record entry did, named for people: the record's operation, told apart by where it moved
// the form (the `$state` change the server writes with every move), so that saving a draft and
// finalizing, which are both an "update", read differently.
import { RECORD_STATE_PATH, type FormHistoryEntry } from '../../domain/forms';

export type HistoryOperationName =
  | 'created_draft'
  | 'created_final'
  | 'draft_saved'
  | 'finalized'
  | 'saved'
  | 'approve'
  | 'reject'
  | 'correct_draft'
  | 'correct_finalized'
  | 'fix'
  | 'approval_reset'
  | 'system_update'
  | 'delete'
  | 'destroy'
  | 'disqualify'
  | 'requalify';

/** The state an entry left the form in; undefined when it did not move it (or the entry predates `$state`). */
export function stateReached(entry: FormHistoryEntry): string | undefined {
  const move = entry.changes.find((change) => change.path === RECORD_STATE_PATH);
  return typeof move?.new === 'string' ? move.new : undefined;
}

/** The name of an entry's operation; an operation this client does not know keeps its code. */
export function historyOperationName(entry: FormHistoryEntry): HistoryOperationName | string {
  const reached = stateReached(entry);
  switch (entry.operation) {
    case 'create':
      return reached && reached !== 'draft' ? 'created_final' : 'created_draft';
    case 'update':
      // Every update since the record keeps `$state` says where it left the form; an older entry
      // cannot tell a draft save from a hand-in and is named neutrally.
      if (reached === undefined) return 'saved';
      return reached === 'draft' ? 'draft_saved' : 'finalized';
    default:
      return entry.operation;
  }
}
