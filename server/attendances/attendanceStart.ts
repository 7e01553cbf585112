// Starting an attendance in two steps, as a new form is (forms.lifecycle prepareNewForm): inside
// the transaction `prepareStart` takes the institute's lock, the day's sequence number and the
// random group, and builds the attendance, its periods and its start form; `writeStarts` inserts
// them. A user's start writes its one at once; the data import's commit queues them and writes
// many per statement (importFormBatch), since nothing else in a prepared start depends on rows
// still pending (a new attendance's periods and start form are its own).
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { drawBasic, drawPermutedBlock } from '../../src/domain/randomization';
import type { AttendanceRow, Database } from '../db/database';
import { ApiError, validationError } from '../errors/apiError';
import { descriptorOf, RANDOM_GROUP_PATH } from '../forms/forms.access';
import { databaseReads, prepareNewForm, type NewFormReads, type PreparedForm, type WriteDeps } from '../forms/forms.lifecycle';
import { insertForms } from '../forms/forms.repository';
import { insertHistoryEntries } from '../forms/history.repository';
import { lockInstituteRow } from '../institutes/institutes.repository';
import type { PatientRecord } from '../patients/patients.repository';
import type { Registry } from '../registries/registries.repository';
import { nowIso } from '../util/time';
import { hasAttendanceOnDay, insertAttendances, insertPeriodRows, lockBlock, nextSequence, registryPeriodIndexes, storeBlock, type NewPeriod } from './attendances.repository';
import { attendanceDisplayId, localParts } from './displayIds';

/**
 * For a bulk writer that starts many attendances in one transaction (the data import's commit):
 * answers that stay the same for the whole transaction, by key (the registry, institute and
 * physician checks, a patient's visibility, the institute's locked row, the registry's periods),
 * and the reads of the start form. `answers` may forget entries (a RecentMap): each is read again.
 */
export interface StartMemo {
  answers: { get(key: string): Promise<unknown> | undefined; set(key: string, value: Promise<unknown>): void };
  formReads: NewFormReads;
  /** A patient's record as the bulk writer has read it already (undefined: read it). */
  knownPatient?: (patientId: string) => PatientRecord | undefined;
  /** The day's next sequence number, when the bulk writer keeps the counters (else one upsert each). */
  nextSequence?: (instituteId: string, registryId: string, dayKey: string) => Promise<number>;
  /** A trial's permuted blocks, when the bulk writer keeps them (else each start locks, reads and writes its block). */
  blocks?: BlockKeeper;
}

/** The remaining permuted block of an institute in a trial, for a writer that starts many visits. */
export interface BlockKeeper {
  /** The block as it stands (locked for the transaction the first time). */
  remaining(registryId: string, instituteId: string, at: string): Promise<string[]>;
  /** The block after a draw; written by the keeper before its transaction ends. */
  store(registryId: string, instituteId: string, remaining: readonly string[], at: string): void;
}

export function remembered<T>(memo: StartMemo | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!memo) return read();
  let answer = memo.answers.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    memo.answers.set(key, answer);
  }
  return answer;
}

/** What the checks before the transaction found (attendances.service `checkStart`). */
export interface CheckedStart {
  patient: PatientRecord;
  registry: Registry;
  instituteId: string;
  physicianId: string;
  formType: { id: number; displayId: string; lastVersion: number };
  start: Date;
  confirmSameDay: boolean;
}

export interface PreparedStart {
  row: AttendanceRow;
  /** By period index; the start form is in the first. */
  periods: NewPeriod[];
  startForm: PreparedForm;
  /** The institute's time zone, read under its lock (a form's visit start is local time). */
  timeZone: string;
}

async function drawGroup(trx: Kysely<Database>, deps: WriteDeps, registry: Registry, instituteId: string, at: string, blocks?: BlockKeeper): Promise<string | null> {
  if (registry.registryType !== 'trial') return null;
  if (registry.randomGroups.length < 2) throw new ApiError({ statusCode: 409, code: 'randomization_incomplete', messageId: 'server.attendances.randomizationFailed' });
  if (registry.randomizationStrategy !== 'permuted_block') return drawBasic(registry.randomGroups, randomInt);
  // The block is read and written under a row lock in this transaction: instances deal from one block.
  const remaining = blocks ? await blocks.remaining(registry.id, instituteId, at) : await lockBlock(trx, deps.dialect, registry.id, instituteId, at);
  const drawn = drawPermutedBlock(registry.randomGroups, registry.randomGroupBlockMultipliers ?? 1, { remaining }, randomInt);
  if (blocks) blocks.store(registry.id, instituteId, drawn.state.remaining, at);
  else await storeBlock(trx, registry.id, instituteId, drawn.state.remaining, at);
  return drawn.group;
}

/** Everything a start writes, built inside the caller's transaction; nothing is inserted yet. */
export async function prepareStart(trx: Kysely<Database>, deps: WriteDeps, checked: CheckedStart, memo?: StartMemo): Promise<PreparedStart> {
  const { patient, registry, instituteId } = checked;
  const at = nowIso();
  // Read again under a share lock: a concurrent change of the time zone or short name (which
  // regenerates every id of the institute) waits for this start, or this start for it. The lock
  // holds until the transaction ends, so a bulk writer takes it once.
  const clock = await remembered(memo, `clock|${instituteId}`, () => lockInstituteRow(trx, deps.dialect, instituteId, 'share'));
  if (!clock) throw validationError([{ path: 'instituteId', key: 'api.notFound', context: {} }]);
  const { dayKey, local } = localParts(checked.start, clock.time_zone);
  if (!checked.confirmSameDay && (await hasAttendanceOnDay(trx, patient.id, dayKey))) {
    throw new ApiError({ statusCode: 409, code: 'attendance_same_day', messageId: 'server.attendances.sameDay' });
  }
  const sequence = memo?.nextSequence ? await memo.nextSequence(instituteId, registry.id, dayKey) : await nextSequence(trx, instituteId, registry.id, dayKey);
  const randomGroup = await drawGroup(trx, deps, registry, instituteId, at, memo?.blocks);
  const row: AttendanceRow = {
    id: randomUUID(),
    patient_id: patient.id,
    registry_id: registry.id,
    institute_id: instituteId,
    physician_id: checked.physicianId,
    owner_id: deps.subject.userId,
    state: 'open',
    start_date_time: checked.start.toISOString(),
    end_date_time: null,
    completed: false,
    inpatient_days: '[]',
    random_group: randomGroup,
    display_id: attendanceDisplayId({ instituteShortName: clock.short_name, registryShortName: registry.shortName, dayKey, sequence }),
    legacy_display_id: null,
    day_key: dayKey,
    sequence,
    created_at: at,
    updated_at: at,
    disqualified_at: null,
    disqualified_by: null,
    disqualification_reason: null,
  };
  const indexes = await remembered(memo, `periods|${registry.id}`, () => registryPeriodIndexes(trx, registry.id));
  const periods = indexes.map((index) => ({ id: randomUUID(), attendanceId: row.id, index, createdAt: at }));
  const { formType } = checked;
  const descriptor = await descriptorOf(trx, formType.id, formType.lastVersion);
  const header: Record<string, string> = {};
  for (const field of descriptor.commonDataFields) {
    if (field.role === 'patient') header[field.id] = patient.id;
    else if (field.role === 'physician') header[field.id] = checked.physicianId;
    else if (field.role === 'institute') header[field.id] = instituteId;
    else if (field.role === 'startDatetime') header[field.id] = local;
  }
  // The attendance is new: its start form is the first form of its type (display id ...-1).
  const reads: NewFormReads = { ...(memo?.formReads ?? databaseReads(trx)), nextFormNumber: () => Promise.resolve(1) };
  const startForm = await prepareNewForm(trx, deps, {
    attendance: row,
    periodId: periods[0].id,
    formTypeId: formType.id,
    formTypeDisplayId: formType.displayId,
    descriptorVersion: formType.lastVersion,
    values: header,
    submit: false,
    extraChanges: randomGroup ? [{ path: RANDOM_GROUP_PATH, old: null, new: randomGroup }] : [],
  }, reads);
  return { row, periods, startForm, timeZone: clock.time_zone };
}

/**
 * Inserts prepared starts and forms, in the order their references need: attendances, periods,
 * forms (start forms first), then the forms' first record entries. Four statements however many.
 */
export async function writeStarts(trx: Kysely<Database>, starts: readonly PreparedStart[], forms: readonly PreparedForm[] = []): Promise<void> {
  await insertAttendances(trx, starts.map((s) => s.row));
  await insertPeriodRows(trx, starts.flatMap((s) => s.periods));
  const all = [...starts.map((s) => s.startForm), ...forms];
  await insertForms(trx, all);
  await insertHistoryEntries(trx, all.map((f) => f.entry));
}
