// Form fields that repeat the patient record (issue 10 item 9): the baseline's date of birth and sex
// come from the patient on every write, a contradicting value is refused, and the reads say which
// fields they are (the form page shows them read-only).
import { createClinicalTestServer, EXPORTER, INVESTIGATOR, MONITOR, rheumaBaselineValues, validTaj, type ClinicalTestServer } from './clinicalTestKit';

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

async function baselineOf(dob: string, gender: string): Promise<{ patientId: string; attendanceId: string; formId: string }> {
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name: 'Adat Aladár', dob, gender, insuranceNumber: validTaj() });
  const started = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patient.body.results[0].id, registryId: raBio, instituteId: szlk, physicianId: server.userId(INVESTIGATOR), startDateTime: '2026-03-10T08:00:00Z' });
  return { patientId: patient.body.results[0].id, attendanceId: started.body.results[0].id, formId: started.body.results[0].formId };
}

const storedValues = async (formId: string) => JSON.parse((await server.db.selectFrom('forms').select('field_values').where('id', '=', formId).executeTakeFirstOrThrow()).field_values);

describe('patient data in forms', () => {
  it('fills date of birth and sex from the patient when the form starts and on every save', async () => {
    const { formId } = await baselineOf('1959-01-21', 'male');
    expect(await storedValues(formId)).toMatchObject({ birthDate: '1959-01-21', sex: 'male' });
    const header = (await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0].values;
    // A client that clears them (or never sends them) still stores the patient's values.
    const saved = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: { ...rheumaBaselineValues(header), birthDate: null, sex: undefined }, submit: true }, { 'x-form-version': '1' });
    expect(saved.status).toBe(200);
    expect(saved.body.results[0].values).toMatchObject({ birthDate: '1959-01-21', sex: 'male' });
  });

  it('refuses a value that contradicts the patient (400 naming the field) and stores nothing', async () => {
    const { formId } = await baselineOf('1981-11-05', 'female');
    const refused = await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: { visitDate: '2026-03-10', birthDate: '1990-01-01', sex: 'male' }, submit: false }, { 'x-form-version': '1' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: 'birthDate', key: 'api.fromPatient', context: {} },
      { path: 'sex', key: 'api.fromPatient', context: {} },
    ]);
    expect(await storedValues(formId)).toMatchObject({ birthDate: '1981-11-05', sex: 'female' });
    expect((await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0].version).toBe(1);
  });

  it('tells the form page which fields repeat the patient, and the external fields answer the patient values', async () => {
    const { patientId, formId } = await baselineOf('1975-09-30', 'male');
    const start = await server.call('GET', `/forms/${formId}/form-start-data`, INVESTIGATOR);
    expect(start.body.results[0]).toMatchObject({ patientFields: ['birthDate', 'sex'], attendance: { disqualified: false, disqualificationReason: null } });
    const external = await server.call('GET', `/patient/${patientId}/form-types/101/external-fields`, INVESTIGATOR);
    const byTarget = Object.fromEntries(external.body.results.map((r: { targetField: string; value: unknown; personalDataHidden: boolean }) => [r.targetField, [r.value, r.personalDataHidden]]));
    expect(byTarget).toEqual({ birthDate: ['1975-09-30', false], sex: ['male', false] });
    // The date of birth is personal data: a reader without that access gets it masked.
    const guest = await server.call('GET', `/patient/${patientId}/form-types/101/external-fields`, EXPORTER);
    expect(guest.status).toBe(200);
    expect(guest.body.results.find((r: { targetField: string }) => r.targetField === 'birthDate')).toMatchObject({ value: null, personalDataHidden: true });
  });

  it('shows a disqualified attendance on its forms: no operations, the reason in the header data', async () => {
    const { attendanceId, formId } = await baselineOf('1968-04-12', 'female');
    await server.call('PUT', `/attendances/${attendanceId}/disqualification`, MONITOR, { reason: 'Screening failure' });
    expect((await server.call('GET', `/forms/${formId}`, INVESTIGATOR)).body.results[0].operations).toEqual([]);
    const start = await server.call('GET', `/forms/${formId}/form-start-data`, INVESTIGATOR);
    expect(start.body.results[0].attendance).toMatchObject({ disqualified: true, disqualificationReason: 'Screening failure' });
  });
});
