// PATCH /attendances/{id} (end, inpatient days, completion) and DELETE /attendances/{id}/approvals
// over the real app and database: what callers get back, what is stored, and the forms' record.
import { verifyAllChains } from '../../../server/audit/auditVerify';
import { createClinicalTestServer, EXPORTER, INVESTIGATOR, INVESTIGATOR2, MONITOR, rheumaBaselineValues, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
let szlk = '';
beforeAll(async () => {
  server = await createClinicalTestServer();
  szlk = server.instituteId('SZLK');
});
afterAll(async () => {
  await server.close();
});

const START = '2026-03-01T08:00:00.000Z';

async function startAttendance(registry = 'RA-BIO'): Promise<{ id: string; formId: string }> {
  const registryId = server.registryId(registry);
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId, name: 'Vizit Vilma', dob: '1977-07-07', gender: 'female', insuranceNumber: validTaj() });
  expect(patient.status).toBe(201);
  const attendance = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patient.body.results[0].id, registryId, instituteId: szlk, physicianId: server.userId(INVESTIGATOR), startDateTime: START });
  expect(attendance.status).toBe(201);
  return { id: attendance.body.results[0].id, formId: attendance.body.results[0].formId };
}

const editEvents = (id: string) => server.db.selectFrom('application_log').selectAll().where('event', '=', 'attendance.updated').where('target_id', '=', id).execute();

describe('PATCH /attendances/{id}', () => {
  it('stores the end, the inpatient days and the completion, and answers the attendance', async () => {
    const { id } = await startAttendance();
    const patch = { endDateTime: '2026-03-03T15:30:00.000Z', inpatientDays: [{ from: '2026-03-01', to: '2026-03-03' }], completed: true };
    const saved = await server.call('PATCH', `/attendances/${id}`, INVESTIGATOR, patch);
    expect(saved.status).toBe(200);
    expect(saved.body.results[0]).toMatchObject({ ...patch, state: 'completed', registry: { shortName: 'RA-BIO', hasInpatientDay: true }, permissions: ['frm_edit'] });
    expect((await server.call('GET', `/attendances/${id}`, INVESTIGATOR)).body.results[0]).toMatchObject({ ...patch, state: 'completed' });

    const [event] = await editEvents(id);
    expect(event).toMatchObject({ user_id: server.userId(INVESTIGATOR), target_type: 'attendance' });
    expect(JSON.parse(event.data ?? '{}')).toMatchObject({ completed: { old: false, new: true }, endDateTime: { old: null, new: patch.endDateTime } });

    const reopened = await server.call('PATCH', `/attendances/${id}`, INVESTIGATOR, { completed: false });
    expect(reopened.body.results[0]).toMatchObject({ completed: false, state: 'open', endDateTime: patch.endDateTime });
    // Sending what is already stored writes nothing and records nothing.
    expect((await server.call('PATCH', `/attendances/${id}`, INVESTIGATOR, { completed: false })).status).toBe(200);
    expect(await editEvents(id)).toHaveLength(2);
  });

  it.each([
    ['an impossible date', { endDateTime: '2026-02-30T10:00:00Z' }, [{ path: 'endDateTime', key: 'date.format' }]],
    ['a time without a zone', { endDateTime: '2026-03-02T10:00' }, [{ path: 'endDateTime', key: 'date.format' }]],
    ['an end before the start', { endDateTime: '2026-02-28T10:00:00Z' }, [{ path: 'endDateTime', key: 'string.dateRange' }]],
    ['completion without an end', { completed: true }, [{ path: 'endDateTime', key: 'logic.with' }]],
    [
      'inpatient days out of order or not on the calendar',
      { inpatientDays: [{ from: '2026-03-05', to: '2026-03-01' }, { from: '2026-02-31', to: '2026-03-01' }] },
      [{ path: 'inpatientDays.0.to', key: 'string.dateRange' }, { path: 'inpatientDays.1.from', key: 'date.format' }],
    ],
    ['a day without its end', { inpatientDays: [{ from: '2026-03-01' }] }, [{ path: 'inpatientDays.0.to', key: 'any.required' }]],
    ['a text for completed', { completed: 'yes' }, [{ path: 'completed', key: 'boolean.base' }]],
    ['a word for the end', { endDateTime: 'tomorrow' }, [{ path: 'endDateTime', key: 'string.min' }]],
    // Fastify's ajv wraps a lone value in a list, so the text is reported as a day that is not an object.
    // JSON bodies are not coerced: a text is not read as a list of one text.
    ['a text for the inpatient days', { inpatientDays: 'none' }, [{ path: 'inpatientDays', key: 'array.base' }]],
  ])('answers 400 with the field keys for %s and changes nothing', async (_name, body, errors) => {
    const { id } = await startAttendance();
    const refused = await server.call('PATCH', `/attendances/${id}`, INVESTIGATOR, body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'validation_failed' });
    expect(refused.body.errors).toEqual(errors.map((error) => expect.objectContaining(error)));
    expect((await server.call('GET', `/attendances/${id}`, INVESTIGATOR)).body.results[0]).toMatchObject({ endDateTime: null, inpatientDays: [], completed: false, state: 'open' });
    expect(await editEvents(id)).toHaveLength(0);
  });

  it('refuses inpatient days where the registry has none', async () => {
    const { id } = await startAttendance('NSCLC-1L');
    const attendance = (await server.call('GET', `/attendances/${id}`, INVESTIGATOR)).body.results[0];
    expect(attendance.registry.hasInpatientDay).toBe(false);
    const refused = await server.call('PATCH', `/attendances/${id}`, INVESTIGATOR, { inpatientDays: [{ from: '2026-03-01', to: '2026-03-02' }] });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'no_inpatient_days', message: 'This registry does not record inpatient days' });
  });

  it('hides foreign attendances and refuses callers without frm_edit', async () => {
    const { id } = await startAttendance();
    const patch = { endDateTime: '2026-03-02T10:00:00Z' };
    expect((await server.call('PATCH', `/attendances/${id}`, INVESTIGATOR2, patch)).body).toMatchObject({ statusCode: 404, message: 'Attendance not found' });
    expect((await server.call('PATCH', '/attendances/nope', INVESTIGATOR, patch)).status).toBe(404);
    for (const caller of [EXPORTER, MONITOR]) {
      const refused = await server.call('PATCH', `/attendances/${id}`, caller, patch);
      expect([caller, refused.status]).toEqual([caller, 403]);
    }
    expect((await server.call('PATCH', `/attendances/${id}`, '', patch)).status).toBe(401);
    // The answer tells each caller which actions they have, for the client's buttons.
    expect((await server.call('GET', `/attendances/${id}`, EXPORTER)).body.results[0].permissions).toEqual([]);
    expect((await server.call('GET', `/attendances/${id}`, MONITOR)).body.results[0].permissions).toEqual(['frm_reset_approval', 'att_disqualify']);
    expect((await server.call('GET', `/attendances/${id}`, INVESTIGATOR)).body.results[0].endDateTime).toBeNull();
  });
});

describe('DELETE /attendances/{id}/approvals', () => {
  it('returns the forms to draft, deletes their approvals and records the reset', async () => {
    const { id, formId } = await startAttendance();
    const header = (await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0].values;
    const handedIn = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: rheumaBaselineValues(header), submit: true }, { 'x-form-version': '1' });
    const approved = await server.call('PUT', `/forms/${formId}/approve`, MONITOR, { level: 1 }, { 'x-form-version': String(handedIn.body.results[0].version) });
    expect(approved.body.results[0]).toMatchObject({ state: 'await_inspect', approvals: [{ level: 1 }] });

    const refused = await server.call('DELETE', `/attendances/${id}/approvals`, INVESTIGATOR);
    expect(refused.status).toBe(403);
    expect((await server.call('DELETE', `/attendances/${id}/approvals`, INVESTIGATOR2)).status).toBe(404);
    expect((await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0]).toMatchObject({ state: 'await_inspect', approvals: [{ level: 1 }] });

    const reset = await server.call('DELETE', `/attendances/${id}/approvals`, MONITOR);
    expect(reset.status).toBe(200);
    expect(reset.body.results[0].periods[0].forms[0]).toMatchObject({ id: formId, state: 'draft', approvals: [] });
    expect((await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0]).toMatchObject({ state: 'draft', approvals: [] });
    expect(await server.db.selectFrom('form_approvals').selectAll().where('form_id', '=', formId).execute()).toEqual([]);

    const history = (await server.call('GET', `/forms/${formId}/history`, INVESTIGATOR)).body.results;
    expect(history.map((entry: { operation: string }) => entry.operation)).toEqual(['create', 'update', 'approve', 'approval_reset']);
    expect(history[3]).toMatchObject({ userId: server.userId(MONITOR) });
    // A second reset finds nothing to do and records nothing.
    expect((await server.call('DELETE', `/attendances/${id}/approvals`, MONITOR)).status).toBe(200);
    expect((await server.call('GET', `/forms/${formId}/history`, INVESTIGATOR)).body.results).toHaveLength(4);
    expect((await verifyAllChains(server.db)).breaks).toEqual([]);
  });
});
