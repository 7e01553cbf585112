// GET /statistics/follow-up?name=... and the page's GET /statistics/attendances-per-month over a
// fixture built through the API, on the demo plan of RA-BIO (baseline at the start, months 3, 6, 12):
// - Anna started 2020-01-10 with her baseline only: month 3 was due 2020-04-10, overdue;
// - Béla started 2020-01-10 and had his month-3 visit: month 6 was due 2020-07-10, overdue;
// - Csilla starts 2099-01-31: month 3 is due 2099-04-30 (the month's last day), not overdue.
import { ADMIN, createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, validTaj, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
let registryId = '';
let institute = '';
const numbers: Record<string, string> = {};
type Row = { registry: string; institute: string; patientNumber: string; lastVisit: string; nextPeriod: string | null; nextExpected: string | null; overdue: boolean };

const followUp = (as: string, query: string) => server.call('GET', `/statistics/follow-up?${query}`, as);
const fixtureRows = (rows: Row[]): Record<string, Omit<Row, 'lastVisit'>> =>
  Object.fromEntries(
    Object.entries(numbers)
      .map(([name, number]) => [name, rows.find((r) => r.patientNumber === number)] as const)
      .filter((entry): entry is readonly [string, Row] => entry[1] !== undefined)
      .map(([name, { lastVisit: _lastVisit, ...row }]) => [name, row]),
  );

async function start(name: string, startDateTime: string): Promise<{ periods: { id: string }[] }> {
  const patient = await server.call('POST', `/institutes/${institute}/patients`, INVESTIGATOR, { registryId, name, insuranceNumber: validTaj(), dob: '1970-03-02', gender: 'female' });
  expect(patient.status).toBe(201);
  numbers[name] = patient.body.results[0].internalPatientNumber;
  const started = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: patient.body.results[0].id, registryId, instituteId: institute, physicianId: server.userId(INVESTIGATOR), startDateTime,
  });
  expect(started.status).toBe(201);
  return started.body.results[0];
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  institute = server.instituteId('SZLK');
  await start('Követés Anna', '2020-01-10T08:00:00Z');
  const bela = await start('Követés Béla', '2020-01-10T09:00:00Z');
  const followUpType = await server.db.selectFrom('form_types').select('id').where('display_id', '=', 'RA-FOLLOWUP').executeTakeFirstOrThrow();
  const added = await server.call('POST', `/attendance-periods/${bela.periods[1].id}/forms`, INVESTIGATOR, { formTypeId: Number(followUpType.id), values: {}, submit: false });
  expect(added.status).toBe(201);
  await start('Követés Csilla', '2099-01-31T08:00:00Z');
});
afterAll(async () => {
  await server.close();
});

describe('GET /statistics/follow-up', () => {
  it('answers per patient the next expected follow-up of the period plan and whether it is overdue', async () => {
    const answer = await followUp(ADMIN, `name=RA-BIO&instituteId=${institute}&format=json`);
    expect(answer.status).toBe(200);
    expect(fixtureRows(answer.body.results)).toEqual({
      'Követés Anna': { registry: 'RA-BIO', institute: 'SZLK', patientNumber: numbers['Követés Anna'], attendance: expect.any(String), nextPeriod: 'Month 3', nextExpected: '2020-04-10', overdue: true },
      'Követés Béla': { registry: 'RA-BIO', institute: 'SZLK', patientNumber: numbers['Követés Béla'], attendance: expect.any(String), nextPeriod: 'Month 6', nextExpected: '2020-07-10', overdue: true },
      'Követés Csilla': { registry: 'RA-BIO', institute: 'SZLK', patientNumber: numbers['Követés Csilla'], attendance: expect.any(String), nextPeriod: 'Month 3', nextExpected: '2099-04-30', overdue: false },
    });
    const csilla = answer.body.results.find((r: Row) => r.patientNumber === numbers['Követés Csilla']);
    expect(csilla.lastVisit).toBe('2099-01-31T08:00:00.000Z');
    // Béla's last visit is his month-3 form, recorded today, after his attendance start.
    const bela = answer.body.results.find((r: Row) => r.patientNumber === numbers['Követés Béla']);
    expect(bela.lastVisit.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  });

  it('filters on the expected date: from/to select who is due in the range', async () => {
    const due = await followUp(ADMIN, 'name=RA-BIO&from=2099-04-01&to=2099-04-30&format=json');
    expect(due.status).toBe(200);
    expect(due.body.results.map((r: Row) => r.patientNumber)).toEqual([numbers['Követés Csilla']]);
  });

  it('names the next period in the caller\'s language', async () => {
    const english = await followUp(ADMIN, 'name=RA-BIO&from=2099-04-01&to=2099-04-30&format=json');
    expect(english.body.results[0].nextPeriod).toBe('Month 3');
    const magyar = await server.call('GET', '/statistics/follow-up?name=RA-BIO&from=2099-04-01&to=2099-04-30&format=json', ADMIN, undefined, { 'accept-language': 'hu' });
    expect(magyar.body.results[0].nextPeriod).toBe('3. hónap');
  });

  it('shows a user of another institute none of SZLK\'s patients', async () => {
    const other = await followUp(INVESTIGATOR2, 'name=RA-BIO&format=json');
    expect(other.status).toBe(200);
    expect(fixtureRows(other.body.results)).toEqual({});
    expect(other.body.results.some((r: Row) => r.institute === 'SZLK')).toBe(false);
  });

  it('answers only the named registries', async () => {
    const onco = await followUp(ADMIN, 'name=NSCLC-1L&format=json');
    expect(onco.status).toBe(200);
    expect(onco.body.results.every((r: Row) => r.registry === 'NSCLC-1L')).toBe(true);
    expect(fixtureRows(onco.body.results)).toEqual({});
  });

  it('answers an .xlsx named follow-up with a parameters sheet', async () => {
    const file = await server.app.inject({ method: 'GET', url: '/api/v1/statistics/follow-up?name=RA-BIO,NSCLC-1L', headers: { 'x-test-user': ADMIN } });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain('follow-up.xlsx');
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(file.rawPayload.toString('latin1')).toContain('xl/worksheets/sheet2.xml');
  });

  it('answers 400 naming an unknown registry short name and a backwards range, changing nothing', async () => {
    const unknown = await followUp(ADMIN, 'name=RA-BIO,NOPE&format=json');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('name');
    expect(unknown.body.message).toContain('NOPE');
    const backwards = await followUp(ADMIN, 'name=RA-BIO&from=2030-02-01&to=2030-01-01&format=json');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0].path).toBe('from');
  });
});

describe('GET /statistics/attendances-per-month', () => {
  it('counts the attendances started per month and the patients reached, with the registry target', async () => {
    const answer = await server.call('GET', `/statistics/attendances-per-month?registryId=${registryId}&from=2020-01-01&to=2020-01-31`, ADMIN);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ results: [{ month: '2020-01', attendances: 2, patients: 2 }], targetPatientCount: 1500 });
    const later = await server.call('GET', `/statistics/attendances-per-month?registryId=${registryId}&from=2020-01-01&to=2099-12-31`, ADMIN);
    expect(later.body.results.at(-1)).toEqual({ month: '2099-01', attendances: 1, patients: expect.any(Number) });
  });

  it('shows a user of another institute none of SZLK\'s attendances, and no target without a registry', async () => {
    const other = await server.call('GET', `/statistics/attendances-per-month?instituteId=${institute}&from=2020-01-01&to=2020-01-31`, INVESTIGATOR2);
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ results: [], targetPatientCount: null });
  });
});
