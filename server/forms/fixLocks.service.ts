// Taking and releasing fix locks (docs/form-lifecycle.md "Fixing"); the fix itself is the
// lifecycle operation `fix` (forms.lifecycle.ts), which needs the lock and releases it.
import { APPROVAL_LEVELS, planTransition, TRANSITIONS, type ApprovalLevel } from '../../src/domain/forms';
import { inTransaction } from '../db/inTransaction';
import { releaseFixLock, takeFixLock, type FixLock } from './fixLocks';
import { refusalError } from './formErrors';
import { assertFixablePath } from './formFix';
import { canSeeForm, descriptorOf, formNotFound, hasPersonalData, mayOnForm } from './forms.access';
import type { WriteDeps } from './forms.lifecycle';
import { findApprovals, findFormRow, requiredLevelsOf } from './forms.repository';

/**
 * Takes (or renews) the caller's fix lock of one path: only where the caller could fix now (the
 * lifecycle's fix rule: state and an approval code), on a field of the descriptor.
 */
export async function lockForFix(deps: WriteDeps, formId: string, path: string): Promise<FixLock> {
  return inTransaction(deps.db, async (trx) => {
    const row = await findFormRow(trx, formId, deps.dialect);
    if (!row || !canSeeForm(deps.subject, row)) throw formNotFound();
    const approvals = await findApprovals(trx, row.id);
    const plan = planTransition({ state: row.state, approvals: approvals.map((a) => a.level as ApprovalLevel) }, { operation: 'fix' }, {
      requiredLevels: await requiredLevelsOf(trx, row.registry_id),
      can: (code) => mayOnForm(deps.subject, code, row),
    });
    if (!plan.ok) throw refusalError(plan);
    const descriptor = await descriptorOf(trx, Number(row.form_type_id), Number(row.descriptor_version));
    assertFixablePath(descriptor, path, hasPersonalData(deps.subject, row));
    return takeFixLock(trx, row.id, path, { userId: deps.actor.userId ?? '', userName: deps.actor.userName });
  });
}

/** Releases the caller's own lock (idempotent) on a form they see and could fix (else 404 / 403). */
export async function unlockForFix(deps: WriteDeps, formId: string, path: string): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const row = await findFormRow(trx, formId, deps.dialect);
    if (!row || !canSeeForm(deps.subject, row)) throw formNotFound();
    if (!APPROVAL_LEVELS.some((level) => mayOnForm(deps.subject, TRANSITIONS.fix.code(level), row))) throw refusalError({ ok: false, reason: 'forbidden', code: TRANSITIONS.fix.code(1) });
    await releaseFixLock(trx, row.id, path, deps.actor.userId ?? '');
  });
}
