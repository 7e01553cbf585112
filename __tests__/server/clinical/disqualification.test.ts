// Disqualification (issue 10 item 6): PUT /attendances/{id}/disqualification with a reason
// (att_disqualify), DELETE with a reason to requalify (administrators only). What callers see, the
// application-log events, the forms' record, the writes refused and the to-do lists.
import { verifyAllChains } from '../../../server/audit/auditVerify';
import { ADMIN, createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, LOCAL_ADMIN, MONITOR, rheumaBaselineValues, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
let szlk = '';
let raBio = '';
beforeAll(async () => {
  server = await createClinicalTestServer();
  szlk = server.instituteId('SZLK');
  raBio = server.registryId('RA-BIO');
});
afterAll(async () => {
  await server.close();
});

/** An attendance whose baseline is handed in (awaiting the monitor), plus a draft adverse event. */
async function handedInAttendance(): Promise<{ id: string; formId: string; aeId: string; periodId: string }> {
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name: 'Kizárt Klára', dob: '1970-03-02', gender: 'female', insuranceNumber: validTaj() });
  const started = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patient.body.results[0].id, registryId: raBio, instituteId: szlk, physicianId: server.userId(INVESTIGATOR), startDateTime: '2026-03-05T08:00:00Z' });
  const a = started.body.results[0];
  const header = (await server.call('GET', `/forms/${a.formId}`, INVESTIGATOR)).body.results[0].values;
  expect((await server.call('PUT', `/forms/${a.formId}`, INVESTIGATOR, { values: rheumaBaselineValues(header), submit: true }, { 'x-form-version': '1' })).status).toBe(200);
  const ae = await server.call('POST', `/attendance-periods/${a.periods[0].id}/forms`, INVESTIGATOR, { formTypeId: 103, values: {}, submit: false });
  expect(ae.status).toBe(201);
  return { id: a.id, formId: a.formId, aeId: ae.body.results[0].id, periodId: a.periods[0].id };
}

const events = (id: string, event: string) => server.db.selectFrom('application_log').selectAll().where('event', '=', event).where('target_id', '=', id).execute();
const approvableIds = async (): Promise<string[]> => (await server.call('GET', '/forms/approvable?limit=1000', MONITOR)).body.results.map((f: { id: string }) => f.id);

describe('PUT /attendances/{id}/disqualification', () => {
  it('disqualifies with a reason: shown on the attendance, logged, recorded on every form, out of the to-do list', async () => {
    const { id, formId, aeId } = await handedInAttendance();
    expect(await approvableIds()).toContain(formId);
    const countBefore = (await server.call('GET', '/forms/approvable-count', MONITOR)).body.results[0].count;

    const done = await server.call('PUT', `/attendances/${id}/disqualification`, MONITOR, { reason: '  Inclusion criteria not met  ' });
    expect(done.status).toBe(200);
    expect(done.body.results[0]).toMatchObject({
      state: 'disqualified',
      disqualification: { by: { id: server.userId(MONITOR) }, reason: 'Inclusion criteria not met' },
    });
    expect(done.body.results[0].periods.flatMap((p: { formTypes: { addable: boolean }[] }) => p.formTypes.filter((t) => t.addable))).toEqual([]);

    const [event] = await events(id, 'attendance.disqualified');
    expect(event).toMatchObject({ user_id: server.userId(MONITOR), reason: 'Inclusion criteria not met', target_type: 'attendance' });
    for (const form of [formId, aeId]) {
      const history = (await server.call('GET', `/forms/${form}/history`, INVESTIGATOR)).body.results;
      expect(history.at(-1)).toMatchObject({ operation: 'disqualify', reasons: { attendance: 'Inclusion criteria not met' }, userId: server.userId(MONITOR) });
    }
    expect(await approvableIds()).not.toContain(formId);
    expect((await server.call('GET', '/forms/approvable-count', MONITOR)).body.results[0].count).toBe(countBefore - 1);
    expect((await verifyAllChains(server.db)).breaks).toEqual([]);
  });

  it('refuses writes to the forms of a disqualified attendance (409) and adding forms to it', async () => {
    const { id, formId, aeId, periodId } = await handedInAttendance();
    await server.call('PUT', `/attendances/${id}/disqualification`, LOCAL_ADMIN, { reason: 'Consent withdrawn' });
    // The record grew, the form did not: its version stays, so no reader's copy goes stale.
    const approve = await server.call('PUT', `/forms/${formId}/approve`, MONITOR, { level: 1 }, { 'x-form-version': '2' });
    expect(approve.body).toMatchObject({ statusCode: 409, code: 'attendance_disqualified', message: 'The attendance is disqualified: its forms cannot be changed' });
    const save = await server.call('PUT', `/forms/${aeId}`, INVESTIGATOR, { values: {}, submit: false }, { 'x-form-version': '1' });
    expect(save.body).toMatchObject({ statusCode: 409, code: 'attendance_disqualified' });
    const add = await server.call('POST', `/attendance-periods/${periodId}/forms`, INVESTIGATOR, { formTypeId: 103, values: {}, submit: false });
    expect(add.body).toMatchObject({ statusCode: 409, code: 'attendance_disqualified' });
    expect((await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0]).toMatchObject({ state: 'await_inspect', version: 2 });
    expect((await server.db.selectFrom('forms').select('id').where('attendance_id', '=', id).execute()).length).toBe(2);
  });

  it('refuses callers without att_disqualify, a missing reason and a second disqualification', async () => {
    const { id } = await handedInAttendance();
    expect((await server.call('PUT', `/attendances/${id}/disqualification`, INVESTIGATOR, { reason: 'x' })).status).toBe(403);
    expect((await server.call('PUT', `/attendances/${id}/disqualification`, INVESTIGATOR2, { reason: 'x' })).body).toMatchObject({ statusCode: 404, message: 'Attendance not found' });
    expect((await server.call('PUT', '/attendances/nope/disqualification', MONITOR, { reason: 'x' })).status).toBe(404);
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const refused = await server.call('PUT', `/attendances/${id}/disqualification`, MONITOR, body);
      expect([body, refused.status, refused.body.errors?.[0]?.path]).toEqual([body, 400, 'reason']);
    }
    expect((await server.call('GET', `/attendances/${id}`, MONITOR)).body.results[0]).toMatchObject({ state: 'open', disqualification: null });
    expect((await server.call('PUT', `/attendances/${id}/disqualification`, MONITOR, { reason: 'Duplicate visit' })).status).toBe(200);
    expect((await server.call('PUT', `/attendances/${id}/disqualification`, MONITOR, { reason: 'Again' })).body).toMatchObject({ statusCode: 409, code: 'already_disqualified' });
    expect(await events(id, 'attendance.disqualified')).toHaveLength(1);
  });
});

describe('DELETE /attendances/{id}/disqualification', () => {
  it('lets only an administrator requalify, with a reason; the forms take writes again', async () => {
    const { id, formId } = await handedInAttendance();
    expect((await server.call('DELETE', `/attendances/${id}/disqualification`, ADMIN, { reason: 'Not disqualified' })).body).toMatchObject({ statusCode: 409, code: 'not_disqualified' });
    await server.call('PUT', `/attendances/${id}/disqualification`, MONITOR, { reason: 'Wrong patient' });
    expect((await server.call('DELETE', `/attendances/${id}/disqualification`, MONITOR, { reason: 'Mistake' })).status).toBe(403);
    expect((await server.call('DELETE', `/attendances/${id}/disqualification`, ADMIN, {})).status).toBe(400);

    const back = await server.call('DELETE', `/attendances/${id}/disqualification`, ADMIN, { reason: 'Right patient after all' });
    expect(back.status).toBe(200);
    expect(back.body.results[0]).toMatchObject({ state: 'open', disqualification: null });
    const [event] = await events(id, 'attendance.requalified');
    expect(event).toMatchObject({ user_id: server.userId(ADMIN), reason: 'Right patient after all' });
    expect(JSON.parse(event.data ?? '{}')).toMatchObject({ disqualificationReason: 'Wrong patient' });
    const history = (await server.call('GET', `/forms/${formId}/history`, INVESTIGATOR)).body.results;
    expect(history.slice(-2).map((e: { operation: string }) => e.operation)).toEqual(['disqualify', 'requalify']);
    expect(await approvableIds()).toContain(formId);
    expect((await server.call('PUT', `/forms/${formId}/approve`, MONITOR, { level: 1 }, { 'x-form-version': '2' })).status).toBe(200);
  });
});
