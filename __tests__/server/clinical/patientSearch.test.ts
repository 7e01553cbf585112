// Patient search and filters (issue 11 item 7) and the counters behind list totals (issue 17):
// names match without accents and case, insurance numbers with or without spaces, registry,
// institute and date-of-birth filters narrow the list, and totals, attendance counts and the
// dashboard follow every write.
import { formatInsuranceNumber } from '../../../src/domain/patients';
import { createClinicalTestServer, EXPORTER, INVESTIGATOR, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
let szlk = '';
let raBio = '';
/** A word no demo patient has, so each test's patients are the only matches. */
const TAG = `Zq${Date.now().toString(36)}`;

beforeAll(async () => {
  server = await createClinicalTestServer();
  szlk = server.instituteId('SZLK');
  raBio = server.registryId('RA-BIO');
});
afterAll(async () => {
  await server.close();
});

async function newPatient(name: string, extra: Record<string, unknown> = {}): Promise<{ id: string; insuranceNumber: string }> {
  const insuranceNumber = validTaj();
  const { status, body } = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name, dob: '1980-01-01', gender: 'female', insuranceNumber, ...extra });
  expect(status).toBe(201);
  return { id: body.results[0].id, insuranceNumber };
}

async function search(filter: string, as = INVESTIGATOR): Promise<{ names: string[]; total: number }> {
  const { status, body } = await server.call('GET', `/patients?limit=100&statistics=true&sort=name&filter=${encodeURIComponent(filter)}`, as);
  expect(status).toBe(200);
  return { names: body.results.map((p: { name: string | null }) => p.name), total: body.statistics.total };
}

describe('patient search', () => {
  it('ignores accents and case in names', async () => {
    await newPatient(`${TAG} Minta Márton`);
    await newPatient(`${TAG.toUpperCase()} MINTA ÉVA`);
    await newPatient(`${TAG} Teszt Elek`);
    expect(await search(`name=@${TAG},name=@Marton`)).toEqual({ names: [`${TAG} Minta Márton`], total: 1 });
    expect(await search(`name=@${TAG},name=@MÁRTON`)).toEqual({ names: [`${TAG} Minta Márton`], total: 1 });
    const both = await search(`name=@${TAG.toLowerCase()} minta`);
    expect({ names: [...both.names].sort(), total: both.total }).toEqual({ names: [`${TAG.toUpperCase()} MINTA ÉVA`, `${TAG} Minta Márton`].sort(), total: 2 });
    expect((await search(`name=@${TAG},name=@minta eva`)).names).toEqual([`${TAG.toUpperCase()} MINTA ÉVA`]);
    // "does not contain" keeps the others of the tag.
    expect((await search(`name=@${TAG},name!@minta`)).names).toEqual([`${TAG} Teszt Elek`]);
  });

  it('finds a renamed patient by the new name only', async () => {
    const { id } = await newPatient(`${TAG} Régi Név`);
    const renamed = await server.call('PUT', `/patient/${id}`, INVESTIGATOR, { name: `${TAG} Új Ödön` });
    expect(renamed.status).toBe(200);
    expect((await search(`name=@${TAG},name=@uj odon`)).names).toEqual([`${TAG} Új Ödön`]);
    expect((await search(`name=@${TAG},name=@regi`)).total).toBe(0);
  });

  it('matches insurance numbers with or without spaces and dashes', async () => {
    const { insuranceNumber } = await newPatient(`${TAG} Taj Tamás`);
    const spaced = formatInsuranceNumber(insuranceNumber);
    expect(spaced).toContain(' ');
    for (const typed of [insuranceNumber, spaced, spaced.replace(/ /g, '-')]) {
      expect(await search(`insuranceNumber==${typed}`)).toEqual({ names: [`${TAG} Taj Tamás`], total: 1 });
    }
    expect((await search(`insuranceNumber=@${spaced.slice(0, 7)}`)).names).toContain(`${TAG} Taj Tamás`);
  });

  it('sorts names without accents and case, and deep pages follow the same order', async () => {
    for (const name of ['Béla', 'ábel', 'Azúr', 'Aba']) await newPatient(`${TAG}sort ${name}`);
    expect((await search(`name=@${TAG}sort`)).names).toEqual(['Aba', 'ábel', 'Azúr', 'Béla'].map((name) => `${TAG}sort ${name}`));
    const second = await server.call('GET', `/patients?limit=2&offset=2&sort=-name&filter=${encodeURIComponent(`name=@${TAG}sort`)}`, INVESTIGATOR);
    expect(second.body.results.map((p: { name: string }) => p.name)).toEqual(['ábel', 'Aba'].map((name) => `${TAG}sort ${name}`));
  });

  it('never lets a caller without personal data search by name', async () => {
    await newPatient(`${TAG} Rejtett Róza`);
    expect(await search(`name=@${TAG} rejtett`, EXPORTER)).toEqual({ names: [], total: 0 });
    // Sorting by a hidden value reveals no order either: the caller gets the list by its tie-breaker.
    const sorted = await server.call('GET', '/patients?limit=100&sort=name', EXPORTER);
    const byId = await server.call('GET', '/patients?limit=100&sort=-name', EXPORTER);
    expect(sorted.status).toBe(200);
    expect(sorted.body.results.map((p: { id: string }) => p.id)).toEqual(byId.body.results.map((p: { id: string }) => p.id));
  });
});

describe('patient filters', () => {
  it('narrows by registry, institute and date of birth', async () => {
    await newPatient(`${TAG} Kilencven Klára`, { dob: '1990-06-15' });
    await newPatient(`${TAG} Hetven Hédi`, { dob: '1970-03-01' });
    const born1990s = await search(`name=@${TAG},dob>=1990-01-01,dob<=1999-12-31`);
    expect(born1990s).toEqual({ names: [`${TAG} Kilencven Klára`], total: 1 });
    expect((await search(`name=@${TAG},dob==1970-03-01,registryId==${raBio},instituteId==${szlk}`)).names).toEqual([`${TAG} Hetven Hédi`]);
    expect((await search(`name=@${TAG},registryId==${server.registryId('NSCLC-1L')}`)).total).toBe(0);
    expect((await search(`name=@${TAG},instituteId==${server.instituteId('DEK')}`)).total).toBe(0);
  });

  it('answers 400, not 500, for a malformed date filter', async () => {
    const { status, body } = await server.call('GET', '/patients?filter=createdAt>=not-a-date', INVESTIGATOR);
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({ path: 'filter', key: 'list.filterValue' });
  });
});

describe('kept counts', () => {
  it('keeps list totals, attendance counts and the dashboard in step with writes', async () => {
    const totalNow = async (filter = ''): Promise<number> =>
      (await server.call('GET', `/patients?limit=1&statistics=true${filter}`, INVESTIGATOR)).body.statistics.total;
    const dashboard = async (): Promise<{ patients: number; attendances: number }> =>
      (await server.call('GET', '/dashboard/registries', INVESTIGATOR)).body.results.find((r: { id: string }) => r.id === raBio).counts;
    const before = { total: await totalNow(), inRegistry: await totalNow(`&filter=registryId==${raBio}`), dashboard: await dashboard() };
    const all = await server.call('GET', '/patients?limit=1000', INVESTIGATOR);
    expect(before.total).toBe(all.body.results.length);

    const { id } = await newPatient(`${TAG} Számolt Sára`);
    const other = await newPatient(`${TAG} Összevont Olga`);
    expect(await totalNow()).toBe(before.total + 2);
    expect(await totalNow(`&filter=registryId==${raBio}`)).toBe(before.inRegistry + 2);
    const attendance = await server.call('POST', '/attendances', INVESTIGATOR, {
      patientId: id,
      registryId: raBio,
      instituteId: szlk,
      physicianId: server.userId(INVESTIGATOR),
      startDateTime: '2026-02-01T10:00:00Z',
    });
    expect(attendance.status).toBe(201);
    expect((await server.call('GET', `/patients/${id}`, INVESTIGATOR)).body.results[0]).toMatchObject({ attendanceCount: 1, instituteCount: 1 });
    expect(await dashboard()).toMatchObject({ patients: before.dashboard.patients + 2, attendances: before.dashboard.attendances + 1 });

    // A merge moves the attendance to the other patient and removes this one.
    const merged = await server.call('PUT', `/patient/${id}?mergeInto=${other.id}`, INVESTIGATOR, {});
    expect(merged.status).toBe(200);
    expect((await server.call('GET', `/patients/${other.id}`, INVESTIGATOR)).body.results[0]).toMatchObject({ attendanceCount: 1, instituteCount: 1 });
    expect(await totalNow()).toBe(before.total + 1);
    expect(await dashboard()).toMatchObject({ patients: before.dashboard.patients + 1, attendances: before.dashboard.attendances + 1 });
  });
});
