// The status matrix's "needs my action" and "has a form in state X" totals come from kept counters
// (migration 0020: each attendance's to-do signature, counted per scope; 0033: each attendance's
// form-state mask, counted per scope). They must equal what counting the attendances says (and
// "needs my action" what the to-do lists say), for every caller, after every kind of write that
// changes a to-do or a state, and after the migrations are undone and applied again over existing
// data.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/database';
import { migratorFor } from '../../../server/db/migrate';
import {
  ADMIN,
  createClinicalTestServer,
  INVESTIGATOR,
  INVESTIGATOR2,
  MONITOR,
  MONITOR2,
  rheumaBaselineValues,
  validTaj,
  type ClinicalTestServer,
} from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
let registryId = '';
const CALLERS = [INVESTIGATOR, INVESTIGATOR2, MONITOR, MONITOR2, ADMIN];
/** A filter every attendance passes, which the counters cannot answer: the rows are counted. */
const COUNTED = 'startDateTime>=1900-01-01';

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
});
afterAll(async () => {
  await server.close();
});

async function total(as: string, filter: string): Promise<number> {
  const answer = await server.call('GET', `/registries/${registryId}/status-matrix?limit=1&statistics=true&filter=${filter}`, as);
  expect(answer.status).toBe(200);
  return answer.body.statistics.total as number;
}

/** Per caller and filter: the kept total beside the counted one. */
async function keptAndCounted(): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
  const kept: Record<string, number> = {};
  const counted: Record<string, number> = {};
  const dek = `instituteId==${server.instituteId('DEK')}`;
  for (const as of CALLERS) {
    const waiting = ['needsMyAction==true', 'needsMyAction==false', 'needsMyAction!=true', `needsMyAction==true,${dek}`, `needsMyAction==false,${dek}`];
    const states = ['state==draft', 'state==await_inspect', 'state==rejected', 'state==final', `state==await_inspect,${dek}`, 'state==draft,state==final'];
    for (const filter of [...waiting, ...states]) {
      kept[`${as} ${filter}`] = await total(as, filter);
      counted[`${as} ${filter}`] = await total(as, `${filter},${COUNTED}`);
    }
  }
  return { kept, counted };
}

/**
 * The attendances waiting for the caller as the to-do lists (which read the forms, not the
 * signatures) tell them: those of its approvable and correctable forms in the registry that the
 * matrix shows the caller.
 */
async function waitingFromTodoLists(as: string): Promise<number> {
  const ids = async (url: string): Promise<string[]> => {
    const answer = await server.call('GET', url, as);
    return answer.status === 200 ? answer.body.results.map((row: { attendanceId?: string; attendance?: { id: string } }) => row.attendanceId ?? row.attendance?.id) : [];
  };
  const shown = new Set(await ids(`/registries/${registryId}/status-matrix?limit=1000`));
  const todo = [...(await ids(`/forms/approvable?limit=1000&filter=registryId==${registryId}`)), ...(await ids(`/forms/correctable?limit=1000&filter=registryId==${registryId}`))];
  return new Set(todo.filter((id) => shown.has(id))).size;
}

async function expectKeptEqualsCounted(): Promise<Record<string, number>> {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  for (const as of CALLERS) expect({ as, waiting: kept[`${as} needsMyAction==true`] }).toEqual({ as, waiting: await waitingFromTodoLists(as) });
  return kept;
}

async function submittedBaseline(): Promise<{ id: string; version: number; attendanceId: string }> {
  const patient = await server.call('POST', `/institutes/${server.instituteId('SZLK')}/patients`, INVESTIGATOR, { registryId, name: 'Számláló Szilvia', insuranceNumber: validTaj(), dob: '1971-04-03', gender: 'female' });
  const started = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: patient.body.results[0].id,
    registryId,
    instituteId: server.instituteId('SZLK'),
    physicianId: server.userId(INVESTIGATOR),
    startDateTime: '2029-05-06T08:00:00Z',
  });
  expect(started.status).toBe(201);
  const { id: attendanceId, formId } = started.body.results[0];
  const values = rheumaBaselineValues((await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0].values);
  const saved = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values, submit: true }, { 'x-form-version': '1' });
  expect(saved.body.results[0].state).toBe('await_inspect');
  return { id: formId, version: saved.body.results[0].version, attendanceId };
}

it('answers the counted total for every caller, and follows submissions, approvals, rejections and disqualification', async () => {
  const seeded = await expectKeptEqualsCounted();
  // The seed has attendances waiting for the monitor and some that do not, so the check means something.
  expect(seeded[`${MONITOR} needsMyAction==true`]).toBeGreaterThan(0);
  expect(seeded[`${MONITOR} needsMyAction==false`]).toBeGreaterThan(0);

  const form = await submittedBaseline();
  const submitted = await expectKeptEqualsCounted();
  expect(submitted[`${MONITOR} needsMyAction==true`]).toBe(seeded[`${MONITOR} needsMyAction==true`] + 1);
  expect(submitted[`${MONITOR} state==await_inspect`]).toBe(seeded[`${MONITOR} state==await_inspect`] + 1);

  const approved = await server.call('PUT', `/forms/${form.id}/approve`, MONITOR, { level: 1 }, { 'x-form-version': String(form.version) });
  expect(approved.status).toBe(200);
  await expectKeptEqualsCounted();

  const rejections = [{ path: 'esr', reason: 'Check the lab sheet' }];
  const rejected = await server.call('PUT', `/forms/${form.id}/reject`, MONITOR2, { level: 2, rejections }, { 'x-form-version': String(approved.body.results[0].version) });
  expect(rejected.status).toBe(200);
  const back = await expectKeptEqualsCounted();
  expect(back[`${INVESTIGATOR} needsMyAction==true`]).toBe(submitted[`${INVESTIGATOR} needsMyAction==true`] + 1);
  expect(back[`${INVESTIGATOR} state==rejected`]).toBe(submitted[`${INVESTIGATOR} state==rejected`] + 1);
  expect(back[`${INVESTIGATOR} state==await_inspect`]).toBe(submitted[`${INVESTIGATOR} state==await_inspect`] - 1);

  const disqualified = await server.call('PUT', `/attendances/${form.attendanceId}/disqualification`, MONITOR, { reason: 'Inclusion criteria not met' });
  expect(disqualified.status).toBe(200);
  const after = await expectKeptEqualsCounted();
  expect(after[`${INVESTIGATOR} needsMyAction==true`]).toBe(seeded[`${INVESTIGATOR} needsMyAction==true`]);
});

async function keptState(db: Kysely<Database>): Promise<unknown> {
  const rows = (query: string): Promise<unknown[]> => sql.raw<Record<string, unknown>>(query).execute(db).then((r) => r.rows.map((row) => ({ ...row, n: Number(row.n ?? 0) })));
  return {
    counts: await rows('select * from attendance_todo_counts where n > 0 order by registry_id, institute_id, physician_id, todo_signature'),
    states: await rows('select * from attendance_state_counts where n > 0 order by registry_id, institute_id, physician_id, form_states'),
    signatures: await rows('select * from todo_signatures order by signature, form_type_id, todo_level'),
    users: await rows('select id, name_folded from users order by id'),
  };
}

it('backfills what the triggers keep, and the users\' folded names', async () => {
  const before = await keptState(server.db);
  expect((before as { counts: unknown[] }).counts.length).toBeGreaterThan(0);
  expect((before as { states: unknown[] }).states.length).toBeGreaterThan(0);
  const steps = await migratorFor(server.db);
  const down = await steps.migrateTo('0019_scale_lists');
  expect(down.error).toBeUndefined();
  expect(down.results?.map((r) => r.migrationName)).toEqual(expect.arrayContaining(['0020_scale_counts', '0033_attendance_state_counts']));
  const up = await steps.migrateToLatest();
  expect(up.error).toBeUndefined();
  // Signatures of attendances that no longer wait stay spelled out only where the triggers wrote them.
  const after = (await keptState(server.db)) as { signatures: unknown[] };
  const kept = before as { signatures: unknown[] };
  expect({ ...after, signatures: [] }).toEqual({ ...kept, signatures: [] });
  expect(kept.signatures).toEqual(expect.arrayContaining(after.signatures));
  await expectKeptEqualsCounted();
});
