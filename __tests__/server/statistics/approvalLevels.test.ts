// GET /statistics/approval-levels ("registry attendance count") over the demo seed plus a fixture
// of our own: two attendances at SZLK built through the API, one baseline submitted. Numbers are
// checked as the difference to what the seed already holds, so the seed may change freely.
import { ADMIN, createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, rheumaBaselineValues, validTaj, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
let registryId = '';
type Row = { registry: string; institute: string; formType: string; state: string; approvalLevel: number; count: number };
let before: Row[] = [];

const stats = (as: string, query: string, headers: Record<string, string> = {}) => server.call('GET', `/statistics/approval-levels?${query}`, as, undefined, headers);
const countOf = (rows: Row[], institute: string, formType: string, state: string): number =>
  rows.filter((r) => r.institute === institute && r.formType === formType && r.state === state && r.approvalLevel === 0).reduce((sum, r) => sum + r.count, 0);

async function startAttendance(name: string): Promise<string> {
  const institute = server.instituteId('SZLK');
  const patient = await server.call('POST', `/institutes/${institute}/patients`, INVESTIGATOR, { registryId, name, insuranceNumber: validTaj(), dob: '1970-03-02', gender: 'male' });
  expect(patient.status).toBe(201);
  const started = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: patient.body.results[0].id, registryId, instituteId: institute, physicianId: server.userId(INVESTIGATOR), startDateTime: '2030-01-10T08:30:00Z',
  });
  expect(started.status).toBe(201);
  return started.body.results[0].formId;
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  before = (await stats(ADMIN, `registryId=${registryId}&format=json`)).body.results;
  const submitted = await startAttendance('Statisztika Anna');
  await startAttendance('Statisztika Béla');
  const form = await server.call('GET', `/forms/${submitted}`, INVESTIGATOR);
  const saved = await server.call('PUT', `/forms/${submitted}`, INVESTIGATOR, { values: rheumaBaselineValues(form.body.results[0].values), submit: true }, { 'x-form-version': '1' });
  expect(saved.body.results[0].state).toBe('await_inspect');
});
afterAll(async () => {
  await server.close();
});

describe('GET /statistics/approval-levels', () => {
  it('counts the forms per institute, form type, state and approval level as JSON', async () => {
    const after = await stats(ADMIN, `registryId=${registryId}&format=json`);
    expect(after.status).toBe(200);
    const rows: Row[] = after.body.results;
    expect(countOf(rows, 'SZLK', 'RA-BASELINE', 'draft') - countOf(before, 'SZLK', 'RA-BASELINE', 'draft')).toBe(1);
    expect(countOf(rows, 'SZLK', 'RA-BASELINE', 'await_inspect') - countOf(before, 'SZLK', 'RA-BASELINE', 'await_inspect')).toBe(1);
    expect(rows.every((r) => r.registry === 'RA-BIO')).toBe(true);
  });

  it('answers JSON for Accept: application/json and an .xlsx with a parameters sheet otherwise', async () => {
    const json = await stats(ADMIN, `registryId=${registryId}`, { accept: 'application/json' });
    expect(Array.isArray(json.body.results)).toBe(true);
    const file = await server.app.inject({ method: 'GET', url: `/api/v1/statistics/approval-levels?registryId=${registryId}`, headers: { 'x-test-user': ADMIN } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(String(file.headers['content-disposition'])).toContain('registry-attendance-count.xlsx');
    const zip = file.rawPayload.toString('latin1');
    expect(zip.startsWith('PK')).toBe(true);
    expect(zip).toContain('xl/worksheets/sheet2.xml');
  });

  it('shows a user of another institute none of SZLK\'s forms', async () => {
    const other = await stats(INVESTIGATOR2, `registryId=${registryId}&format=json`);
    expect(other.status).toBe(200);
    expect(other.body.results.some((r: Row) => r.institute === 'SZLK')).toBe(false);
    const own = await stats(INVESTIGATOR, `registryId=${registryId}&format=json`);
    expect(own.body.results.some((r: Row) => r.institute === 'SZLK')).toBe(true);
  });

  it('filters on the date range: a range before the fixture counts none of it', async () => {
    const old = await stats(ADMIN, `registryId=${registryId}&from=2000-01-01&to=2000-12-31&format=json`);
    expect(old.status).toBe(200);
    expect(old.body.results).toEqual([]);
  });

  it('answers 400 naming the field for from after to, and for a malformed date', async () => {
    const backwards = await stats(ADMIN, 'from=2030-02-01&to=2030-01-01&format=json', { 'accept-language': 'en' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('2030-02-01');
    expect(backwards.body.errors[0].path).toBe('from');
    const malformed = await stats(ADMIN, 'from=yesterday&format=json');
    expect(malformed.status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/statistics/approval-levels?format=json' });
    expect(anonymous.statusCode).toBe(401);
  });
});
