// The patients list's total under a gender filter comes from patient_gender_counts (migration
// 0031), kept by triggers on patients. Whatever the caller, the operator or a registry/institute
// filter beside it, the total must be the number of patients the list holds, and must follow a
// new patient, a changed gender and a deletion at once.
import { ADMIN, createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, validTaj, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

const CALLERS = [ADMIN, INVESTIGATOR, INVESTIGATOR2, MONITOR];

/** The announced total, and how many patients the list holds when read whole. */
async function totalAndListed(as: string, filter: string): Promise<[number, number]> {
  const query = `filter=${encodeURIComponent(filter)}`;
  const counted = await server.call('GET', `/patients?limit=1&statistics=true&${query}`, as);
  const listed = await server.call('GET', `/patients?limit=1000&${query}`, as);
  expect([counted.status, listed.status]).toEqual([200, 200]);
  return [counted.body.statistics.total, listed.body.results.length];
}

async function expectTotalsTrue(): Promise<void> {
  const raBio = server.registryId('RA-BIO');
  const szlk = server.instituteId('SZLK');
  const filters = ['gender==female', 'gender==male', 'gender!=female', 'gender=@ale', 'gender==', `gender==female,registryId==${raBio}`, `gender==male,instituteId==${szlk}`];
  for (const as of CALLERS) {
    for (const filter of filters) {
      const [total, listed] = await totalAndListed(as, filter);
      expect({ as, filter, total }).toEqual({ as, filter, total: listed });
    }
  }
}

it('announces as many patients of a gender as the list holds, for every caller and operator', async () => {
  const [females] = await totalAndListed(ADMIN, 'gender==female');
  const [males] = await totalAndListed(ADMIN, 'gender==male');
  expect(females).toBeGreaterThan(1);
  expect(males).toBeGreaterThan(1);
  await expectTotalsTrue();
});

it('follows a new patient, a changed gender and a deletion at once', async () => {
  const raBio = server.registryId('RA-BIO');
  const szlk = server.instituteId('SZLK');
  const [femalesBefore] = await totalAndListed(INVESTIGATOR, 'gender==female');
  const created = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name: 'Nemes Nóra', dob: '1981-02-03', gender: 'female', insuranceNumber: validTaj() });
  expect(created.status).toBe(201);
  const id = created.body.results[0].id as string;
  expect((await totalAndListed(INVESTIGATOR, 'gender==female'))[0]).toBe(femalesBefore + 1);

  const changed = await server.call('PUT', `/patient/${id}`, INVESTIGATOR, { gender: 'other' });
  expect(changed.status).toBe(200);
  expect((await totalAndListed(INVESTIGATOR, 'gender==female'))[0]).toBe(femalesBefore);
  expect((await totalAndListed(INVESTIGATOR, 'gender==other'))[0]).toBeGreaterThan(0);
  await expectTotalsTrue();

  const [othersBefore] = await totalAndListed(INVESTIGATOR, 'gender==other');
  const deleted = await server.call('DELETE', `/patient/${id}`, INVESTIGATOR);
  expect(deleted.status).toBe(204);
  expect((await totalAndListed(INVESTIGATOR, 'gender==other'))[0]).toBe(othersBefore - 1);
  await expectTotalsTrue();
});
