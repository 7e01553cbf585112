// Integrity of form writes: the header's patient and physician follow the attendance in every
// state, draft writes take only fields of the descriptor and no hand-made calculated values, and a
// rejection names a path the descriptor has. Every refusal is a 400 naming the path and stores nothing.
import type { FormState, FormValues } from '../../../src/domain/forms';
import { createClinicalTestServer, INVESTIGATOR, MONITOR, rheumaBaselineValues, type Answer, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
let otherPatientId = '';
beforeAll(async () => {
  server = await createClinicalTestServer();
  // A patient of the same institute and registry, visible to the investigator: the most tempting swap.
  const row = await server.db.selectFrom('patients').select('id').where('name', '=', 'Minta Márton').executeTakeFirstOrThrow();
  otherPatientId = row.id;
});
afterAll(async () => {
  await server.close();
});

interface Form {
  id: string;
  version: number;
  values: FormValues;
  state: string;
}

async function read(id: string, as = INVESTIGATOR): Promise<Form> {
  const answer = await server.call('GET', `/forms/${id}`, as);
  expect(answer.status).toBe(200);
  const form = answer.body.results[0];
  return { id, version: Number(answer.headers['x-form-version']), values: form.values, state: form.state };
}

/** A seeded baseline of the investigator in this state (the seed's plans: draft, rejected, await_inspect...). */
async function seededForm(state: FormState, patientName: string): Promise<Form> {
  const row = await server.db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .innerJoin('patients', 'patients.id', 'attendances.patient_id')
    .select('forms.id')
    .where('forms.state', '=', state)
    .where('patients.name', '=', patientName)
    // The baseline (the seed also holds follow-ups and adverse events of these patients).
    .where('forms.form_type_id', '=', 101)
    .executeTakeFirstOrThrow();
  return read(row.id);
}

const put = (url: string, form: Form, body: unknown, as = INVESTIGATOR): Promise<Answer> => server.call('PUT', url, as, body, { 'x-form-version': String(form.version) });

async function expectRefusedUnchanged(answer: Answer, form: Form, errors: { path: string; key: string }[]): Promise<void> {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ code: 'validation_failed', statusCode: 400 });
  expect(answer.body.errors.map((e: { path: string; key: string }) => ({ path: e.path, key: e.key }))).toEqual(errors);
  const after = await read(form.id);
  expect(after.version).toBe(form.version);
  expect(after.values).toEqual(form.values);
}

describe('the header follows the attendance', () => {
  it('a draft save with another patient or physician is refused and stores nothing', async () => {
    const draft = await seededForm('draft', 'Példa Piroska');
    for (const change of [{ patient: otherPatientId }, { physician: server.userId(MONITOR) }]) {
      const answer = await put(`/forms/${draft.id}`, draft, { values: { ...draft.values, ...change }, submit: false });
      await expectRefusedUnchanged(answer, draft, [{ path: Object.keys(change)[0], key: 'api.headerFromAttendance' }]);
    }
  });

  it('finalizing with another patient is refused; without header values the attendance fills them', async () => {
    const baseline = await seededForm('draft', 'Példa Piroska');
    const submit = await put(`/forms/${baseline.id}`, baseline, { values: rheumaBaselineValues(baseline.values, { patient: otherPatientId }), submit: true });
    await expectRefusedUnchanged(submit, baseline, [{ path: 'patient', key: 'api.headerFromAttendance' }]);
    const { patient, physician } = baseline.values;
    const withoutHeader = rheumaBaselineValues({ visitStart: baseline.values.visitStart }, { patient: null });
    const saved = await put(`/forms/${baseline.id}`, baseline, { values: withoutHeader, submit: false });
    expect(saved.status).toBe(200);
    expect(saved.body.results[0].values).toMatchObject({ patient, physician });
  });

  it('a correction, in progress or handed in, cannot move the form to another patient', async () => {
    const rejected = await seededForm('rejected', 'Minta Márton');
    const ownPatient = rejected.values.patient;
    const other = (await server.db.selectFrom('patients').select('id').where('name', '=', 'Példa Piroska').executeTakeFirstOrThrow()).id;
    for (const url of [`/forms/${rejected.id}/correct-draft`, `/forms/${rejected.id}/correct-finalized`]) {
      const answer = await put(url, rejected, { values: { ...rejected.values, patient: other }, notes: {} });
      await expectRefusedUnchanged(answer, rejected, [{ path: 'patient', key: 'api.headerFromAttendance' }]);
    }
    expect((await read(rejected.id)).values.patient).toBe(ownPatient);
  });
});

describe('draft writes take only the form\'s own, entered fields', () => {
  it('refuses an unknown field id', async () => {
    const draft = await seededForm('draft', 'Példa Piroska');
    const answer = await put(`/forms/${draft.id}`, draft, { values: { ...draft.values, notAField: 1, visitDate: '2026-01-10' }, submit: false });
    await expectRefusedUnchanged(answer, draft, [{ path: 'notAField', key: 'api.unknownField' }]);
  });

  it('creating a form refuses an unknown id inside a multi-field entry and a forged calculated value in it', async () => {
    const draft = await seededForm('draft', 'Példa Piroska');
    const period = await server.db.selectFrom('forms').select('attendance_period_id').where('id', '=', draft.id).executeTakeFirstOrThrow();
    const aeType = await server.db.selectFrom('form_types').select('id').where('display_id', '=', 'RA-AE').executeTakeFirstOrThrow();
    const before = await server.db.selectFrom('forms').select('id').execute();
    const answer = await server.call('POST', `/attendance-periods/${period.attendance_period_id}/forms`, INVESTIGATOR, {
      formTypeId: Number(aeType.id),
      values: { concomitantMeds: [{ medName: 'Metotrexát', dosage: 1 }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'concomitantMeds[0].dosage', key: 'api.unknownField' })]);
    const forged = await server.call('POST', `/attendance-periods/${period.attendance_period_id}/forms`, INVESTIGATOR, {
      formTypeId: Number(aeType.id),
      values: { aeOnsetDate: '2026-01-01', aeEndDate: '2026-01-02', aeDurationDays: 30 },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toEqual([expect.objectContaining({ path: 'aeDurationDays', key: 'api.calculatedField' })]);
    expect(await server.db.selectFrom('forms').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a calculated value the form does not compute, and takes the computed one', async () => {
    const draft = await seededForm('draft', 'Példa Piroska');
    const values = rheumaBaselineValues(draft.values);
    const forged = await put(`/forms/${draft.id}`, draft, { values: { ...values, das28esr: 1.1 }, submit: false });
    await expectRefusedUnchanged(forged, draft, [{ path: 'das28esr', key: 'api.calculatedField' }]);
    const computed = await put(`/forms/${draft.id}`, draft, { values: { ...values, das28esr: 4.6 }, submit: false });
    expect(computed.status).toBe(200);
    expect(computed.body.results[0].values.das28esr).toBe(4.6);
  });

  it('a save without values is refused and the draft keeps what it holds', async () => {
    const draft = await seededForm('draft', 'Példa Piroska');
    expect(Object.keys(draft.values).length).toBeGreaterThan(0);
    await expectRefusedUnchanged(await put(`/forms/${draft.id}`, draft, { submit: false }), draft, [{ path: 'values', key: 'any.required' }]);
  });

  it('names the path in the answer, in the caller\'s language', async () => {
    const draft = await seededForm('draft', 'Példa Piroska');
    const answer = await server.call('PUT', `/forms/${draft.id}`, INVESTIGATOR, { values: { ...draft.values, bogus: 'x' }, submit: false }, { 'x-form-version': String(draft.version), 'accept-language': 'hu' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'bogus', key: 'api.unknownField' })]);
  });
});

describe('a rejection names a path of the descriptor', () => {
  it('refuses paths below a plain field, indexes into a plain field and unknown ids', async () => {
    const waiting = await read((await seededForm('await_inspect', 'Kitalált Kálmán')).id, MONITOR);
    for (const path of ['esr.extra', 'tjc28[0]', 'nope']) {
      const answer = await put(`/forms/${waiting.id}/reject`, waiting, { level: 1, rejections: [{ path, reason: 'Check' }] }, MONITOR);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([{ path: 'rejections.0.path', key: 'api.notFound', context: { path } }]);
    }
    expect((await read(waiting.id, MONITOR)).state).toBe('await_inspect');
  });

  it('a caller who may not reject is told 403 before anything about the paths', async () => {
    const waiting = await seededForm('await_inspect', 'Kitalált Kálmán');
    const answer = await put(`/forms/${waiting.id}/reject`, waiting, { level: 1, rejections: [{ path: 'nope', reason: 'Check' }] });
    expect(answer.status).toBe(403);
  });
});
