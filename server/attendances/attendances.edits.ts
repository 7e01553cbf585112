// Edits of an attendance's header (PATCH /attendances/{id}: end time, inpatient days where the
// registry records them, completion) and the approval reset of all its forms. Each write commits
// together with its record: the application-log event of the edit (attendances have no history
// chain of their own), the forms' history entries of the reset.
import { parseDate } from '../../src/domain/forms';
import { can } from '../../src/domain/permissions';
import { logEvent } from '../appLog/appLog.repository';
import { actorLogFields } from '../forms/history';
import type { AttendanceRow } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import { ApiError, validationError, type FieldError } from '../errors/apiError';
import { runOperation, type WriteDeps } from '../forms/forms.lifecycle';
import { noViewPermission } from '../permissions/permissionErrors';
import { findRegistry } from '../registries/registries.repository';
import { nowIso } from '../util/time';
import { liveFormStates, updateAttendance, type AttendanceUpdate } from './attendances.repository';
import { attendanceNotFound, attendanceTarget, toInstant, visibleAttendanceOrThrow } from './attendances.service';

export interface AttendancePatch {
  endDateTime?: string | null;
  inpatientDays?: { from: string; to: string }[];
  completed?: boolean;
}

/** The end as stored (ISO, UTC), null to clear it, undefined when absent or refused. */
function checkedEnd(text: string | null | undefined, row: AttendanceRow, errors: FieldError[]): string | null | undefined {
  if (text === undefined || text === null) return text;
  const end = toInstant(text);
  if (!end) {
    errors.push({ path: 'endDateTime', key: 'date.format', context: { format: 'ISO 8601' } });
    return undefined;
  }
  if (end.getTime() < new Date(row.start_date_time).getTime()) {
    errors.push({ path: 'endDateTime', key: 'string.dateRange', context: { first: 'startDateTime', second: 'endDateTime' } });
    return undefined;
  }
  return end.toISOString();
}

/** Calendar dates (a 31 February is refused) with `from` not after `to`, reported per row and field. */
function inpatientDayErrors(days: readonly { from: string; to: string }[]): FieldError[] {
  return days.flatMap((day, i) => {
    const errors: FieldError[] = [];
    for (const side of ['from', 'to'] as const) {
      if (!parseDate(day[side])) errors.push({ path: `inpatientDays.${i}.${side}`, key: 'date.format', context: { format: 'YYYY-MM-DD' } });
    }
    if (errors.length === 0 && day.from > day.to) errors.push({ path: `inpatientDays.${i}.to`, key: 'string.dateRange', context: { first: 'from', second: 'to' } });
    return errors;
  });
}

/** Old → new of each field the update really changes (the record of the edit). */
function changesOf(row: AttendanceRow, update: AttendanceUpdate): Record<string, { old: unknown; new: unknown }> {
  const before: Record<string, unknown> = { endDateTime: row.end_date_time, inpatientDays: JSON.parse(row.inpatient_days), completed: Boolean(row.completed), state: row.state };
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(before[key])) changes[key] = { old: before[key], new: value };
  }
  return changes;
}

export async function patchAttendance(deps: WriteDeps, id: string, patch: AttendancePatch, reqId?: string): Promise<void> {
  const { db, subject, actor } = deps;
  const row = await visibleAttendanceOrThrow(db, subject, id);
  if (!can(subject, 'frm_edit', attendanceTarget(row))) throw noViewPermission();
  const registry = await findRegistry(db, row.registry_id, 'en');
  if (!registry) throw attendanceNotFound();
  if (patch.inpatientDays !== undefined && !registry.hasInpatientDay) {
    throw new ApiError({ statusCode: 400, code: 'no_inpatient_days', messageId: 'server.attendances.noInpatientDays' });
  }

  const errors: FieldError[] = [];
  const endDateTime = checkedEnd(patch.endDateTime, row, errors);
  if (patch.inpatientDays) errors.push(...inpatientDayErrors(patch.inpatientDays));
  // A completed attendance has an end: completing without one, or clearing the end of a completed one, is refused.
  const completed = patch.completed ?? Boolean(row.completed);
  const end = endDateTime !== undefined ? endDateTime : row.end_date_time;
  const touchesCompletion = patch.completed !== undefined || patch.endDateTime !== undefined;
  if (completed && !end && touchesCompletion && !errors.some((e) => e.path === 'endDateTime')) {
    errors.push({ path: 'endDateTime', key: 'logic.with', context: { main: 'completed', peer: 'endDateTime' } });
  }
  if (errors.length > 0) throw validationError(errors);

  const update: AttendanceUpdate = {
    endDateTime,
    inpatientDays: patch.inpatientDays,
    completed: patch.completed,
    // Disqualification outranks completion: a disqualified attendance stays disqualified.
    state: patch.completed === undefined || row.state === 'disqualified' ? undefined : patch.completed ? 'completed' : 'open',
  };
  const changes = changesOf(row, update);
  if (Object.keys(changes).length === 0) return;
  await inTransaction(db, async (trx) => {
    await updateAttendance(trx, row.id, update, nowIso());
    // In the transaction, unlike request rows: the edit and its record commit together or not at all.
    await logEvent(trx, { event: 'attendance.updated', targetType: 'attendance', targetId: row.id, targetName: row.display_id, data: changes, ...actorLogFields(actor), reqId });
  });
}

/** Approval reset of every form of the attendance that has left draft; answers how many were reset. */
export async function resetAttendanceApprovals(deps: WriteDeps, id: string): Promise<number> {
  const row = await visibleAttendanceOrThrow(deps.db, deps.subject, id);
  if (!can(deps.subject, 'frm_reset_approval', attendanceTarget(row))) throw noViewPermission();
  // One transaction: the attendance's forms return to draft together, or none does.
  return inTransaction(deps.db, async (trx) => {
    let reset = 0;
    for (const form of await liveFormStates(trx, row.id)) {
      if (form.state === 'draft') continue;
      await runOperation({ ...deps, db: trx }, form.id, undefined, { operation: 'approval_reset' });
      reset += 1;
    }
    return reset;
  });
}
