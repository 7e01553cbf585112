// The matrix's other sorts and its patient-number and visit-id searches (migrations 0025, 0026,
// 0030): sorted by institute the page is read one institute after another, skipping whole
// institutes for the offset; sorted by visit id it walks an index of the folded id. Paging through either must give every visible
// attendance once, in the promised order, with or without filters, both ways.
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, startVisitOfNewPatient, type ClinicalTestServer } from '../clinical/clinicalTestKit';

let server: ClinicalTestServer;
let registryId = '';

interface Row {
  attendanceId: string;
  patientId: string;
  attendanceDisplayId: string;
  internalPatientNumber: string;
  instituteId: string;
  instituteShortName: string;
}

const fold = (text: string): string => text.toLowerCase();
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

async function list(as: string, query: string): Promise<{ rows: Row[]; total?: number }> {
  const answer = await server.call('GET', `/registries/${registryId}/status-matrix?${query}`, as);
  expect(answer.status).toBe(200);
  return { rows: answer.body.results, total: answer.body.statistics?.total };
}

/** Every page of `limit` rows from the first, with the total each page announced. */
async function pages(as: string, query: string, limit: number): Promise<{ rows: Row[]; totals: Set<number | undefined> }> {
  const rows: Row[] = [];
  const totals = new Set<number | undefined>();
  for (let offset = 0; ; offset += limit) {
    const page = await list(as, `${query}&limit=${limit}&offset=${offset}&statistics=true`);
    totals.add(page.total);
    rows.push(...page.rows);
    if (page.rows.length < limit) return { rows, totals };
  }
}

function byInstitute(rows: readonly Row[], direction: 1 | -1): string[] {
  return [...rows]
    .sort((a, b) => direction * (compare(fold(a.instituteShortName), fold(b.instituteShortName)) || compare(a.instituteId, b.instituteId) || compare(a.attendanceId, b.attendanceId)))
    .map((row) => row.attendanceId);
}

function byDisplayId(rows: readonly Row[], direction: 1 | -1): string[] {
  return [...rows].sort((a, b) => direction * (compare(fold(a.attendanceDisplayId), fold(b.attendanceDisplayId)) || compare(a.attendanceId, b.attendanceId))).map((row) => row.attendanceId);
}

async function startVisit(as: string, institute: string, day: string): Promise<void> {
  await startVisitOfNewPatient(server, as, { registryId, institute, day, name: 'Rendezés Teszt' });
}

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  // A few visits at both institutes, so that pages cross from one institute to the next.
  for (const day of ['2032-01-05', '2032-01-06', '2032-01-07']) {
    await startVisit(INVESTIGATOR, 'SZLK', day);
    await startVisit(INVESTIGATOR2, 'DEK', day);
  }
});
afterAll(async () => {
  await server.close();
});

it('pages through the institutes in name order, each institute\'s visits by id, both ways, for each caller', async () => {
  for (const as of [MONITOR, INVESTIGATOR, INVESTIGATOR2]) {
    const all = await list(as, 'limit=1000&statistics=true');
    for (const [sort, direction] of [['instituteShortName', 1], ['-instituteShortName', -1]] as const) {
      const paged = await pages(as, `sort=${sort}`, 3);
      expect(paged.rows.map((row) => row.attendanceId)).toEqual(byInstitute(all.rows, direction));
      expect([...paged.totals]).toEqual([all.rows.length]);
    }
  }
  const monitorSees = new Set((await list(MONITOR, 'limit=1000')).rows.map((row) => row.instituteShortName));
  expect(monitorSees.size).toBeGreaterThan(1);
});

it('keeps the institute order under filters that the kept counts do not know, on later pages too', async () => {
  for (const filter of ['internalPatientNumber=@szlk', 'displayId!@szlk', 'needsMyAction==true', 'needsMyAction==false', 'state==draft']) {
    const all = await list(MONITOR, `limit=1000&statistics=true&filter=${filter}`);
    const paged = await pages(MONITOR, `sort=-instituteShortName&filter=${filter}`, 2);
    expect(paged.rows.map((row) => row.attendanceId)).toEqual(byInstitute(all.rows, -1));
    expect([...paged.totals]).toEqual([all.rows.length]);
  }
  const szlk = server.instituteId('SZLK');
  const one = await pages(MONITOR, `sort=instituteShortName&filter=instituteId==${szlk}`, 2);
  expect(one.rows.length).toBeGreaterThan(2);
  expect(one.rows.every((row) => row.instituteShortName === 'SZLK')).toBe(true);
  expect([...one.totals]).toEqual([one.rows.length]);
  // Past the end: no rows, the same total.
  expect(await list(MONITOR, `sort=instituteShortName&limit=5&offset=${one.rows.length}&statistics=true&filter=instituteId==${szlk}`)).toEqual({ rows: [], total: one.rows.length });
});

it('orders searches by the institute among other keys, however each search is answered', async () => {
  // Short terms are walked and counted on SQLite, longer ones read from the trigram index.
  for (const filter of ['displayId=@20', 'displayId=@szlk-ra', 'internalPatientNumber=@k-', 'internalPatientNumber=@szlk']) {
    const all = (await list(MONITOR, `limit=1000&filter=${encodeURIComponent(filter)}`)).rows;
    expect(all.length).toBeGreaterThan(1);
    const expected = [...all]
      .sort((a, b) => -compare(fold(a.instituteShortName), fold(b.instituteShortName)) || compare(fold(a.attendanceDisplayId), fold(b.attendanceDisplayId)) || compare(a.attendanceId, b.attendanceId))
      .map((row) => row.attendanceId);
    const paged = await pages(MONITOR, `sort=-instituteShortName,displayId&filter=${encodeURIComponent(filter)}`, 2);
    expect({ filter, ids: paged.rows.map((row) => row.attendanceId) }).toEqual({ filter, ids: expected });
    expect([...paged.totals]).toEqual([all.length]);
  }
});

it('pages through the visit ids without case, both ways', async () => {
  for (const as of [MONITOR, INVESTIGATOR]) {
    const all = await list(as, 'limit=1000');
    for (const [sort, direction] of [['displayId', 1], ['-displayId', -1]] as const) {
      const paged = await pages(as, `sort=${sort}`, 4);
      expect(paged.rows.map((row) => row.attendanceId)).toEqual(byDisplayId(all.rows, direction));
      expect([...paged.totals]).toEqual([all.rows.length]);
    }
  }
});

it('finds patient numbers by any part, in any case, and leaves them out the same way', async () => {
  const all = (await list(MONITOR, 'limit=1000')).rows;
  const sample = all.find((row) => row.instituteShortName === 'SZLK')!.internalPatientNumber;
  const part = sample.slice(2, 7).toLowerCase();
  expect(part).not.toBe(part.toUpperCase());
  for (const typed of [part, part.toUpperCase()]) {
    const found = await list(MONITOR, `limit=1000&statistics=true&filter=internalPatientNumber=@${encodeURIComponent(typed)}`);
    const expected = all.filter((row) => fold(row.internalPatientNumber).includes(part));
    expect(found.rows.map((row) => row.attendanceId).sort()).toEqual(expected.map((row) => row.attendanceId).sort());
    expect(found.total).toBe(expected.length);
    const without = await list(MONITOR, `limit=1000&statistics=true&filter=internalPatientNumber!@${encodeURIComponent(typed)}`);
    expect(without.total).toBe(all.length - expected.length);
  }
  // An exact number compares the patient's own.
  const exact = await list(MONITOR, `limit=1000&filter=internalPatientNumber==${encodeURIComponent(sample)}`);
  expect(exact.rows.length).toBeGreaterThan(0);
  expect(exact.rows.every((row) => row.internalPatientNumber === sample)).toBe(true);
});

it('finds a patient by a changed number at once, by short and literal terms too', async () => {
  const before = (await list(MONITOR, 'limit=1000')).rows.find((row) => row.instituteShortName === 'DEK')!;
  const patientId = before.patientId;
  // A data fix of the number (no route changes it): the search follows in the same transaction.
  const changed = await server.db.updateTable('patients').set({ internal_patient_number: 'DEK-Új_%9' }).where('id', '=', patientId).executeTakeFirst();
  expect(changed.numUpdatedRows).toBe(1n);
  const search = async (typed: string): Promise<string[]> =>
    (await list(MONITOR, `limit=1000&filter=internalPatientNumber=@${encodeURIComponent(typed)}`)).rows.map((row) => row.attendanceId);
  expect(await search('új_%')).toContain(before.attendanceId);
  expect(await search('ÚJ')).toContain(before.attendanceId);
  expect(await search('j_%9')).toEqual(expect.arrayContaining([before.attendanceId]));
  // `_` and `%` are plain characters, not wildcards.
  expect(await search('úja')).not.toContain(before.attendanceId);
  expect(await search(before.internalPatientNumber)).not.toContain(before.attendanceId);
});

it('finds visit ids by any part, in any case, with a number search too, and follows a changed id', async () => {
  const all = (await list(MONITOR, 'limit=1000')).rows;
  const visitIds = async (filter: string): Promise<{ ids: string[]; total?: number }> => {
    const found = await list(MONITOR, `limit=1000&statistics=true&filter=${encodeURIComponent(filter)}`);
    return { ids: found.rows.map((row) => row.attendanceId).sort(), total: found.total };
  };
  const containing = (part: string, rows: readonly Row[] = all): string[] =>
    rows.filter((row) => fold(row.attendanceDisplayId).includes(fold(part))).map((row) => row.attendanceId).sort();
  for (const typed of ['20320106', 'szlk-ra', 'SZLK-RA', 'bio-2032']) {
    const expected = containing(typed);
    expect(expected.length).toBeGreaterThan(0);
    expect(await visitIds(`displayId=@${typed}`)).toEqual({ ids: expected, total: expected.length });
  }
  // Page by page, each page announcing the whole total.
  const paged = await pages(MONITOR, `sort=-displayId&filter=${encodeURIComponent('displayId=@szlk-ra')}`, 2);
  expect(paged.rows.map((row) => row.attendanceId)).toEqual(byDisplayId(all.filter((row) => containing('szlk-ra').includes(row.attendanceId)), -1));
  expect([...paged.totals]).toEqual([containing('szlk-ra').length]);
  // Both searches at once: the visits of one patient on one day.
  const one = all.find((row) => row.instituteShortName === 'DEK')!;
  const day = one.attendanceDisplayId.match(/\d{8}/)![0];
  const both = all.filter((row) => row.patientId === one.patientId && row.attendanceDisplayId.includes(day)).map((row) => row.attendanceId);
  expect(await visitIds(`internalPatientNumber=@${one.internalPatientNumber},displayId=@${day}`)).toEqual({ ids: both.sort(), total: both.length });
  // A data fix of the id (no route changes it): the search follows in the same transaction, and
  // `_` and `%` are plain characters.
  const changed = await server.db.updateTable('attendances').set({ display_id: 'DEK-Vizit_%7' }).where('id', '=', one.attendanceId).executeTakeFirst();
  expect(changed.numUpdatedRows).toBe(1n);
  expect((await visitIds('displayId=@it_%7')).ids).toEqual([one.attendanceId]);
  expect((await visitIds('displayId=@VIZIT')).ids).toEqual([one.attendanceId]);
  expect((await visitIds('displayId=@itx%7')).ids).toEqual([]);
  expect((await visitIds(`displayId=@${one.attendanceDisplayId}`)).ids).toEqual([]);
  // A new visit is found at once.
  await startVisit(INVESTIGATOR2, 'DEK', '2032-03-09');
  expect((await visitIds('displayId=@20320309')).total).toBe(1);
});

it('keeps each attendance\'s form states with every change of its forms', async () => {
  const states = ['draft', 'await_inspect', 'rejected', 'correct_draft', 'corrected', 'final'];
  const expectStatesKept = async (): Promise<void> => {
    for (const state of states) {
      const truth = await server.db
        .selectFrom('forms')
        .select('attendance_id')
        .distinct()
        .where('registry_id', '=', registryId)
        .where('deleted_at', 'is', null)
        .where('state', '=', state as never)
        .execute();
      const expected = truth.map((row) => row.attendance_id).sort();
      for (const query of [`limit=1000&statistics=true&filter=state==${state}`, `limit=2&statistics=true&filter=state==${state}`]) {
        const got = await list(MONITOR, query);
        if (query.startsWith('limit=1000')) expect(got.rows.map((row) => row.attendanceId).sort()).toEqual(expected);
        expect(got.total).toBe(expected.length);
      }
    }
  };
  await expectStatesKept();
  const forms = await server.db.selectFrom('forms').select(['id', 'attendance_id']).where('registry_id', '=', registryId).where('deleted_at', 'is', null).orderBy('id').limit(4).execute();
  expect(forms.length).toBe(4);
  await server.db.updateTable('forms').set({ state: 'final' }).where('id', '=', forms[0].id).execute();
  await server.db.updateTable('forms').set({ state: 'rejected' }).where('id', '=', forms[1].id).execute();
  await server.db.updateTable('forms').set({ deleted_at: new Date().toISOString() }).where('id', '=', forms[2].id).execute();
  const elsewhere = (await list(MONITOR, 'limit=1000')).rows.find((row) => row.attendanceId !== forms[3].attendance_id)!.attendanceId;
  await server.db.updateTable('forms').set({ attendance_id: elsewhere }).where('id', '=', forms[3].id).execute();
  await expectStatesKept();
  // A new visit's forms count at once.
  await startVisit(INVESTIGATOR, 'SZLK', '2032-02-01');
  await expectStatesKept();
});
