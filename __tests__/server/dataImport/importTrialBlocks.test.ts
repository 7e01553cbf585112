// A trial's visits started by an import are randomised from the institute's permuted block as one
// start after another would be: the commit keeps the block in memory and writes it with its
// batches, so ten visits of a two-group trial (blocks of four) come out as two whole blocks and half
// of a third, the other half stays stored, and a user's next start deals from it.
import { randomUUID } from 'node:crypto';
import { insertPatient } from '../../../server/patients/patients.repository';
import { addBenchFormType, BENCH_FORM_TYPE_ID } from '../../../bench/import/benchForm';
import { ADMIN, csv, INVESTIGATOR, useImportTestServer } from './importTestKit';

const server = useImportTestServer();

const count = (groups: readonly (string | null)[], group: string): number => groups.filter((g) => g === group).length;

test('ten imported visits of a trial deal two whole blocks and half of a third, whose rest a user start continues', async () => {
  const trial = server.registryId('NSCLC-1L');
  const szlk = server.instituteId('SZLK');
  // A form type any visit of the trial takes, so that rows only start visits and add a form each.
  await addBenchFormType(server.db, trial);
  const numbers = ['TRIAL-IMPORT-1', 'TRIAL-IMPORT-2'];
  const patientIds = numbers.map(() => randomUUID());
  for (const [i, number] of numbers.entries()) {
    await insertPatient(server.db, { id: patientIds[i], internalPatientNumber: number, registryPatientNumber: null, insuranceNumber: null, name: 'Trial Import', dob: '1960-02-03', gender: 'male', country: null, registryId: trial, instituteId: szlk, at: new Date().toISOString() });
  }
  // The import starts a fresh block (the demo's own visits may have left half of one).
  await server.db.deleteFrom('randomization_blocks').where('registry_id', '=', trial).where('institute_id', '=', szlk).execute();
  const rows = Array.from({ length: 10 }, (_, i) => [numbers[i % 2], 'SZLK', `2026-03-0${1 + Math.floor(i / 2)}T09:00`, INVESTIGATOR, String(i)]);
  const started = await server.start(csv([['patientNumber', 'institute', 'attendanceStart', 'physician', 'int1'], ...rows]), { name: 'Trial import', registryId: trial, formTypeId: String(BENCH_FORM_TYPE_ID) }, ADMIN);
  expect(started.status).toBe(202);
  const id = started.body.results[0].id as string;
  expect(await server.waitFor(id, ['validated', 'failed'], ADMIN)).toMatchObject({ state: 'validated' });
  expect((await server.call('POST', `/data-import/jobs/${id}/commit`, ADMIN)).status).toBe(200);
  expect(await server.waitFor(id, ['succeeded', 'failed'], ADMIN)).toMatchObject({ state: 'succeeded', results: { newAttendances: 10, formsCreated: 10 } });

  // In the order they were started (the file's): the visits' numbers of the day, day by day.
  const visits = await server.db.selectFrom('attendances').select(['random_group', 'day_key', 'sequence']).where('patient_id', 'in', patientIds).orderBy('day_key').orderBy('sequence').execute();
  expect(visits).toHaveLength(10);
  const groups = visits.map((v) => v.random_group);
  const [a, b] = ['A: standard', 'B: experimental'];
  for (const block of [groups.slice(0, 4), groups.slice(4, 8)]) expect([count(block, a), count(block, b)]).toEqual([2, 2]);
  const stored = await server.db.selectFrom('randomization_blocks').select('remaining').where('registry_id', '=', trial).where('institute_id', '=', szlk).executeTakeFirstOrThrow();
  const rest = JSON.parse(stored.remaining) as string[];
  const third = [...groups.slice(8), ...rest];
  expect([count(third, a), count(third, b)]).toEqual([2, 2]);

  // A user's start takes the next group of the stored block.
  const next = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patientIds[0], registryId: trial, instituteId: szlk, physicianId: server.userId(INVESTIGATOR), startDateTime: '2026-03-09T09:00:00+01:00' });
  expect(next.status).toBe(201);
  const nextRow = await server.db.selectFrom('attendances').select('random_group').where('id', '=', next.body.results[0].id).executeTakeFirstOrThrow();
  expect(nextRow.random_group).toBe(rest[0]);
});
