// Attendance periods (issue 10 item 1): the periods a registry defines, an attendance's periods with
// their forms and "Add form" offers, and POST /attendance-periods/{id}/forms refusing what a period
// cannot take (not allowed, over its max, a second start form, an unknown period) with nothing written.
import { createClinicalTestServer, EXPORTER, INVESTIGATOR, INVESTIGATOR2, validTaj, type Answer, type ClinicalTestServer } from './clinicalTestKit';

let server: ClinicalTestServer;
let szlk = '';
let raBio = '';
const types: Record<string, number> = {};
beforeAll(async () => {
  server = await createClinicalTestServer();
  szlk = server.instituteId('SZLK');
  raBio = server.registryId('RA-BIO');
  for (const row of await server.db.selectFrom('form_types').select(['id', 'display_id']).execute()) types[row.display_id] = Number(row.id);
});
afterAll(async () => {
  await server.close();
});

interface Offer {
  displayId: string;
  maxPerPeriod: number | null;
  count: number;
  addable: boolean;
}
interface Period {
  id: string;
  name: { hu: string; en: string };
  displayName: string;
  forms: { formTypeId: number }[];
  formTypes: Offer[];
}

async function startAttendance(): Promise<{ id: string; patientId: string; periods: Period[] }> {
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name: 'Szakasz Sára', dob: '1966-06-06', gender: 'female', insuranceNumber: validTaj() });
  const started = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patient.body.results[0].id, registryId: raBio, instituteId: szlk, physicianId: server.userId(INVESTIGATOR), startDateTime: '2026-03-01T08:00:00Z' });
  expect(started.status).toBe(201);
  return { id: started.body.results[0].id, patientId: patient.body.results[0].id, periods: started.body.results[0].periods };
}

const offers = (period: Period): Record<string, Omit<Offer, 'displayId'>> =>
  Object.fromEntries(period.formTypes.map(({ displayId, ...offer }) => [displayId, { maxPerPeriod: offer.maxPerPeriod, count: offer.count, addable: offer.addable }]));
const addForm = (periodId: string, displayId: string, as = INVESTIGATOR): Promise<Answer> =>
  server.call('POST', `/attendance-periods/${periodId}/forms`, as, { formTypeId: types[displayId], values: {}, submit: false });
const formCount = async (attendanceId: string): Promise<number> => (await server.db.selectFrom('forms').select('id').where('attendance_id', '=', attendanceId).execute()).length;

describe('GET /registries/{id}/attendance_periods and the verbose registry', () => {
  it('answers the defined periods with their names in the caller language and the form types each allows', async () => {
    const en = await server.call('GET', `/registries/${raBio}/attendance_periods`, INVESTIGATOR);
    expect(en.status).toBe(200);
    expect(en.body.results.map((p: Period) => p.displayName)).toEqual(['Baseline', 'Month 3', 'Month 6', 'Month 12']);
    expect(en.body.results[0].formTypes).toEqual([
      expect.objectContaining({ displayId: 'RA-BASELINE', name: 'Baseline visit', maxPerPeriod: 1 }),
      expect.objectContaining({ displayId: 'RA-AE', maxPerPeriod: null }),
    ]);
    expect(en.body.results[1].formTypes.map((t: Offer) => [t.displayId, t.maxPerPeriod])).toEqual([
      ['RA-FOLLOWUP', 1],
      ['RA-AE', null],
    ]);
    const hu = await server.call('GET', `/registries/${raBio}/attendance_periods`, INVESTIGATOR, undefined, { 'accept-language': 'hu' });
    expect(hu.body.results.map((p: Period) => p.displayName)).toEqual(['Kiindulás', '3. hónap', '6. hónap', '12. hónap']);
    const verbose = await server.call('GET', `/registries/${raBio}?verbose=true`, INVESTIGATOR);
    expect(verbose.body.results[0].periods).toEqual(en.body.results);
    expect((await server.call('GET', `/registries/${raBio}`, INVESTIGATOR)).body.results[0].periods).toBeUndefined();
    expect((await server.call('GET', '/registries/nope/attendance_periods', INVESTIGATOR)).status).toBe(404);
  });
});

describe('the periods of an attendance', () => {
  it('holds one period per defined period, the start form in the first, and offers what each may still take', async () => {
    const { id, patientId } = await startAttendance();
    const answer = await server.call('GET', `/attendances/${id}/attendance_periods`, INVESTIGATOR);
    expect(answer.status).toBe(200);
    const periods: Period[] = answer.body.results;
    expect(periods.map((p) => p.name.en)).toEqual(['Baseline', 'Month 3', 'Month 6', 'Month 12']);
    expect(periods.map((p) => p.forms.length)).toEqual([1, 0, 0, 0]);
    expect(offers(periods[0])).toEqual({ 'RA-BASELINE': { maxPerPeriod: 1, count: 1, addable: false }, 'RA-AE': { maxPerPeriod: null, count: 0, addable: true } });
    expect(offers(periods[1])).toEqual({ 'RA-FOLLOWUP': { maxPerPeriod: 1, count: 0, addable: true }, 'RA-AE': { maxPerPeriod: null, count: 0, addable: true } });
    // A reader without frm_create is offered nothing.
    const guest: Period[] = (await server.call('GET', `/attendances/${id}/attendance_periods`, EXPORTER)).body.results;
    expect(guest.flatMap((p) => p.formTypes.filter((t) => t.addable))).toEqual([]);
    // The patient's list answers the same periods; a foreign caller sees neither.
    const ofPatient = await server.call('GET', `/patients/${patientId}/attendance_periods`, INVESTIGATOR);
    expect(ofPatient.body.results[0].periods).toEqual(periods);
    expect((await server.call('GET', `/attendances/${id}/attendance_periods`, INVESTIGATOR2)).body).toMatchObject({ statusCode: 404, message: 'Attendance not found' });
    expect((await server.call('GET', `/patients/${patientId}/attendance_periods`, INVESTIGATOR2)).status).toBe(404);
  });
});

describe('POST /attendance-periods/{id}/forms', () => {
  it('adds a follow-up once per period and adverse events as often as needed', async () => {
    const { id, periods } = await startAttendance();
    const followUp = await addForm(periods[1].id, 'RA-FOLLOWUP');
    expect(followUp.status).toBe(201);
    expect(followUp.body.results[0]).toMatchObject({ state: 'draft', formTypeId: types['RA-FOLLOWUP'] });
    for (const period of [periods[0], periods[0], periods[1]]) expect((await addForm(period.id, 'RA-AE')).status).toBe(201);
    // The same type again in the next period is a new form there.
    expect((await addForm(periods[2].id, 'RA-FOLLOWUP')).status).toBe(201);

    const now: Period[] = (await server.call('GET', `/attendances/${id}/attendance_periods`, INVESTIGATOR)).body.results;
    expect(now.map((p) => p.forms.length)).toEqual([3, 2, 1, 0]);
    expect(offers(now[1])['RA-FOLLOWUP']).toEqual({ maxPerPeriod: 1, count: 1, addable: false });
    expect(offers(now[0])['RA-AE']).toEqual({ maxPerPeriod: null, count: 2, addable: true });
  });

  it('gives the form of a later period the attendance start as its visit start unless the caller sent one', async () => {
    const { periods } = await startAttendance();
    // 08:00 UTC is 09:00 in Budapest, the institute's zone, as the start form holds it.
    expect((await addForm(periods[1].id, 'RA-FOLLOWUP')).body.results[0].values).toMatchObject({ visitStart: '2026-03-01T09:00' });
    const sent = await server.call('POST', `/attendance-periods/${periods[1].id}/forms`, INVESTIGATOR, { formTypeId: types['RA-AE'], values: { visitStart: '2026-05-02T10:30' }, submit: false });
    expect(sent.body.results[0].values).toMatchObject({ visitStart: '2026-05-02T10:30' });
  });

  it.each([
    ['a type the period does not allow', 1, 'RA-BASELINE', 'form_type_not_allowed_in_period', 'Error saving form: Baseline visit cannot be added to this period'],
    ['the follow-up in the baseline period', 0, 'RA-FOLLOWUP', 'form_type_not_allowed_in_period', 'Error saving form: Follow-up visit cannot be added to this period'],
    ['a second start form', 0, 'RA-BASELINE', 'form_type_once_per_attendance', 'Error saving form: an attendance holds only one Baseline visit form'],
  ])('refuses %s with 409 and writes nothing', async (_name, index, displayId, code, message) => {
    const { id, periods } = await startAttendance();
    const refused = await addForm(periods[index].id, displayId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ statusCode: 409, code, message });
    expect(await formCount(id)).toBe(1);
  });

  it('refuses a type over its max in the period, in the caller language', async () => {
    const { id, periods } = await startAttendance();
    expect((await addForm(periods[3].id, 'RA-FOLLOWUP')).status).toBe(201);
    const refused = await addForm(periods[3].id, 'RA-FOLLOWUP');
    expect(refused.body).toMatchObject({ statusCode: 409, code: 'period_form_limit', message: 'Error saving form: this period already holds the one allowed Follow-up visit form' });
    const hu = await server.call('POST', `/attendance-periods/${periods[3].id}/forms`, INVESTIGATOR, { formTypeId: types['RA-FOLLOWUP'], values: {}, submit: false }, { 'accept-language': 'hu' });
    expect(hu.body.message).toBe('Hiba az űrlap mentésekor: ebben a szakaszban már megvan a megengedett számú (1) Követéses vizit űrlap');
    expect(await formCount(id)).toBe(2);
  });

  it('answers an unknown period 404 "Attendance not found", a foreign one the same, and a foreign form type 400', async () => {
    const { id, periods } = await startAttendance();
    expect((await addForm('nope', 'RA-AE')).body).toMatchObject({ statusCode: 404, code: 'not_found', message: 'Attendance not found' });
    expect((await addForm(periods[0].id, 'RA-AE', INVESTIGATOR2)).body).toMatchObject({ statusCode: 404, message: 'Attendance not found' });
    expect((await addForm(periods[0].id, 'RA-AE', EXPORTER)).status).toBe(403);
    expect((await addForm(periods[0].id, 'NSCLC-ENROL')).body).toMatchObject({ statusCode: 400, code: 'form_type_not_in_registry' });
    expect((await server.call('GET', '/attendance_periods/nope/forms', INVESTIGATOR)).body).toMatchObject({ statusCode: 404, message: 'Attendance not found' });
    expect(await formCount(id)).toBe(1);
  });
});
