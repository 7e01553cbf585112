// Writing one checked row inside the commit's transaction, through the same services a user's
// writes use (so history entries, counters and the hash-chained record stay right): the attendance
// found or started, then the form created in the first period that takes it, or the draft updated.
// Every entry names the import job.
import type { Kysely } from 'kysely';
import { FIELD_TYPES, compileDescriptor, type FormHistoryChange, type FormValues } from '../../src/domain/forms';
import { findAttendanceRow, periodsOf } from '../attendances/attendances.repository';
import { prepareStart, type StartMemo } from '../attendances/attendanceStart';
import { checkStart } from '../attendances/attendances.service';
import type { AttendanceRow, Database, FormRow } from '../db/database';
import { prepareNewForm, runOperation, type PreparedForm, type WriteDeps } from '../forms/forms.lifecycle';
import { withVisitStart } from '../forms/visitStart';
import type { ImportContext } from './importContext';
import { createFormBatch } from './importFormBatch';
import { createPeriodCheck } from './importPeriodCheck';
import { RecentMap } from './recentMap';
import { rememberedReads } from './importReads';
import { keptSequences } from './importSequences';
import { keptBlocks } from './importBlocks';
import type { ResolvedRow } from './importResolve';
import type { ImportPatients } from './importPatients';

/** The record key of the import that wrote a form. */
export const IMPORT_RECORD_PATH = '$import';

export interface ApplyCounts {
  newAttendances: number;
  formsCreated: number;
  formsUpdated: number;
}

export interface RowApplier {
  apply(resolved: ResolvedRow, values: FormValues): Promise<void>;
  /** Writes the created forms still pending (before anything reads forms, and at the end). */
  flush(): Promise<void>;
  /** Waits for the batch being written; throws its error if it failed. Before the transaction ends, always. */
  settle(): Promise<void>;
  counts: ApplyCounts;
}

/** Calculated fields are left to the server (it computes them from the merged values). */
function calculatedLeftOut(context: ImportContext): (values: FormValues) => FormValues {
  const calculated = new Set(compileDescriptor(context.descriptor).index.ordered.filter((i) => i.field.type === FIELD_TYPES.calculated).map((i) => i.field.id));
  // A new form's parsed row usually holds none: then it is used as it is (every caller copies it).
  const holdsCalculated = (values: FormValues): boolean => Object.keys(values).some((id) => calculated.has(id));
  return (values) => (holdsCalculated(values) ? Object.fromEntries(Object.entries(values).filter(([id]) => !calculated.has(id))) : values);
}

/** `patients`: the file's patients as the resolver read them (a chunk at a time). */
export function createRowApplier(trx: Kysely<Database>, deps: WriteDeps, context: ImportContext, patients: Pick<ImportPatients, 'known'>): RowApplier {
  // The attendances this commit started, by the key that ties a file's rows to one new visit (all
  // of them: a later row of the same visit must not start another), and the recent ones' rows, read
  // once: later rows use only their id, start and institute (the period check reads the current row).
  const started = new Map<string, string>();
  const startedRows = new RecentMap<string, AttendanceRow>();
  const counts: ApplyCounts = { newAttendances: 0, formsCreated: 0, formsUpdated: 0 };
  const mark: FormHistoryChange[] = [{ path: IMPORT_RECORD_PATH, old: null, new: `${context.job.name} (${context.job.id})` }];
  const write: WriteDeps = { ...deps, db: trx };
  const withoutCalculated = calculatedLeftOut(context);

  async function attendanceRow(id: string): Promise<AttendanceRow> {
    // A visit started by this commit may still be pending in the batch.
    await batch.flushFor(id);
    const row = await findAttendanceRow(trx, id);
    if (!row) throw new Error(`attendance ${id} vanished inside the transaction`);
    startedRows.set(id, row);
    return row;
  }

  async function attendanceOf(resolved: ResolvedRow): Promise<{ row: AttendanceRow; isNew: boolean }> {
    const target = resolved.attendance;
    if (target.kind === 'existing') return { row: target.row, isNew: false };
    const knownId = started.get(target.key);
    if (knownId !== undefined) return { row: startedRows.get(knownId) ?? (await attendanceRow(knownId)), isNew: false };
    const checked = await checkStart(write, {
      patientId: resolved.patientId,
      registryId: context.registryId,
      instituteId: resolved.instituteId,
      physicianId: target.physicianId,
      startDateTime: target.startInstant,
      // A file may hold several visits of a patient on one day; the importer meant them.
      confirmSameDay: true,
    }, startMemo);
    // Built here, written with the next batch: its row, periods and visit start are known without a read.
    const start = await prepareStart(trx, write, checked, startMemo);
    await batch.addStart(start);
    const { row } = start;
    startedRows.set(row.id, row);
    periodsByAttendance.set(row.id, start.periods);
    visitStarts.set(row.id, await withVisitStart(trx, row, context.formType.id, context.version, {}, start.timeZone));
    started.set(target.key, row.id);
    counts.newAttendances += 1;
    // Only a start form type has a form in a visit just started (its start form).
    if (context.formType.behaviorType !== 'attendance_start') {
      periodCheck.startedEmpty(row);
      reads.startedEmpty(row.id, context.formType.id);
    }
    return { row, isNew: true };
  }

  // Created forms are written in batches; the reads of a new form are remembered for the commit.
  // The day counters and a trial's blocks are kept in memory and written with each batch. A counter
  // read from the database waits for the batch in flight (it may be writing that counter).
  const sequences = keptSequences(trx, () => batch.settle());
  const blocks = keptBlocks(trx, deps.dialect);
  const batch = createFormBatch(
    trx,
    async () => {
      await sequences.write();
      await blocks.write();
    },
    { overlap: deps.dialect === 'postgres' },
  );
  const reads = rememberedReads(trx, batch.flushFor, patients.known);
  // Starting a visit checks registry, institute, physician, patient and start form type: once per key
  // (the recent patients only).
  const startMemo: StartMemo = { answers: new RecentMap(), formReads: reads, nextSequence: sequences.next, blocks, knownPatient: patients.known };

  async function update(form: Pick<FormRow, 'id' | 'field_values'>, values: FormValues): Promise<void> {
    // An update reads and writes forms through the services: everything created before it is written first.
    await batch.flush();
    const stored = JSON.parse(form.field_values) as FormValues;
    await runOperation(write, form.id, undefined, { operation: 'update', values: withoutCalculated({ ...stored, ...values }), submit: false, extraChanges: mark });
    counts.formsUpdated += 1;
  }

  // An attendance's periods and visit start do not change during the commit: read once each.
  const periodsByAttendance = new RecentMap<string, Awaited<ReturnType<typeof periodsOf>>>();
  const visitStarts = new RecentMap<string, FormValues>();

  const formType = { id: context.formType.id, behaviorType: context.formType.behaviorType, name: context.formType.name };
  const periodCheck = createPeriodCheck(trx, deps.dialect, context.registryId, formType, batch.flushFor);

  async function create(attendance: AttendanceRow, values: FormValues): Promise<void> {
    let periods = periodsByAttendance.get(attendance.id);
    if (!periods) {
      await batch.flushFor(attendance.id);
      periods = await periodsOf(trx, [attendance.id]);
      periodsByAttendance.set(attendance.id, periods);
    }
    let visitStart = visitStarts.get(attendance.id);
    if (!visitStart) {
      visitStart = await withVisitStart(trx, attendance, context.formType.id, context.version, {});
      visitStarts.set(attendance.id, visitStart);
    }
    let refusal: unknown = null;
    for (const period of periods) {
      let prepared: PreparedForm;
      try {
        const current = await periodCheck.takes(attendance.id, period);
        prepared = await prepareNewForm(trx, write, {
          attendance: current,
          periodId: period.id,
          formTypeId: context.formType.id,
          formTypeDisplayId: context.formType.displayId,
          descriptorVersion: context.version,
          // The server, not the file, gives the form the visit start (as for a form added in a period).
          values: { ...visitStart, ...withoutCalculated(values) },
          submit: false,
          extraChanges: mark,
        }, reads);
      } catch (error) {
        // Refused here (the period is full): the next period may take it.
        refusal = error;
        continue;
      }
      periodCheck.added(attendance.id, period.id);
      counts.formsCreated += 1;
      await batch.add(prepared);
      return;
    }
    throw refusal ?? new Error('the attendance has no period');
  }

  return {
    counts,
    flush: batch.flush,
    settle: batch.settle,
    async apply(resolved, values) {
      if (resolved.form) return update(resolved.form, values);
      const { row, isNew } = await attendanceOf(resolved);
      if (isNew && context.formType.behaviorType === 'attendance_start') {
        // Starting the visit created its start form: the row's values go into it.
        await batch.flushFor(row.id);
        const start = await trx.selectFrom('forms').select(['id', 'field_values']).where('attendance_id', '=', row.id).where('form_type_id', '=', context.formType.id).where('deleted_at', 'is', null).executeTakeFirst();
        if (start) return update(start, values);
      }
      return create(row, values);
    },
  };
}
