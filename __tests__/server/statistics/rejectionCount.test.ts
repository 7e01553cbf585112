// GET /statistics/rejection-count over a fixture built through the API: three baselines at SZLK, the
// monitor rejects `esr` on all three (and `ghVas` on the third) at level 1, the investigator
// corrects `esr` on the first two. The record times are then moved to a day of their own in 2031
// (2 and 6 hours to the correction), so the numbers are exact whatever the seed holds.
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, ADMIN, rheumaBaselineValues, validTaj, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
let registryId = '';
const DAY = '2031-05-01';
const RANGE = `from=${DAY}&to=${DAY}`;
type Row = { institute: string; formType: string; field: string; level: number; rejections: number; corrected: number; medianHoursToCorrection: number | null };

const counts = (as: string, query: string) => server.call('GET', `/statistics/rejection-count?${query}`, as);

async function submittedBaseline(name: string): Promise<{ id: string; version: number; values: Record<string, unknown> }> {
  const institute = server.instituteId('SZLK');
  const patient = await server.call('POST', `/institutes/${institute}/patients`, INVESTIGATOR, { registryId, name, insuranceNumber: validTaj(), dob: '1970-03-02', gender: 'male' });
  const started = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: patient.body.results[0].id, registryId, instituteId: institute, physicianId: server.userId(INVESTIGATOR), startDateTime: '2031-04-20T08:30:00Z',
  });
  expect(started.status).toBe(201);
  const id = started.body.results[0].formId;
  const form = await server.call('GET', `/forms/${id}`, INVESTIGATOR);
  const values = rheumaBaselineValues(form.body.results[0].values);
  const saved = await server.call('PUT', `/forms/${id}`, INVESTIGATOR, { values, submit: true }, { 'x-form-version': '1' });
  expect(saved.status).toBe(200);
  return { id, version: saved.body.results[0].version, values };
}

async function reject(form: { id: string; version: number }, paths: string[]): Promise<number> {
  const rejections = paths.map((path) => ({ path, reason: 'Check the lab sheet' }));
  const answer = await server.call('PUT', `/forms/${form.id}/reject`, MONITOR, { level: 1, rejections }, { 'x-form-version': String(form.version) });
  expect(answer.status).toBe(200);
  return answer.body.results[0].version;
}

async function moveEntry(formId: string, operation: string, at: string): Promise<void> {
  await server.db.updateTable('form_history').set({ at }).where('form_id', '=', formId).where('operation', '=', operation).execute();
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  const forms = [await submittedBaseline('Elutasítás Anna'), await submittedBaseline('Elutasítás Béla'), await submittedBaseline('Elutasítás Csaba')];
  const versions = [await reject(forms[0], ['esr']), await reject(forms[1], ['esr']), await reject(forms[2], ['esr', 'ghVas'])];
  for (const [i, form] of forms.slice(0, 2).entries()) {
    const corrected = await server.call('PUT', `/forms/${form.id}/correct-draft`, INVESTIGATOR, { values: { ...form.values, esr: 33 }, notes: {} }, { 'x-form-version': String(versions[i]) });
    expect(corrected.status).toBe(200);
  }
  for (const form of forms) await moveEntry(form.id, 'reject', `${DAY}T08:00:00.000Z`);
  await moveEntry(forms[0].id, 'correct_draft', `${DAY}T10:00:00.000Z`);
  await moveEntry(forms[1].id, 'correct_draft', `${DAY}T14:00:00.000Z`);
});
afterAll(async () => {
  await server.close();
});

describe('GET /statistics/rejection-count', () => {
  it('counts rejections per institute, form type, field and level with the median hours to correction', async () => {
    const answer = await counts(ADMIN, `registryId=${registryId}&${RANGE}&format=json`);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { institute: 'SZLK', formType: 'RA-BASELINE', field: 'esr', level: 1, rejections: 3, corrected: 2, medianHoursToCorrection: 4 },
      { institute: 'SZLK', formType: 'RA-BASELINE', field: 'ghVas', level: 1, rejections: 1, corrected: 0, medianHoursToCorrection: null },
    ]);
  });

  it('counts only rejections made in the date range', async () => {
    const before = await counts(ADMIN, `registryId=${registryId}&from=2031-04-01&to=2031-04-30&format=json`);
    expect(before.status).toBe(200);
    expect(before.body.results).toEqual([]);
  });

  it('shows a user of another institute none of SZLK\'s rejections, and the site\'s own investigator all of them', async () => {
    const other = await counts(INVESTIGATOR2, `${RANGE}&format=json`);
    expect(other.status).toBe(200);
    expect(other.body.results).toEqual([]);
    const own = await counts(INVESTIGATOR, `${RANGE}&format=json`);
    expect(own.body.results.map((r: Row) => r.rejections)).toEqual([3, 1]);
  });

  it('answers an .xlsx with a parameters sheet by default', async () => {
    const file = await server.app.inject({ method: 'GET', url: `/api/v1/statistics/rejection-count?${RANGE}`, headers: { 'x-test-user': ADMIN } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(String(file.headers['content-disposition'])).toContain('rejection-count.xlsx');
    const zip = file.rawPayload.toString('latin1');
    expect(zip.startsWith('PK')).toBe(true);
    expect(zip).toContain('xl/worksheets/sheet2.xml');
  });

  it('answers 400 naming the field for from after to and for a malformed date, 401 without a session', async () => {
    const backwards = await counts(ADMIN, 'from=2031-06-01&to=2031-05-01&format=json');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].path).toBe('from');
    expect(backwards.body.message).toContain('2031-06-01');
    const malformed = await counts(ADMIN, 'to=tomorrow&format=json');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBeDefined();
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/statistics/rejection-count?format=json' });
    expect(anonymous.statusCode).toBe(401);
  });
});
