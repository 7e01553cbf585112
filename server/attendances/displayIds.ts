// Display identifiers (docs/api-clinical.md): an attendance is
// `<institute shortName>-<registry shortName>-<YYYYMMDD of its start in the institute's time zone>-<sequence>`,
// its forms are `<attendance display id>-<form type display id>-<n>`. The attendance start builds
// them with `attendanceDisplayId`; a change of an institute's time zone or short name regenerates
// them with `regenerateDisplayIds`, inside the transaction that changes the institute.
import type { Kysely } from 'kysely';
import { planTransition, type FormState } from '../../src/domain/forms';
import type { Database } from '../db/database';
import { appendHistory, type RecordWriter } from '../forms/history';
import {
  attendanceKeysOfInstitute,
  formDisplayIdsOfAttendances,
  registryShortNames,
  sequenceCounters,
  setAttendanceDisplayId,
  setFormDisplayId,
  storeSequenceCounter,
} from './attendances.repository';

/** The history path of a display id change (like `$randomGroup`: `$` never starts a field id). */
export const DISPLAY_ID_PATH = '$displayId';

// Building a DateTimeFormat costs far more than using one (a bulk import calls this per row).
const localFormatters = new Map<string, Intl.DateTimeFormat>();

/** Parts of an instant in a time zone: YYYYMMDD and the local `YYYY-MM-DDTHH:mm`. */
export function localParts(instant: Date, timeZone: string): { dayKey: string; local: string } {
  let formatter = localFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    localFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '00';
  return { dayKey: `${get('year')}${get('month')}${get('day')}`, local: `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}` };
}

export function attendanceDisplayId(parts: { instituteShortName: string; registryShortName: string; dayKey: string; sequence: number }): string {
  return `${parts.instituteShortName}-${parts.registryShortName}-${parts.dayKey}-${parts.sequence}`;
}

/**
 * A form's id under its attendance's new id. The part after the attendance id (form type and the
 * form's number) is kept as it is; an id that does not start with the attendance id (imported
 * data) is left alone (null).
 */
export function renamedFormDisplayId(formDisplayId: string, oldAttendanceId: string, newAttendanceId: string): string | null {
  const prefix = `${oldAttendanceId}-`;
  return formDisplayId.startsWith(prefix) ? `${newAttendanceId}-${formDisplayId.slice(prefix.length)}` : null;
}

export interface RegeneratedCounts {
  attendances: number;
  forms: number;
}

const keyOf = (registryId: string, dayKey: string): string => `${registryId}|${dayKey}`;

/** The lifecycle table is the authority on which operation a state admits; it allows system_update everywhere today. */
function assertSystemUpdateAllowed(state: FormState): void {
  const plan = planTransition({ state, approvals: [] }, { operation: 'system_update' }, { requiredLevels: 1, can: () => false });
  if (!plan.ok) throw new Error(`system_update refused in state ${state}`);
}

/**
 * Rewrites the display ids of every attendance of the institute (and of their forms) for its
 * current short name and time zone, in the caller's transaction. Each form whose id changes gets a
 * `system_update` history entry; form values, states and versions stay as they are.
 */
export async function regenerateDisplayIds(
  trx: Kysely<Database>,
  writer: RecordWriter,
  institute: { id: string; shortName: string; timeZone: string },
  at: string,
): Promise<RegeneratedCounts> {
  const rows = await attendanceKeysOfInstitute(trx, institute.id);
  if (rows.length === 0) return { attendances: 0, forms: 0 };
  const registries = await registryShortNames(trx, [...new Set(rows.map((row) => row.registryId))]);

  // The highest number each (registry, day) ever handed out: the counter, or a stored sequence above it.
  const highest = new Map<string, number>();
  const raise = (key: string, value: number): void => void highest.set(key, Math.max(highest.get(key) ?? 0, value));
  for (const counter of await sequenceCounters(trx, institute.id)) raise(keyOf(counter.registryId, counter.dayKey), counter.last);
  for (const row of rows) raise(keyOf(row.registryId, row.dayKey), row.sequence);

  // An attendance that keeps its day keeps its number. One that lands on another day takes that
  // day's next numbers after every one it ever handed out, in start order: no identifier is reused,
  // and (institute, registry, day, sequence) stays unique after every single update.
  const planned = rows.map((row) => ({ row, dayKey: localParts(new Date(row.startDateTime), institute.timeZone).dayKey, sequence: row.sequence }));
  const moved = planned.filter((p) => p.dayKey !== p.row.dayKey).sort((a, b) => a.row.startDateTime.localeCompare(b.row.startDateTime) || a.row.createdAt.localeCompare(b.row.createdAt) || a.row.id.localeCompare(b.row.id));
  const counters = new Map<string, { registryId: string; dayKey: string }>();
  for (const p of moved) {
    const key = keyOf(p.row.registryId, p.dayKey);
    p.sequence = (highest.get(key) ?? 0) + 1;
    highest.set(key, p.sequence);
    counters.set(key, { registryId: p.row.registryId, dayKey: p.dayKey });
  }
  for (const [key, counter] of counters) await storeSequenceCounter(trx, institute.id, counter.registryId, counter.dayKey, highest.get(key) ?? 0);

  const renamed = new Map<string, { old: string; new: string }>();
  for (const p of planned) {
    const displayId = attendanceDisplayId({ instituteShortName: institute.shortName, registryShortName: registries.get(p.row.registryId) ?? '', dayKey: p.dayKey, sequence: p.sequence });
    if (displayId === p.row.displayId && p.dayKey === p.row.dayKey) continue;
    await setAttendanceDisplayId(trx, p.row.id, { displayId, dayKey: p.dayKey, sequence: p.sequence });
    if (displayId !== p.row.displayId) renamed.set(p.row.id, { old: p.row.displayId, new: displayId });
  }

  let forms = 0;
  // Deleted forms too: their rows stay for their record, which should name them as the others do.
  for (const form of await formDisplayIdsOfAttendances(trx, [...renamed.keys()])) {
    const ids = renamed.get(form.attendanceId);
    const displayId = ids ? renamedFormDisplayId(form.displayId, ids.old, ids.new) : null;
    if (!displayId || displayId === form.displayId) continue;
    assertSystemUpdateAllowed(form.state);
    // The row is written before the entry is appended: its lock makes a concurrent operation on the
    // form wait, so both entries cannot claim the same position in the chain.
    await setFormDisplayId(trx, form.id, displayId);
    await appendHistory(trx, writer, form.id, { operation: 'system_update', changes: [{ path: DISPLAY_ID_PATH, old: form.displayId, new: displayId }] }, at);
    forms += 1;
  }
  return { attendances: renamed.size, forms };
}
