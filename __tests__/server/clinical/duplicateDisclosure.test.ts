// The duplicate rule across institutes: an insurance number of a patient the caller may not see
// is answered with "already registered in the registry" and nothing about that patient.
import { insuranceCheckDigit } from '../../../src/domain/patients';
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, validTaj, type Answer, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
let dek = '';
let raBio = '';
// Példa Piroska, seeded at SZLK (institute 1), invisible to the investigator of DEK (institute 2).
const FOREIGN = { name: 'Példa Piroska', dob: '1968-04-12', taj: `10000001${insuranceCheckDigit('10000001')}` };
let foreignId = '';
let foreignInstitute = '';

beforeAll(async () => {
  server = await createClinicalTestServer();
  dek = server.instituteId('DEK');
  raBio = server.registryId('RA-BIO');
  const row = await server.db.selectFrom('patients').select(['id', 'institute_id']).where('insurance_number', '=', FOREIGN.taj).executeTakeFirstOrThrow();
  foreignId = row.id;
  foreignInstitute = row.institute_id;
});
afterAll(async () => {
  await server.close();
});

const REGISTERED_ELSEWHERE = {
  statusCode: 409,
  code: 'patient_registered_elsewhere',
  message: 'This insurance number is already registered in the registry. Ask an administrator of the registry to merge the patients.',
};

/** The answer names nothing of the foreign patient: exactly the three fields, none of its data. */
function expectNothingDisclosed(answer: Answer): void {
  expect(answer.status).toBe(409);
  expect(answer.body).toEqual(REGISTERED_ELSEWHERE);
  const text = JSON.stringify(answer.body);
  for (const secret of [foreignId, foreignInstitute, FOREIGN.name, FOREIGN.dob, 'SZLK']) expect(text).not.toContain(secret);
}

const createAtDek = (body: Record<string, unknown>): Promise<Answer> =>
  server.call('POST', `/institutes/${dek}/patients`, INVESTIGATOR2, { registryId: raBio, gender: 'female', insuranceNumber: FOREIGN.taj, ...body });

async function patientCount(): Promise<number> {
  const row = await server.db.selectFrom('patients').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('an insurance number registered at an institute the caller cannot see', () => {
  it('creating with other data answers the registry message, not the patient', async () => {
    const before = await patientCount();
    expectNothingDisclosed(await createAtDek({ name: 'Más Mária', dob: '1990-01-01' }));
    expect(await patientCount()).toBe(before);
  });

  it('creating with the same name and date of birth does not answer the foreign record either', async () => {
    const answer = await createAtDek({ name: FOREIGN.name, dob: FOREIGN.dob });
    expectNothingDisclosed(answer);
    // The same answer in Hungarian: localized, and as silent.
    const hu = await server.call('POST', `/institutes/${dek}/patients`, INVESTIGATOR2, { registryId: raBio, gender: 'female', insuranceNumber: FOREIGN.taj, name: FOREIGN.name, dob: FOREIGN.dob }, { 'accept-language': 'hu' });
    expect(hu.body).toMatchObject({ code: 'patient_registered_elsewhere', message: 'Ez a TAJ-szám már szerepel a regiszterben. A betegek összevonását a regiszter adminisztrátorától kérheti.' });
  });

  it('editing an own patient to that number answers the same and changes nothing', async () => {
    const own = await createAtDek({ name: 'Saját Sára', dob: '1985-05-05', insuranceNumber: validTaj() });
    expect(own.status).toBe(201);
    const ownId = own.body.results[0].id as string;
    const ownNumber = own.body.results[0].insuranceNumber as string;
    expectNothingDisclosed(await server.call('PUT', `/patient/${ownId}`, INVESTIGATOR2, { insuranceNumber: FOREIGN.taj }));
    expect((await server.call('GET', `/patients/${ownId}`, INVESTIGATOR2)).body.results[0].insuranceNumber).toBe(ownNumber);
  });

  it('a caller who sees the existing patient is still told which one, to open or merge it', async () => {
    const szlk = server.instituteId('SZLK');
    const same = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, gender: 'female', insuranceNumber: FOREIGN.taj, name: FOREIGN.name, dob: FOREIGN.dob });
    expect(same.status).toBe(200);
    expect(same.body.results[0].id).toBe(foreignId);
    const different = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, gender: 'female', insuranceNumber: FOREIGN.taj, name: 'Más Mária', dob: '1990-01-01' });
    expect(different.body).toMatchObject({ statusCode: 409, code: 'patient_exists_different', existingPatientId: foreignId });
  });
});

describe('several edits racing for one insurance number', () => {
  it('one wins and every other is answered with the duplicate rule, never a server error', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const created = await createAtDek({ name: `Verseny ${i}`, dob: '1980-01-01', insuranceNumber: validTaj() });
      expect(created.status).toBe(201);
      ids.push(created.body.results[0].id as string);
    }
    const contested = validTaj();
    const answers = await Promise.all(ids.map((id) => server.call('PUT', `/patient/${id}`, INVESTIGATOR2, { insuranceNumber: contested })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.code).toBe('patient_exists_different');
    const holders = await server.db.selectFrom('patients').select('id').where('insurance_number', '=', contested).execute();
    expect(holders).toHaveLength(1);
  });
});
