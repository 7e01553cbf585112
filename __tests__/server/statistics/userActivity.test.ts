// GET /statistics/user-activity over the demo seed plus our own fixture built through the API: the
// investigator starts two attendances (two created forms) and saves one of them twice.
import { ADMIN, createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, rheumaBaselineValues, validTaj, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
let registryId = '';
type Row = { userId: string; userName: string; signIns: number; created: number; saved: number; rejected: number };
const DAY = '2031-01-01';
let today = '';

const activity = (as: string, query: string) => server.call('GET', `/statistics/user-activity?${query}`, as);
const rowOf = (rows: Row[], userId: string): Row | undefined => rows.find((r) => r.userId === userId);

async function startAttendance(name: string): Promise<string> {
  const institute = server.instituteId('SZLK');
  const patient = await server.call('POST', `/institutes/${institute}/patients`, INVESTIGATOR, { registryId, name, insuranceNumber: validTaj(), dob: '1970-03-02', gender: 'male' });
  expect(patient.status).toBe(201);
  const started = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: patient.body.results[0].id, registryId, instituteId: institute, physicianId: server.userId(INVESTIGATOR), startDateTime: `${DAY}T08:30:00Z`,
  });
  expect(started.status).toBe(201);
  return started.body.results[0].formId;
}

let before: Row[] = [];

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  today = new Date().toISOString().slice(0, 10);
  before = (await activity(ADMIN, `registryId=${registryId}&from=${today}&to=${today}&format=json`)).body.results;
  const formId = await startAttendance('Aktivitás Anna');
  await startAttendance('Aktivitás Béla');
  const form = await server.call('GET', `/forms/${formId}`, INVESTIGATOR);
  const values = rheumaBaselineValues(form.body.results[0].values);
  expect((await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values, submit: false }, { 'x-form-version': '1' })).status).toBe(200);
  expect((await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values, submit: true }, { 'x-form-version': '2' })).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

describe('GET /statistics/user-activity', () => {
  it('counts each user\'s created and saved forms in the date range', async () => {
    const after = await activity(ADMIN, `registryId=${registryId}&from=${today}&to=${today}&format=json`);
    expect(after.status).toBe(200);
    const mine = rowOf(after.body.results, server.userId(INVESTIGATOR));
    const earlier = rowOf(before, server.userId(INVESTIGATOR));
    expect((mine?.created ?? 0) - (earlier?.created ?? 0)).toBe(2);
    expect((mine?.saved ?? 0) - (earlier?.saved ?? 0)).toBe(2);
    expect((mine?.rejected ?? 0) - (earlier?.rejected ?? 0)).toBe(0);
  });

  it('counts nothing outside the date range', async () => {
    const old = await activity(ADMIN, `registryId=${registryId}&from=2000-01-01&to=2000-12-31&format=json`);
    expect(old.status).toBe(200);
    expect(old.body.results).toEqual([]);
  });

  it('shows a user of another institute nothing of SZLK\'s forms', async () => {
    const other = await activity(INVESTIGATOR2, `registryId=${registryId}&instituteId=${server.instituteId('SZLK')}&format=json`);
    expect(other.status).toBe(200);
    expect(other.body.results).toEqual([]);
  });

  it('answers an .xlsx download by default and 400 for from after to', async () => {
    const file = await server.app.inject({ method: 'GET', url: `/api/v1/statistics/user-activity?registryId=${registryId}`, headers: { 'x-test-user': ADMIN } });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('user-activity.xlsx');
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    const backwards = await activity(ADMIN, 'from=2030-02-01&to=2030-01-01&format=json');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].path).toBe('from');
  });
});
