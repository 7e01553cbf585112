// POST /attendances (issue 10 item 7): the physician must be one the caller is offered by
// GET /institutes/{id}/accessible-physicians/{registryId}, and a second attendance of the patient on
// the same local day needs confirmSameDay.
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, LOCAL_ADMIN, MONITOR, validTaj, type ClinicalTestServer } from './clinicalTestKit';

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

async function newPatient(): Promise<string> {
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name: 'Napos Nóra', dob: '1980-01-01', gender: 'female', insuranceNumber: validTaj() });
  return patient.body.results[0].id;
}

const start = (patientId: string, physicianId: string, startDateTime: string, extra: Record<string, unknown> = {}, as = INVESTIGATOR) =>
  server.call('POST', '/attendances', as, { patientId, registryId: raBio, instituteId: szlk, physicianId, startDateTime, ...extra });
const attendancesOf = async (patientId: string): Promise<number> => (await server.db.selectFrom('attendances').select('id').where('patient_id', '=', patientId).execute()).length;

describe('POST /attendances: the physician', () => {
  it('accepts exactly the physicians the caller is offered and refuses others with 400 naming physicianId', async () => {
    const offered = await server.call('GET', `/institutes/${szlk}/accessible-physicians/${raBio}`, LOCAL_ADMIN);
    const ids: string[] = offered.body.results.map((p: { id: string }) => p.id);
    expect(ids).toContain(server.userId(INVESTIGATOR));
    const patientId = await newPatient();
    for (const outsider of [server.userId(INVESTIGATOR2), server.userId(MONITOR), 'nope']) {
      expect(ids).not.toContain(outsider);
      const refused = await start(patientId, outsider, '2026-04-01T08:00:00Z', {}, LOCAL_ADMIN);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'physicianId', key: 'api.physicianNotAccessible' }] });
    }
    expect(await attendancesOf(patientId)).toBe(0);
    const accepted = await start(patientId, server.userId(INVESTIGATOR), '2026-04-01T08:00:00Z', {}, LOCAL_ADMIN);
    expect(accepted.status).toBe(201);
    expect(accepted.body.results[0].physician.id).toBe(server.userId(INVESTIGATOR));
  });
});

describe('POST /attendances: the same local day', () => {
  it('asks for confirmation (409 attendance_same_day) and starts the second one when confirmed', async () => {
    const patientId = await newPatient();
    const me = server.userId(INVESTIGATOR);
    expect((await start(patientId, me, '2026-04-02T07:00:00Z')).status).toBe(201);
    // 22:30 UTC is already the next day in Budapest (UTC+2): another day, no question.
    expect((await start(patientId, me, '2026-04-02T22:30:00Z')).status).toBe(201);
    const again = await start(patientId, me, '2026-04-02T15:00:00Z');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'attendance_same_day', message: 'The patient already has an attendance on this day; confirm to start another one' });
    expect(await attendancesOf(patientId)).toBe(2);
    expect((await start(patientId, me, '2026-04-02T15:00:00Z', { confirmSameDay: false })).status).toBe(409);
    const confirmed = await start(patientId, me, '2026-04-02T15:00:00Z', { confirmSameDay: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.results[0].formId).toEqual(expect.any(String));
    expect(await attendancesOf(patientId)).toBe(3);
  });
});
