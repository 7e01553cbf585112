// Demo patients, attendances and forms in every state, written through the services the API uses
// (with the demo users' own permissions), so the seed never holds what the API would refuse.
import type { Kysely } from 'kysely';
import type { FormValues } from '../../src/domain/forms';
import { insuranceCheckDigit } from '../../src/domain/patients';
import type { PermissionSubject } from '../../src/domain/permissions';
import { startAttendance } from '../attendances/attendances.service';
import { runOperation, type OperationInput, type WriteDeps } from '../forms/forms.lifecycle';
import { createPatient } from '../patients/patients.service';
import { findEntriesOf, findGroupIds } from '../permissions/accessEntries.repository';
import type { DatabaseDialect } from '../config';
import type { Database, PatientGender } from '../db/database';
import { rheumaBaselineValues } from './demoClinicalValues';

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
  visits: { day: string; plan: FormPlan }[];
}

const INVESTIGATOR = 'investigator@example.org';
const MONITOR = 'monitor@example.org';
/** Approves the level after MONITOR's: nobody approves two levels of one form (four eyes). The
 *  demo's other monitor (monitor.investigator) reviews only his own patients in RA-BIO, so the
 *  administrator, who holds every approval level, is the second pair of eyes. */
const SECOND_MONITOR = 'admin@example.org';

const PATIENTS: readonly DemoPatient[] = [
  { institute: 'SZLK', registry: 'RA-BIO', by: INVESTIGATOR, name: 'Példa Piroska', dob: '1968-04-12', gender: 'female', tajStem: '10000001', visits: [{ day: '2026-01-12', plan: 'final' }, { day: '2026-04-14', plan: 'draft' }] },
  { institute: 'SZLK', registry: 'RA-BIO', by: INVESTIGATOR, name: 'Minta Márton', dob: '1975-09-30', gender: 'male', tajStem: '10000002', visits: [{ day: '2026-02-03', plan: 'rejected' }] },
  { institute: 'SZLK', registry: 'RA-BIO', by: INVESTIGATOR, name: 'Teszt Terézia', dob: '1981-11-05', gender: 'female', tajStem: '10000003', visits: [{ day: '2026-02-17', plan: 'correct_draft' }, { day: '2026-03-02', plan: 'corrected' }] },
  { institute: 'SZLK', registry: 'RA-BIO', by: INVESTIGATOR, name: 'Kitalált Kálmán', dob: '1959-01-21', gender: 'male', tajStem: '10000004', visits: [{ day: '2026-03-09', plan: 'await_inspect' }] },
  { institute: 'DEK', registry: 'RA-BIO', by: 'investigator2@example.org', name: 'Próba Panna', dob: '1990-06-18', gender: 'female', tajStem: '10000005', visits: [{ day: '2026-03-11', plan: 'await_inspect' }] },
  { institute: 'DEK', registry: 'RA-BIO', by: 'investigator2@example.org', name: 'Álnév Ádám', dob: '1972-12-01', gender: 'male', tajStem: '10000006', visits: [{ day: '2026-03-16', plan: 'draft' }] },
  { institute: 'SZLK', registry: 'NSCLC-1L', by: INVESTIGATOR, name: 'Képzelt Kornélia', dob: '1961-07-07', gender: 'female', tajStem: '10000007', visits: [{ day: '2026-02-20', plan: 'draft' }] },
  { institute: 'SZLK', registry: 'NSCLC-1L', by: INVESTIGATOR, name: 'Fiktív Ferenc', dob: '1955-03-25', gender: 'male', tajStem: '10000008', visits: [{ day: '2026-02-27', plan: 'draft' }] },
];

async function depsOf(trx: Kysely<Database>, dialect: DatabaseDialect, recordKey: Buffer, userId: string, name: string, roles: string[]): Promise<WriteDeps> {
  const groupIds = await findGroupIds(trx, userId);
  const subject: PermissionSubject = { userId, roles, groupIds, entries: await findEntriesOf(trx, userId, groupIds) };
  return { db: trx, dialect, subject, actor: { userId, userName: name, onBehalfOf: null }, recordKey };
}

/** Drives one form through the API's operations to the planned state. */
async function bringTo(owner: WriteDeps, [monitor, secondMonitor]: [WriteDeps, WriteDeps], formId: string, header: FormValues, plan: FormPlan): Promise<void> {
  if (plan === 'draft') return;
  let version = 1;
  const step = async (deps: WriteDeps, input: OperationInput): Promise<void> => {
    const row = await runOperation(deps, formId, version, input);
    version = Number(row?.version ?? version + 1);
  };
  const values = rheumaBaselineValues(header);
  await step(owner, { operation: 'update', values, submit: true });
  if (plan === 'await_inspect') return;
  if (plan === 'final') {
    await step(monitor, { operation: 'approve', level: 1 });
    await step(secondMonitor, { operation: 'approve', level: 2 });
    return;
  }
  await step(monitor, { operation: 'reject', level: 1, rejections: [{ path: 'esr', reason: 'Please check the ESR against the lab report' }] });
  if (plan === 'rejected') return;
  const corrected = { ...values, esr: 34 };
  if (plan === 'correct_draft') {
    await step(owner, { operation: 'correct_draft', values: corrected, notes: { esr: 'Lab report rechecked' } });
    return;
  }
  await step(owner, { operation: 'correct_finalized', values: corrected, notes: { esr: 'Lab report rechecked: 34 mm/h' } });
}

export async function seedDemoClinical(
  trx: Kysely<Database>,
  dialect: DatabaseDialect,
  recordKey: Buffer,
  ids: { institutes: Map<string, string>; users: Map<string, { id: string; name: string; roles: string[] }>; registries: Map<string, string> },
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
      if (demo.registry === 'RA-BIO') await bringTo(owner, monitors, form.id, JSON.parse(form.field_values) as FormValues, visit.plan);
    }
  }
  return { patients: PATIENTS.length, attendances, forms: attendances };
}
