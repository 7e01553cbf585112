// Disqualifying an attendance (att_disqualify) and requalifying it (administrators only), each with
// a reason. One transaction writes the attendance's columns, an application-log event and, for
// every live form of the attendance, a form-record entry (operation `disqualify` / `requalify`),
// so each form's history says why it stopped taking writes. A disqualified attendance's forms
// refuse writes (attendanceErrors.ts) and leave the to-do lists (forms.todo.ts).
import { can, isAdmin } from '../../src/domain/permissions';
import { logEvent } from '../appLog/appLog.repository';
import { inTransaction } from '../db/inTransaction';
import { ApiError, validationError } from '../errors/apiError';
import { findFormRow } from '../forms/forms.repository';
import { appendHistory } from '../forms/history';
import type { WriteDeps } from '../forms/forms.lifecycle';
import { noViewPermission } from '../permissions/permissionErrors';
import { nowIso } from '../util/time';
import { liveFormStates } from './attendances.repository';
import { attendanceTarget, visibleAttendanceOrThrow } from './attendances.service';

const REASON_PATH = 'attendance';

function reasonOrThrow(reason: string | undefined): string {
  const trimmed = (reason ?? '').trim();
  if (trimmed === '') throw validationError([{ path: 'reason', key: 'any.required', context: {} }]);
  return trimmed;
}

async function recordOnForms(deps: WriteDeps, attendanceId: string, operation: 'disqualify' | 'requalify', reason: string, at: string): Promise<number> {
  let forms = 0;
  for (const form of await liveFormStates(deps.db, attendanceId)) {
    // Locked (PostgreSQL) before the append, as every writer of a form's record does.
    await findFormRow(deps.db, form.id, deps.dialect);
    await appendHistory(deps.db, deps, form.id, { operation, reasons: { [REASON_PATH]: reason } }, at);
    forms += 1;
  }
  return forms;
}

export async function disqualifyAttendance(deps: WriteDeps, id: string, reasonText: string | undefined, reqId?: string): Promise<void> {
  const row = await visibleAttendanceOrThrow(deps.db, deps.subject, id);
  if (!can(deps.subject, 'att_disqualify', attendanceTarget(row))) throw noViewPermission();
  const reason = reasonOrThrow(reasonText);
  if (row.state === 'disqualified') throw new ApiError({ statusCode: 409, code: 'already_disqualified', messageId: 'server.attendances.alreadyDisqualified' });
  await inTransaction(deps.db, async (trx) => {
    const at = nowIso();
    const changed = await trx
      .updateTable('attendances')
      .set({ state: 'disqualified', disqualified_at: at, disqualified_by: deps.actor.userId, disqualification_reason: reason, updated_at: at })
      .where('id', '=', row.id)
      .where('state', '!=', 'disqualified')
      .executeTakeFirst();
    // A concurrent disqualification won: this one changes nothing.
    if (Number(changed.numUpdatedRows) === 0) throw new ApiError({ statusCode: 409, code: 'already_disqualified', messageId: 'server.attendances.alreadyDisqualified' });
    const forms = await recordOnForms({ ...deps, db: trx }, row.id, 'disqualify', reason, at);
    await logEvent(trx, {
      event: 'attendance.disqualified',
      targetType: 'attendance',
      targetId: row.id,
      targetName: row.display_id,
      reason,
      data: { previousState: row.state, forms },
      userId: deps.actor.userId,
      userName: deps.actor.userName,
      reqId,
    });
  });
}

/** Administrators only: the attendance returns to open (or completed, when it was completed). */
export async function requalifyAttendance(deps: WriteDeps, id: string, reasonText: string | undefined, reqId?: string): Promise<void> {
  const row = await visibleAttendanceOrThrow(deps.db, deps.subject, id);
  if (!isAdmin(deps.subject)) throw noViewPermission();
  const reason = reasonOrThrow(reasonText);
  if (row.state !== 'disqualified') throw new ApiError({ statusCode: 409, code: 'not_disqualified', messageId: 'server.attendances.notDisqualified' });
  await inTransaction(deps.db, async (trx) => {
    const at = nowIso();
    const state = row.completed ? 'completed' : 'open';
    const changed = await trx
      .updateTable('attendances')
      .set({ state, disqualified_at: null, disqualified_by: null, disqualification_reason: null, updated_at: at })
      .where('id', '=', row.id)
      .where('state', '=', 'disqualified')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw new ApiError({ statusCode: 409, code: 'not_disqualified', messageId: 'server.attendances.notDisqualified' });
    const forms = await recordOnForms({ ...deps, db: trx }, row.id, 'requalify', reason, at);
    await logEvent(trx, {
      event: 'attendance.requalified',
      targetType: 'attendance',
      targetId: row.id,
      targetName: row.display_id,
      reason,
      // What the disqualification said, kept in the log now that the columns are cleared.
      data: { state, forms, disqualifiedAt: row.disqualified_at, disqualifiedBy: row.disqualified_by, disqualificationReason: row.disqualification_reason },
      userId: deps.actor.userId,
      userName: deps.actor.userName,
      reqId,
    });
  });
}
