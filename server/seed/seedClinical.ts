// Demo patients, attendances and forms in every state, written through the services the API uses
// (with the demo users' own permissions), so the seed never holds what the API would refuse.
import type { Kysely } from 'kysely';
import type { FormValues } from '../../src/domain/forms';
import { insuranceCheckDigit } from '../../src/domain/patients';
import type { PermissionSubject } from '../../src/domain/permissions';
import { startAttendance } from '../attendances/attendances.service';
import { disqualifyAttendance } from '../attendances/disqualification';
import { createFormIn, runOperation, type OperationInput, type WriteDeps } from '../forms/forms.lifecycle';
import { createPatient } from '../patients/patients.service';
import { findEntriesOf, findGroupIds } from '../permissions/accessEntries.repository';
import type { DatabaseDialect } from '../config';
import type { Database, PatientGender } from '../db/database';
import { rheumaAdverseEventValues, rheumaBaselineValues, rheumaFollowUpValues } from './demoClinicalValues';

type FormPlan = 'draft' | 'await_inspect' | 'rejected' | 'correct_draft' | 'corrected' | 'final';

interface DemoPatient {
  institute: string;
  registry: string;
  by: string;
  name: string;
  dob: string;
  gender: PatientGender;
  tajStem: string;
  /** One attendance per entry (start day), its start form brought to that state (rheumatology). */
  visits: { day: string; plan: FormPlan; later?: LaterForm[]; disqualify?: string }[];
}

/** A follow-up or an adverse event added to a later period of the visit, brought to a state. */
interface LaterForm {
  period: number;
  type: 'RA-FOLLOWUP' | 'RA-AE';
  day: string;
  plan: FormPlan;
}

/** The living part of the registry: follow-ups and adverse events in every state. */
const FOLLOW_UPS: LaterForm[] = [
  { period: 1, type: 'RA-FOLLOWUP', day: '2026-04-10', plan: 'final' },
  { period: 1, type: 'RA-AE', day: '2026-03-20', plan: 'await_inspect' },
  { period: 2, type: 'RA-FOLLOWUP', day: '2026-07-10', plan: 'rejected' },
  { period: 3, type: 'RA-FOLLOWUP', day: '2026-10-10', plan: 'draft' },
];

const INVESTIGATOR = 'investigator@example.org';
const MONITOR = 'monitor@example.org';
/** Approves the level after MONITOR's: nobody approves two levels of one form (four eyes). */
export const SECOND_MONITOR = 'monitor2@example.org';

const PATIENTS: readonly DemoPatient[] = [
  { institute: 'SZLK', registry: 'RA-BIO', by: INVESTIGATOR, name: 'Példa Piroska', dob: '1968-04-12', gender: 'female', tajStem: '10000001', visits: [{ day: '2026-01-12', plan: 'final', later: FOLLOW_UPS }, { day: '2026-04-14', plan: 'draft' }] },
  { institute: 'SZLK', registry: 'RA-BIO', by: INVESTIGATOR, name: 'Minta Márton', dob: '1975-09-30', gender: 'male', tajStem: '10000002', visits: [{ day: '2026-02-03', plan: 'rejected', later: [{ period: 1, type: 'RA-FOLLOWUP', day: '2026-05-04', plan: 'corrected' }, { period: 1, type: 'RA-AE', day: '2026-04-20', plan: 'correct_draft' }] }] },
  { institute: 'SZLK', registry: 'RA-BIO', by: INVESTIGATOR, name: 'Teszt Terézia', dob: '1981-11-05', gender: 'female', tajStem: '10000003', visits: [{ day: '2026-02-17', plan: 'correct_draft' }, { day: '2026-03-02', plan: 'corrected' }] },
  { institute: 'SZLK', registry: 'RA-BIO', by: INVESTIGATOR, name: 'Kitalált Kálmán', dob: '1959-01-21', gender: 'male', tajStem: '10000004', visits: [{ day: '2026-03-09', plan: 'await_inspect' }] },
  { institute: 'DEK', registry: 'RA-BIO', by: 'investigator2@example.org', name: 'Próba Panna', dob: '1990-06-18', gender: 'female', tajStem: '10000005', visits: [{ day: '2026-03-11', plan: 'final', later: [{ period: 1, type: 'RA-FOLLOWUP', day: '2026-06-11', plan: 'await_inspect' }, { period: 2, type: 'RA-AE', day: '2026-07-01', plan: 'final' }] }] },
  { institute: 'DEK', registry: 'RA-BIO', by: 'investigator2@example.org', name: 'Álnév Ádám', dob: '1972-12-01', gender: 'male', tajStem: '10000006', visits: [{ day: '2026-03-16', plan: 'draft', disqualify: 'A beválasztási feltételek nem teljesültek / Inclusion criteria not met' }] },
  { institute: 'SZLK', registry: 'NSCLC-1L', by: INVESTIGATOR, name: 'Képzelt Kornélia', dob: '1961-07-07', gender: 'female', tajStem: '10000007', visits: [{ day: '2026-02-20', plan: 'draft' }] },
  { institute: 'SZLK', registry: 'NSCLC-1L', by: INVESTIGATOR, name: 'Fiktív Ferenc', dob: '1955-03-25', gender: 'male', tajStem: '10000008', visits: [{ day: '2026-02-27', plan: 'draft' }] },
];

async function depsOf(trx: Kysely<Database>, dialect: DatabaseDialect, recordKey: Buffer, userId: string, name: string, roles: string[]): Promise<WriteDeps> {
  const groupIds = await findGroupIds(trx, userId);
  const subject: PermissionSubject = { userId, roles, groupIds, entries: await findEntriesOf(trx, userId, groupIds) };
  return { db: trx, dialect, subject, actor: { userId, userName: name, onBehalfOf: null }, recordKey };
}

/** Drives one form through the API's operations to the planned state. */
async function bringTo(owner: WriteDeps, [monitor, secondMonitor]: [WriteDeps, WriteDeps], formId: string, values: FormValues, plan: FormPlan, rejectPath = 'esr'): Promise<void> {
  if (plan === 'draft') return;
  let version = 1;
  const step = async (deps: WriteDeps, input: OperationInput): Promise<void> => {
    const row = await runOperation(deps, formId, version, input);
    version = Number(row?.version ?? version + 1);
  };
  await step(owner, { operation: 'update', values, submit: true });
  if (plan === 'await_inspect') return;
  if (plan === 'final') {
    await step(monitor, { operation: 'approve', level: 1 });
    await step(secondMonitor, { operation: 'approve', level: 2 });
    return;
  }
  await step(monitor, { operation: 'reject', level: 1, rejections: [{ path: rejectPath, reason: 'Kérem, ellenőrizze a forrásdokumentum alapján' }] });
  if (plan === 'rejected') return;
  if (plan === 'correct_draft') {
    await step(owner, { operation: 'correct_draft', values, notes: { [rejectPath]: 'A forrásdokumentumot újra ellenőriztem' } });
    return;
  }
  await step(owner, { operation: 'correct_finalized', values, notes: { [rejectPath]: 'A forrásdokumentumot újra ellenőriztem: az érték helyes' } });
}

/** Adds each later form to its period through the API's create, then brings it to its state. */
async function addLaterForms(trx: Kysely<Database>, owner: WriteDeps, monitors: [WriteDeps, WriteDeps], attendanceId: string, later: readonly LaterForm[], formTypes: ReadonlyMap<string, number>): Promise<number> {
  const attendance = await trx.selectFrom('attendances').selectAll().where('id', '=', attendanceId).executeTakeFirstOrThrow();
  const periods = await trx.selectFrom('attendance_periods').select(['id', 'period_index']).where('attendance_id', '=', attendanceId).orderBy('period_index').execute();
  for (const plan of later) {
    const formTypeId = formTypes.get(plan.type) as number;
    const formId = await createFormIn(trx, owner, {
      attendance,
      periodId: periods[plan.period].id,
      formTypeId,
      formTypeDisplayId: plan.type,
      descriptorVersion: 1,
      values: {},
      submit: false,
    });
    // The visit start of a later form is its own day (the form page offers the attendance's start).
    const stored = JSON.parse((await trx.selectFrom('forms').select('field_values').where('id', '=', formId).executeTakeFirstOrThrow()).field_values) as FormValues;
    const header = { ...stored, visitStart: `${plan.day}T09:00` };
    const values = plan.type === 'RA-FOLLOWUP' ? rheumaFollowUpValues(header, plan.day) : rheumaAdverseEventValues(header, plan.day);
    await bringTo(owner, monitors, formId, values, plan.plan, plan.type === 'RA-FOLLOWUP' ? 'esr' : 'ctcaeGrade');
  }
  return later.length;
}

export async function seedDemoClinical(
  trx: Kysely<Database>,
  dialect: DatabaseDialect,
  recordKey: Buffer,
  ids: { institutes: Map<string, string>; users: Map<string, { id: string; name: string; roles: string[] }>; registries: Map<string, string>; formTypes: ReadonlyMap<string, number> },
): Promise<{ patients: number; attendances: number; forms: number }> {
  const deps = new Map<string, WriteDeps>();
  const depsFor = async (email: string): Promise<WriteDeps> => {
    const user = ids.users.get(email);
    if (!user) throw new Error(`no demo user ${email}`);
    if (!deps.has(email)) deps.set(email, await depsOf(trx, dialect, recordKey, user.id, user.name, user.roles));
    return deps.get(email) as WriteDeps;
  };
  const monitors: [WriteDeps, WriteDeps] = [await depsFor(MONITOR), await depsFor(SECOND_MONITOR)];
  let attendances = 0;
  let forms = 0;
  for (const demo of PATIENTS) {
    const owner = await depsFor(demo.by);
    const instituteId = ids.institutes.get(demo.institute) as string;
    const registryId = ids.registries.get(demo.registry) as string;
    const { patient } = await createPatient(trx, owner.subject, instituteId, {
      registryId,
      name: demo.name,
      dob: demo.dob,
      gender: demo.gender,
      insuranceNumber: `${demo.tajStem}${insuranceCheckDigit(demo.tajStem)}`,
      country: 'HU',
    });
    for (const visit of demo.visits) {
      const attendanceId = await startAttendance(owner, { patientId: patient.id, registryId, instituteId, physicianId: owner.subject.userId, startDateTime: `${visit.day}T08:00:00Z` });
      attendances += 1;
      const form = await trx.selectFrom('forms').select(['id', 'field_values']).where('attendance_id', '=', attendanceId).executeTakeFirstOrThrow();
      forms += 1;
      if (demo.registry !== 'RA-BIO') continue;
      await bringTo(owner, monitors, form.id, rheumaBaselineValues(JSON.parse(form.field_values) as FormValues), visit.plan);
      forms += await addLaterForms(trx, owner, monitors, attendanceId, visit.later ?? [], ids.formTypes);
      if (visit.disqualify) await disqualifyAttendance(monitors[0], attendanceId, visit.disqualify);
    }
  }
  return { patients: PATIENTS.length, attendances, forms };
}
