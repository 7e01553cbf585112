// Four eyes (docs/form-lifecycle.md "Four eyes"): what the record says about one user and a form,
// for the approve rule of the lifecycle table. The current round starts after the form's last
// approval reset (or at its creation): a reset starts the whole review over, while a rejection
// does not, so whoever entered the data the correction builds on still may not approve it.
import type { Kysely } from 'kysely';
import type { FormApproval } from '../../src/domain/forms';
import type { FourEyesFacts } from '../../src/domain/forms/lifecycle';
import type { Database } from '../db/database';
import { historyOf } from './history.repository';

/** Operations that write values into the form. */
export const VALUE_WRITING_OPERATIONS: ReadonlySet<string> = new Set(['create', 'update', 'correct_draft', 'correct_finalized', 'fix']);

/** Operations after which a new round starts. */
const ROUND_STARTS: ReadonlySet<string> = new Set(['approval_reset']);

export async function fourEyesFacts(db: Kysely<Database>, formId: string, userId: string | null, approvals: readonly FormApproval[]): Promise<FourEyesFacts> {
  if (userId === null) return { approvedLevels: [], wroteValues: false };
  const entries = await historyOf(db, formId);
  let start = 0;
  entries.forEach((entry, i) => {
    if (ROUND_STARTS.has(entry.operation)) start = i + 1;
  });
  const wroteValues = entries
    .slice(start)
    .some((entry) => entry.userId === userId && VALUE_WRITING_OPERATIONS.has(entry.operation) && entry.changes.length > 0);
  return { approvedLevels: approvals.filter((approval) => approval.userId === userId).map((approval) => approval.level), wroteValues };
}
