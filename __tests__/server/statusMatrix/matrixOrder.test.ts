// The matrix's default order (patient number without case, then start) comes from a copy of the
// patient's number kept on each attendance (migration 0019): it must follow a merge (the attendance
// moves to another patient) and a changed number, and the totals kept by the counters must equal
// the rows the caller can page through.
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, validTaj, type ClinicalTestServer } from '../clinical/clinicalTestKit';

const MINE = 'startDateTime>=2031-01-01';
let server: ClinicalTestServer;
let registryId = '';

interface Row {
  attendanceId: string;
  internalPatientNumber: string;
  startDateTime: string;
  instituteShortName: string;
}

async function newPatient(as: string, institute: string): Promise<string> {
  const patient = await server.call('POST', `/institutes/${server.instituteId(institute)}/patients`, as, {
    registryId,
    name: 'Sorrend Teszt',
    insuranceNumber: validTaj(),
    dob: '1971-04-05',
    gender: 'female',
  });
  expect(patient.status).toBe(201);
  return patient.body.results[0].id;
}

async function startFor(as: string, patientId: string, institute: string, day: string): Promise<string> {
  const started = await server.call('POST', '/attendances', as, {
    patientId,
    registryId,
    instituteId: server.instituteId(institute),
    physicianId: server.userId(as),
    startDateTime: `${day}T08:30:00Z`,
    confirmSameDay: true,
  });
  expect(started.status).toBe(201);
  return started.body.results[0].id;
}

async function rows(as: string, query: string): Promise<{ rows: Row[]; total?: number }> {
  const answer = await server.call('GET', `/registries/${registryId}/status-matrix?${query}`, as);
  expect(answer.status).toBe(200);
  return { rows: answer.body.results, total: answer.body.statistics?.total };
}

/** The order the matrix promises: patient number ignoring case, then start, then the id. */
function expectedOrder(list: readonly Row[]): string[] {
  return [...list]
    .sort(
      (a, b) =>
        (a.internalPatientNumber.toLowerCase() < b.internalPatientNumber.toLowerCase() ? -1 : a.internalPatientNumber.toLowerCase() > b.internalPatientNumber.toLowerCase() ? 1 : 0) ||
        Date.parse(a.startDateTime) - Date.parse(b.startDateTime) ||
        (a.attendanceId < b.attendanceId ? -1 : 1),
    )
    .map((row) => row.attendanceId);
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
});
afterAll(async () => {
  await server.close();
});

it('orders every visible attendance by patient number without case, then start, for each caller', async () => {
  const first = await newPatient(INVESTIGATOR, 'SZLK');
  await startFor(INVESTIGATOR, first, 'SZLK', '2031-02-01');
  await startFor(INVESTIGATOR, first, 'SZLK', '2031-01-15');
  await startFor(INVESTIGATOR2, await newPatient(INVESTIGATOR2, 'DEK'), 'DEK', '2031-01-20');
  for (const as of [MONITOR, INVESTIGATOR, INVESTIGATOR2]) {
    const all = await rows(as, 'limit=1000&statistics=true');
    expect(all.rows.length).toBeGreaterThan(0);
    expect(all.rows.map((row) => row.attendanceId)).toEqual(expectedOrder(all.rows));
    // The kept total is what the caller can page through.
    expect(all.total).toBe(all.rows.length);
    const backwards = await rows(as, 'limit=1000&sort=-internalPatientNumber,-startDateTime');
    expect(backwards.rows.map((row) => row.attendanceId)).toEqual(expectedOrder(all.rows).reverse());
  }
  const szlk = await rows(MONITOR, `limit=1000&statistics=true&filter=instituteId==${server.instituteId('SZLK')}`);
  expect(szlk.rows.every((row) => row.instituteShortName === 'SZLK')).toBe(true);
  expect(szlk.total).toBe(szlk.rows.length);
  const paged = await rows(MONITOR, `limit=1&offset=${szlk.rows.length}&statistics=true&filter=instituteId==${server.instituteId('SZLK')}`);
  expect(paged).toEqual({ rows: [], total: szlk.rows.length });
});

it('orders by any other sort, institute backwards then visit id, with each row\'s forms', async () => {
  const fold = (text: string): string => text.toLowerCase();
  const sorted = await server.call('GET', `/registries/${registryId}/status-matrix?limit=1000&sort=-instituteShortName,displayId`, MONITOR);
  expect(sorted.status).toBe(200);
  const got: { attendanceId: string; attendanceDisplayId: string; instituteShortName: string; cells: unknown[][] }[] = sorted.body.results;
  expect(new Set(got.map((row) => row.instituteShortName)).size).toBeGreaterThan(1);
  const expected = [...got].sort(
    (a, b) =>
      (fold(a.instituteShortName) > fold(b.instituteShortName) ? -1 : fold(a.instituteShortName) < fold(b.instituteShortName) ? 1 : 0) ||
      (fold(a.attendanceDisplayId) < fold(b.attendanceDisplayId) ? -1 : fold(a.attendanceDisplayId) > fold(b.attendanceDisplayId) ? 1 : 0) ||
      (a.attendanceId < b.attendanceId ? -1 : 1),
  );
  expect(got.map((row) => row.attendanceId)).toEqual(expected.map((row) => row.attendanceId));
  // Each attendance is one row, its forms in its cells.
  expect(new Set(got.map((row) => row.attendanceId)).size).toBe(got.length);
  expect(got.some((row) => row.cells.some((cell) => cell.length > 0))).toBe(true);
});

it('moves an attendance to its new patient\'s place in the order after a merge', async () => {
  const from = await newPatient(INVESTIGATOR, 'SZLK');
  const into = await newPatient(INVESTIGATOR, 'SZLK');
  const attendanceId = await startFor(INVESTIGATOR, from, 'SZLK', '2031-03-01');
  expect((await server.call('DELETE', `/patient/${from}?mergeInto=${into}`, INVESTIGATOR)).status).toBe(204);
  const intoNumber = (await server.call('GET', `/patients/${into}`, INVESTIGATOR)).body.results[0].internalPatientNumber;
  const all = await rows(MONITOR, `limit=1000&filter=${MINE}`);
  expect(all.rows.find((row) => row.attendanceId === attendanceId)?.internalPatientNumber).toBe(intoNumber);
  expect(all.rows.map((row) => row.attendanceId)).toEqual(expectedOrder(all.rows));
});

it('follows a patient whose number changes (a data fix), lower or upper case alike', async () => {
  const patientId = await newPatient(INVESTIGATOR, 'SZLK');
  const attendanceId = await startFor(INVESTIGATOR, patientId, 'SZLK', '2031-04-01');
  for (const number of ['aaa-000001', 'ZZZ-999999', 'MMM-500000']) {
    await server.db.updateTable('patients').set({ internal_patient_number: number }).where('id', '=', patientId).execute();
    const all = await rows(MONITOR, `limit=1000&filter=${MINE}`);
    expect(all.rows.find((row) => row.attendanceId === attendanceId)?.internalPatientNumber).toBe(number);
    expect(all.rows.map((row) => row.attendanceId)).toEqual(expectedOrder(all.rows));
  }
});
