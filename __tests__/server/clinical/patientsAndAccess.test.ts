// Patients (TAJ, mandatory, duplicates), unknown ids, foreign-institute and no-permission callers,
// personal data, censored forms, two writers, the audit chain, trial randomization and to-do counts.
import { sql } from 'kysely';
import { formatReport, verifyAllChains } from '../../../server/audit/auditVerify';
import {
  createClinicalTestServer,
  EXPORTER,
  INVESTIGATOR,
  INVESTIGATOR2,
  invalidTaj,
  MONITOR,
  rheumaBaselineValues,
  validTaj,
  type ClinicalTestServer,
} from './clinicalTestKit';

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

const newPatient = (body: Record<string, unknown> = {}) =>
  server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name: 'Új Beteg', dob: '1980-01-01', gender: 'female', insuranceNumber: validTaj(), ...body });

async function startForm(): Promise<{ attendanceId: string; formId: string; patientId: string }> {
  const patient = await newPatient();
  const attendance = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: patient.body.results[0].id,
    registryId: raBio,
    instituteId: szlk,
    physicianId: server.userId(INVESTIGATOR),
    startDateTime: '2026-02-01T10:00:00Z',
  });
  return { attendanceId: attendance.body.results[0].id, formId: attendance.body.results[0].formId, patientId: patient.body.results[0].id };
}

describe('patients', () => {
  it('checks TAJ numbers and the mandatory rule', async () => {
    const invalid = await newPatient({ insuranceNumber: invalidTaj() });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([{ path: 'insuranceNumber', key: 'api.invalidInsuranceNumber', context: {} }]);
    expect(invalid.body.message).toContain('Invalid insurance number');
    const missing = await newPatient({ insuranceNumber: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ path: 'insuranceNumber', key: 'any.required' });
  });

  it('answers the existing patient for the same data and 409 for different data', async () => {
    const taj = validTaj();
    const first = await newPatient({ insuranceNumber: taj, name: 'Dupla Dóra' });
    expect(first.status).toBe(201);
    const same = await newPatient({ insuranceNumber: taj, name: 'dupla dóra' });
    expect(same.status).toBe(200);
    expect(same.body.results[0].id).toBe(first.body.results[0].id);
    const different = await newPatient({ insuranceNumber: taj, name: 'Dupla Dóra', dob: '1981-01-01' });
    expect(different.status).toBe(409);
    expect(different.body).toMatchObject({ code: 'patient_exists_different', existingPatientId: first.body.results[0].id, message: 'Patient already exists with different data' });
  });

  it('registers one patient when the same one is sent twice at the same moment', async () => {
    const taj = validTaj();
    const answers = await Promise.all([newPatient({ insuranceNumber: taj, name: 'Egyidejű Ede' }), newPatient({ insuranceNumber: taj, name: 'Egyidejű Ede' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0].body.results[0].id).toBe(answers[1].body.results[0].id);
  });

  it('hides unknown and foreign patients and personal data', async () => {
    const { body } = await newPatient({ name: 'Rejtett Rita' });
    const id = body.results[0].id;
    expect((await server.call('GET', '/patients/nope', INVESTIGATOR)).body).toMatchObject({ statusCode: 404, message: 'Error loading patient' });
    expect((await server.call('GET', `/patients/${id}`, INVESTIGATOR2)).status).toBe(404);
    const list2 = await server.call('GET', '/patients?limit=1000', INVESTIGATOR2);
    expect(list2.body.results.map((p: { id: string }) => p.id)).not.toContain(id);
    const asGuest = await server.call('GET', `/patients/${id}`, EXPORTER);
    expect(asGuest.body.results[0]).toMatchObject({ name: null, insuranceNumber: null, dob: null, personalDataHidden: true });
    const guestFilter = await server.call('GET', '/patients?filter=name=@Rejtett', EXPORTER);
    expect(guestFilter.body.results).toEqual([]);
    // Values the caller may not see match no exact filter, and every "not equal".
    const { insuranceNumber, dob } = (await server.call('GET', `/patients/${id}`, INVESTIGATOR)).body.results[0];
    const guestTotal = async (filter: string): Promise<number> => {
      const answer = await server.call('GET', `/patients?statistics=true&filter=${encodeURIComponent(filter)}`, EXPORTER);
      expect(answer.status).toBe(200);
      return answer.body.statistics.total;
    };
    const everyone = await guestTotal(`gender!=nobody`);
    expect(everyone).toBeGreaterThan(0);
    expect(await guestTotal(`insuranceNumber==${insuranceNumber}`)).toBe(0);
    expect(await guestTotal(`dob==${dob}`)).toBe(0);
    expect(await guestTotal(`dob!=${dob}`)).toBe(everyone);
    expect((await server.call('GET', `/patients/${id}`, INVESTIGATOR)).body.results[0]).toMatchObject({ name: 'Rejtett Rita', personalDataHidden: false });
    const foreignCreate = await server.call('POST', `/institutes/${server.instituteId('DEK')}/patients`, INVESTIGATOR, { registryId: raBio, name: 'X', dob: '1980-01-01', gender: 'male', insuranceNumber: validTaj() });
    expect(foreignCreate.status).toBe(403);
    expect((await server.call('DELETE', `/patient/${id}`, INVESTIGATOR2)).status).toBe(404);
  });

  it('refuses to delete a patient with attendances unless merged', async () => {
    const { patientId } = await startForm();
    const other = await newPatient();
    expect((await server.call('DELETE', `/patient/${patientId}`, INVESTIGATOR)).body.code).toBe('patient_has_data');
    expect((await server.call('DELETE', `/patient/${patientId}?mergeInto=${other.body.results[0].id}`, INVESTIGATOR)).status).toBe(204);
    expect((await server.call('GET', `/patients/${other.body.results[0].id}`, INVESTIGATOR)).body.results[0].attendanceCount).toBe(1);
  });
});

describe('attendances and forms', () => {
  it('answers 404 for unknown and foreign ids', async () => {
    const { attendanceId, formId } = await startForm();
    expect((await server.call('GET', '/attendances/nope', INVESTIGATOR)).body).toMatchObject({ statusCode: 404, message: 'Attendance not found' });
    expect((await server.call('GET', `/attendances/${attendanceId}`, INVESTIGATOR2)).status).toBe(404);
    expect((await server.call('GET', '/forms/nope', INVESTIGATOR)).body).toMatchObject({ statusCode: 404, message: 'Error loading form' });
    expect((await server.call('GET', `/forms/${formId}`, INVESTIGATOR2)).status).toBe(404);
    expect((await server.call('PUT', `/forms/${formId}`, INVESTIGATOR2, { values: {}, submit: false }, { 'x-form-version': '1' })).status).toBe(404);
    expect((await server.call('PUT', `/forms/${formId}`, EXPORTER, { values: {}, submit: false }, { 'x-form-version': '1' })).status).toBe(403);
    expect((await server.call('PATCH', `/attendances/${attendanceId}`, INVESTIGATOR, { inpatientDays: [{ from: '2026-02-01', to: '2026-02-03' }] })).body.results[0].inpatientDays).toHaveLength(1);
  });

  it('lets one of two writers win; the other gets 409 and nothing is written', async () => {
    const { formId } = await startForm();
    const header = (await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0].values;
    const first = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: { ...header, esr: 10 }, submit: false }, { 'x-form-version': '1' });
    const second = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: { ...header, esr: 99 }, submit: false }, { 'x-form-version': '1' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'stale_version', currentVersion: 2, message: 'The form was changed by someone else' });
    const now = await server.call('GET', `/forms/${formId}`, INVESTIGATOR);
    expect(now.body.results[0]).toMatchObject({ version: 2, values: { esr: 10 } });
    expect((await server.call('GET', `/forms/${formId}/history`, INVESTIGATOR)).body.results).toHaveLength(2);
  });

  it('masks personal fields and censors forms without frm_read', async () => {
    const { formId } = await startForm();
    const header = (await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0].values;
    await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: rheumaBaselineValues(header), submit: true }, { 'x-form-version': '1' });
    expect((await server.call('GET', `/forms/${formId}`, MONITOR)).body.results[0].values).toMatchObject({ birthDate: null, esr: 30 });
    // A user whose only entry is limited to the follow-up form type sees the attendance, not the baseline.
    const followUp = await server.db.selectFrom('form_types').select('id').where('display_id', '=', 'RA-FOLLOWUP').executeTakeFirstOrThrow();
    await server.db.deleteFrom('access_entries').where('trustee_user_id', '=', server.userId(INVESTIGATOR2)).execute();
    await server.db
      .insertInto('access_entries')
      .values({ id: 'limited', kind: 'registry', trustee_user_id: server.userId(INVESTIGATOR2), trustee_group_id: null, scheme: 'physician', registry_id: raBio, form_type_id: followUp.id, institute_id: szlk, physician_id: null, attach_permission: false, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    const censored = await server.call('GET', `/forms/${formId}`, INVESTIGATOR2);
    expect(censored.body.results[0]).toMatchObject({ censored: true, values: null });
    expect((await server.call('GET', `/forms/${formId}/history`, INVESTIGATOR2)).status).toBe(403);
  });

  it('keeps approvable and correctable lists and counts in agreement', async () => {
    for (const [as, kind] of [[MONITOR, 'approvable'], [INVESTIGATOR, 'correctable'], [INVESTIGATOR2, 'approvable']] as const) {
      const list = await server.call('GET', `/forms/${kind}?limit=1000&statistics=true`, as);
      const count = await server.call('GET', `/forms/${kind}-count`, as);
      expect(count.body.results[0].count).toBe(list.body.statistics.total);
      expect(list.body.results).toHaveLength(list.body.statistics.total);
    }
    expect((await server.call('GET', '/forms/approvable-count', MONITOR)).body.results[0].count).toBeGreaterThan(0);
    expect((await server.call('GET', '/forms/correctable-count', INVESTIGATOR)).body.results[0].count).toBeGreaterThan(0);
  });
});

describe('trial randomization', () => {
  it('balances the groups after every complete block of one institute', async () => {
    const trial = server.registryId('NSCLC-1L');
    const groups: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: trial, name: `Trial ${i}`, dob: '1960-01-01', gender: 'male', insuranceNumber: validTaj() });
      const attendance = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patient.body.results[0].id, registryId: trial, instituteId: szlk, physicianId: server.userId(INVESTIGATOR), startDateTime: '2026-05-01T10:00:00Z' });
      expect(attendance.status).toBe(201);
      // reportOnly: the investigator does not see the group, the monitor does.
      expect(attendance.body.results[0].randomGroup).toBeNull();
      groups.push((await server.call('GET', `/attendances/${attendance.body.results[0].id}`, MONITOR)).body.results[0].randomGroup);
    }
    // Two demo attendances at SZLK already drew from the first block: count whole blocks from there.
    const rows = await server.db.selectFrom('attendances').select(['random_group', 'created_at']).where('registry_id', '=', trial).where('institute_id', '=', szlk).orderBy('created_at').orderBy('sequence').execute();
    const all = rows.map((row) => row.random_group);
    expect(all).toHaveLength(10);
    const blockSize = 4; // two groups × multiplier 1 × block multiplier 2
    for (let end = blockSize; end <= 8; end += blockSize) {
      const block = all.slice(0, end);
      expect(block.filter((g) => g === 'A: standard')).toHaveLength(end / 2);
    }
    expect(groups.every((g) => g === 'A: standard' || g === 'B: experimental')).toBe(true);
  });
});

describe('the audit chain', () => {
  it('reports an edited history row', async () => {
    expect((await verifyAllChains(server.db)).breaks).toEqual([]);
    const entry = await server.db.selectFrom('form_history').select(['id', 'form_id']).where('operation', '=', 'reject').executeTakeFirstOrThrow();
    await sql`update form_history set reasons = ${JSON.stringify({ esr: 'tampered' })} where id = ${entry.id}`.execute(server.db);
    const report = await verifyAllChains(server.db);
    expect(report.breaks).toEqual([{ formId: entry.form_id, entryId: entry.id, kind: 'entry_changed' }]);
    expect(formatReport(report)).toContain(`form ${entry.form_id}: entry changed (entry ${entry.id})`);
    expect(formatReport(report).at(-1)).toBe('1 broken');
  });
});
