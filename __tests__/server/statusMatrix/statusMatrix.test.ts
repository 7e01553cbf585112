// The subject status matrix over the demo seed, with period definitions of its own (two periods of
// RA-BIO) and three attendances that start in 2030, so that filtering on the start date isolates
// them from whatever else the seed holds.
import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import type { PermissionSubject } from '../../../src/domain/permissions';
import { parseListQueryOrThrow } from '../../../server/lists/listQuery';
import { findEntriesOf, findGroupIds } from '../../../server/permissions/accessEntries.repository';
import { MATRIX_FIELDS, matrixHeading } from '../../../server/statusMatrix/statusMatrix.repository';
import { statusMatrix } from '../../../server/statusMatrix/statusMatrix.service';
import { createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, rheumaBaselineValues, startVisitOfNewPatient, type ClinicalTestServer } from '../clinical/clinicalTestKit';

const MINE = 'startDateTime>=2030-01-01';
let server: ClinicalTestServer;
let registryId = '';
const types: Record<string, number> = {};
const attendance: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
const baselineOfA = { id: '' };

async function start(as: string, institute: string, day: string, name: string): Promise<{ id: string; formId: string; periods: { id: string; index: number }[] }> {
  return startVisitOfNewPatient(server, as, { registryId, institute, day, name });
}

async function addForm(as: string, periodId: string, formTypeId: number): Promise<string> {
  const created = await server.call('POST', `/attendance-periods/${periodId}/forms`, as, { formTypeId, values: {}, submit: false });
  expect(created.status).toBe(201);
  return created.body.results[0].id;
}

const matrix = (as: string, query = '', headers: Record<string, string> = {}) =>
  server.call('GET', `/registries/${registryId}/status-matrix?${query}`, as, undefined, headers);

beforeAll(async () => {
  server = await createClinicalTestServer();
  registryId = server.registryId('RA-BIO');
  for (const row of await server.db.selectFrom('form_types').select(['id', 'display_id']).where('registry_id', '=', registryId).execute()) types[row.display_id] = Number(row.id);
  // The test's own period definitions: baseline and adverse events in the first, follow-up and adverse events in the second.
  await server.db.deleteFrom('registry_period_form_types').where('registry_id', '=', registryId).execute();
  await server.db.deleteFrom('registry_periods').where('registry_id', '=', registryId).execute();
  await server.db.insertInto('registry_periods').values([
    { registry_id: registryId, period_index: 0, name_hu: 'Kiindulás', name_en: 'Baseline' },
    { registry_id: registryId, period_index: 1, name_hu: '3. hónap', name_en: 'Month 3' },
  ]).execute();
  await server.db.insertInto('registry_period_form_types').values([
    { registry_id: registryId, period_index: 0, form_type_id: types['RA-BASELINE'], max_per_period: 1 },
    { registry_id: registryId, period_index: 0, form_type_id: types['RA-AE'], max_per_period: null },
    { registry_id: registryId, period_index: 1, form_type_id: types['RA-FOLLOWUP'], max_per_period: 1 },
    { registry_id: registryId, period_index: 1, form_type_id: types['RA-AE'], max_per_period: null },
  ]).execute();

  const a = await start(INVESTIGATOR, 'SZLK', '2030-01-10', 'Mátrix Anna');
  attendance.a = a.id;
  baselineOfA.id = a.formId;
  const form = await server.call('GET', `/forms/${a.formId}`, INVESTIGATOR);
  const saved = await server.call('PUT', `/forms/${a.formId}`, INVESTIGATOR, { values: rheumaBaselineValues(form.body.results[0].values), submit: true }, { 'x-form-version': '1' });
  expect(saved.body.results[0].state).toBe('await_inspect');
  const first = a.periods.find((p) => p.index === 0)?.id as string;
  const second = a.periods.find((p) => p.index === 1)?.id as string;
  await addForm(INVESTIGATOR, first, types['RA-AE']);
  await addForm(INVESTIGATOR, first, types['RA-AE']);
  await addForm(INVESTIGATOR, second, types['RA-FOLLOWUP']);
  attendance.b = (await start(INVESTIGATOR2, 'DEK', '2030-01-11', 'Mátrix Béla')).id;
  attendance.c = (await start(INVESTIGATOR, 'SZLK', '2030-01-12', 'Mátrix Cecília')).id;
});
afterAll(async () => {
  await server.close();
});

describe('GET /registries/{id}/status-matrix', () => {
  it('answers the columns from the registry\'s period definitions, in the caller\'s language', async () => {
    const en = await matrix(MONITOR, `filter=${MINE}`);
    expect(en.status).toBe(200);
    expect(en.body.columns.map((c: { periodName: string; formTypeShortName: string; maxPerPeriod: number | null }) => [c.periodName, c.formTypeShortName, c.maxPerPeriod])).toEqual([
      ['Baseline', 'Baseline', 1],
      ['Baseline', 'AE', null],
      ['Month 3', 'Follow-up', 1],
      ['Month 3', 'AE', null],
    ]);
    const hu = await matrix(MONITOR, `filter=${MINE}`, { 'accept-language': 'hu' });
    expect(hu.body.columns.map((c: { periodName: string }) => c.periodName)).toEqual(['Kiindulás', 'Kiindulás', '3. hónap', '3. hónap']);
  });

  it('fills each cell with the forms there: state, approval level, required levels, several where repeatable', async () => {
    const answer = await matrix(MONITOR, `filter=${MINE}`);
    expect(answer.body.results.map((r: { attendanceId: string }) => r.attendanceId).sort()).toEqual(Object.values(attendance).sort());
    const rowA = answer.body.results.find((r: { attendanceId: string }) => r.attendanceId === attendance.a);
    expect(rowA.instituteShortName).toBe('SZLK');
    expect(rowA.attendanceState).toBe('open');
    expect(rowA.cells[0]).toEqual([expect.objectContaining({ id: baselineOfA.id, state: 'await_inspect', approvalLevel: 0, requiredLevels: 2, needsMyAction: true })]);
    expect(rowA.cells[1]).toHaveLength(2);
    expect(rowA.cells[1].every((f: { state: string; needsMyAction: boolean }) => f.state === 'draft' && !f.needsMyAction)).toBe(true);
    expect(rowA.cells[2]).toEqual([expect.objectContaining({ state: 'draft' })]);
    expect(rowA.cells[3]).toEqual([]);
  });

  it('shows the patient\'s name only with personal-data access', async () => {
    const monitor = await matrix(MONITOR, `filter=${MINE}`);
    expect(monitor.body.results.map((r: { patientName: string | null }) => r.patientName)).toEqual([null, null, null]);
    expect(monitor.body.results.every((r: { internalPatientNumber: string }) => /^(SZLK|DEK)-\d+$/.test(r.internalPatientNumber))).toBe(true);
    const investigator = await matrix(INVESTIGATOR, `filter=${MINE}`);
    expect(investigator.body.results.map((r: { patientName: string | null }) => r.patientName).sort()).toEqual(['Mátrix Anna', 'Mátrix Cecília']);
  });

  it('shows only the attendances the caller may see: investigator2 gets no institute-1 row', async () => {
    const answer = await matrix(INVESTIGATOR2, 'limit=1000&statistics=true');
    expect(answer.status).toBe(200);
    expect(answer.body.results.length).toBeGreaterThan(0);
    expect(answer.body.results.every((r: { instituteShortName: string }) => r.instituteShortName === 'DEK')).toBe(true);
    expect(answer.body.results.map((r: { attendanceId: string }) => r.attendanceId)).toContain(attendance.b);
    expect(answer.body.institutes.map((i: { shortName: string }) => i.shortName)).toEqual(['DEK']);
    const monitor = await matrix(MONITOR, 'limit=1');
    expect(monitor.body.institutes.map((i: { shortName: string }) => i.shortName)).toEqual(expect.arrayContaining(['DEK', 'SZLK']));
  });

  it('marks what needs the caller\'s action and filters on it', async () => {
    const monitor = await matrix(MONITOR, `filter=${MINE},needsMyAction==true&statistics=true`);
    expect(monitor.body.results.map((r: { attendanceId: string }) => r.attendanceId)).toEqual([attendance.a]);
    expect(monitor.body.statistics.total).toBe(1);
    const notMine = await matrix(MONITOR, `filter=${MINE},needsMyAction==false`);
    expect(notMine.body.results.map((r: { attendanceId: string }) => r.attendanceId).sort()).toEqual([attendance.b, attendance.c].sort());
    // The investigator recorded the baseline: approving it is not theirs.
    const investigator = await matrix(INVESTIGATOR, `filter=${MINE},needsMyAction==true`);
    expect(investigator.body.results).toEqual([]);
    const rowA = (await matrix(INVESTIGATOR, `filter=${MINE}`)).body.results.find((r: { attendanceId: string }) => r.attendanceId === attendance.a);
    expect(rowA.cells[0][0].needsMyAction).toBe(false);
  });

  it('filters by institute and by the state of a form', async () => {
    const dek = await matrix(MONITOR, `filter=${MINE},instituteId==${server.instituteId('DEK')}`);
    expect(dek.body.results.map((r: { attendanceId: string }) => r.attendanceId)).toEqual([attendance.b]);
    const awaiting = await matrix(MONITOR, `filter=${MINE},state==await_inspect`);
    expect(awaiting.body.results.map((r: { attendanceId: string }) => r.attendanceId)).toEqual([attendance.a]);
    const finals = await matrix(MONITOR, `filter=${MINE},state==final`);
    expect(finals.body.results).toEqual([]);
  });

  it('pages on the server with the total', async () => {
    const first = await matrix(MONITOR, `filter=${MINE}&limit=2&sort=startDateTime&statistics=true`);
    expect(first.body.statistics.total).toBe(3);
    expect(first.body.results.map((r: { attendanceId: string }) => r.attendanceId)).toEqual([attendance.a, attendance.b]);
    const second = await matrix(MONITOR, `filter=${MINE}&limit=2&offset=2&sort=startDateTime&statistics=true`);
    expect(second.body.results.map((r: { attendanceId: string }) => r.attendanceId)).toEqual([attendance.c]);
    expect(second.body.statistics.total).toBe(3);
    const backwards = await matrix(MONITOR, `filter=${MINE}&limit=1&sort=-startDateTime`);
    expect(backwards.body.results[0].attendanceId).toBe(attendance.c);
  });

  it('answers the kept total on a first page, a later page and an empty one, as counting would', async () => {
    const totalOf = async (query: string): Promise<{ total: number; rows: number }> => {
      const answer = await matrix(MONITOR, `${query}&statistics=true`);
      expect(answer.status).toBe(200);
      return { total: answer.body.statistics.total, rows: answer.body.results.length };
    };
    // A filter on the start makes the server count the rows instead of summing its counters.
    const COUNTED = 'startDateTime>=1900-01-01';
    for (const filter of [`instituteId==${server.instituteId('DEK')}`, 'needsMyAction==false', 'state==draft']) {
      const counted = (await totalOf(`filter=${filter},${COUNTED}&limit=1`)).total;
      expect(counted).toBeGreaterThan(1);
      expect(await totalOf(`filter=${filter}&limit=1`)).toEqual({ total: counted, rows: 1 });
      expect(await totalOf(`filter=${filter}&limit=1&offset=1`)).toEqual({ total: counted, rows: 1 });
      expect(await totalOf(`filter=${filter}&limit=1&offset=${counted}`)).toEqual({ total: counted, rows: 0 });
    }
    expect(await totalOf(`filter=instituteId==${randomUUID()}&limit=5`)).toEqual({ total: 0, rows: 0 });
  });

  it('refuses bad input with a clear 400 and unknown registries with 404', async () => {
    for (const query of ['filter=state==lost', 'filter=state!=draft', 'filter=needsMyAction==maybe', 'filter=needsMyAction>=true', 'filter=colour==red', 'sort=state', 'limit=0']) {
      const answer = await matrix(MONITOR, query);
      expect({ query, status: answer.status, code: answer.body.code }).toEqual({ query, status: 400, code: 'validation_failed' });
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const unknown = await server.call('GET', '/registries/no-such-registry/status-matrix', MONITOR);
    expect(unknown.status).toBe(404);
    // The heading is read with or beside the page, yet a missing registry still answers before a bad query.
    for (const query of ['filter=state==lost', 'filter=needsMyAction==maybe', 'filter=state!=draft']) {
      expect((await server.call('GET', `/registries/no-such-registry/status-matrix?${query}`, MONITOR)).status).toBe(404);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/v1/registries/${registryId}/status-matrix` });
    expect(anonymous.statusCode).toBe(401);
  });
});

async function subjectOf(email: string): Promise<PermissionSubject> {
  const userId = server.userId(email);
  const roles = (await server.db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute()).map((r) => r.role);
  const groupIds = await findGroupIds(server.db, userId);
  return { userId, roles, groupIds, entries: await findEntriesOf(server.db, userId, groupIds) };
}

describe('the heading, which also says whether the registry exists', () => {
  it('are null for no registry and none for a registry without periods', async () => {
    const source = await server.db.selectFrom('registries').selectAll().where('id', '=', registryId).executeTakeFirstOrThrow();
    const emptyId = randomUUID();
    await server.db.insertInto('registries').values({
        ...source,
        id: emptyId,
        short_name: `EMPTY-${emptyId.slice(0, 8)}`,
        bio_sample_code: null,
        has_inpatient_day: Boolean(source.has_inpatient_day),
        mandatory_insurance_number: Boolean(source.mandatory_insurance_number),
      }).execute();
    const monitor = await subjectOf(MONITOR);
    expect((await matrixHeading(server.db, server.dialect, monitor, emptyId, 'en'))?.columns).toEqual([]);
    expect(await matrixHeading(server.db, server.dialect, monitor, 'no-such-registry', 'en')).toBeNull();
    const heading = await matrixHeading(server.db, server.dialect, monitor, registryId, 'hu');
    // The test's periods: baseline and adverse events in the first, follow-up and adverse events in the second.
    expect(heading?.columns.map((column) => column.periodIndex)).toEqual([0, 0, 1, 1]);
    expect(heading?.columns[0]).toEqual(expect.objectContaining({ periodIndex: 0, formTypeShortName: expect.any(String), periodName: expect.any(String) }));
    const names = heading?.institutes.map((institute) => institute.shortName) ?? [];
    expect(names).toEqual(expect.arrayContaining(['DEK', 'SZLK']));
    expect(names).toEqual([...names].sort());
    await server.db.deleteFrom('registries').where('id', '=', emptyId).execute();
  });
});

describe('statement count', () => {
  let statements = 0;
  // Counted as they answer: a subquery built into another statement is no statement of its own.
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };
  // One handle for every call, as the server has one: what a search learns of its terms
  // (planVerdicts.ts, an index's statistics) is kept per handle.
  let db: typeof server.db | undefined;
  async function statementsFor(subject: PermissionSubject, raw: Record<string, string>): Promise<{ statements: number; rows: number; total?: number }> {
    db ??= server.db.withPlugin(counting);
    statements = 0;
    const answer = await statusMatrix(db, server.dialect, subject, registryId, parseListQueryOrThrow(raw, MATRIX_FIELDS), 'en');
    return { statements, rows: answer.rows.length, total: answer.total };
  }

  it('is the same few statements for a page of 1 row and a page of every row', async () => {
    const monitor = await subjectOf(MONITOR);
    const one = await statementsFor(monitor, { limit: '1', statistics: 'true' });
    const all = await statementsFor(monitor, { limit: '1000', statistics: 'true' });
    expect(one.rows).toBe(1);
    expect(all.rows).toBeGreaterThanOrEqual(9);
    expect(all.statements).toBe(one.statements);
    // the page with its kept total and forms; the heading (columns and institutes, which also say the
    // registry exists): on PostgreSQL carried by the page, on SQLite a quick read beside it
    expect(all.statements).toBe(server.dialect === 'postgres' ? 1 : 2);
  });

  it('reads the heading on its own when the page has no row to carry it', async () => {
    const monitor = await subjectOf(MONITOR);
    const query = (raw: Record<string, string>) => statusMatrix(server.db, server.dialect, monitor, registryId, parseListQueryOrThrow(raw, MATRIX_FIELDS), 'en');
    const full = await query({ limit: '1', statistics: 'true' });
    expect(full.columns.length).toBeGreaterThan(0);
    const empty = { limit: '1', statistics: 'true', filter: `instituteId==${randomUUID()}` };
    expect(await query(empty)).toEqual({ columns: full.columns, institutes: full.institutes, rows: [], total: 0 });
    // the page with its kept total, the total on its own (no row carried it), the heading
    expect(await statementsFor(monitor, empty)).toEqual({ statements: 3, rows: 0, total: 0 });
    // a page past the end: the kept total first, then the heading
    expect(await statementsFor(monitor, { limit: '1', offset: '100000', statistics: 'true' })).toEqual({ statements: 2, rows: 0, total: full.total });
  });

  it('sorted by institute, takes the total from the institutes\' kept counts', async () => {
    const monitor = await subjectOf(MONITOR);
    const sorted = await statementsFor(monitor, { limit: '1', statistics: 'true', sort: 'instituteShortName' });
    expect(sorted.rows).toBe(1);
    // the heading, the institutes in order with their counts, one institute's page with its forms
    expect(sorted.statements).toBe(3);
  });

  // The page's rows are a statement of their own, read by id under a plan PostgreSQL keeps: joined
  // around the search's page they were planned anew with it at every call (docs/decisions.md "A
  // page's rows read around the statement that chooses them: tried, not kept").
  it('answers a rare code search with the heading, the page with its total, and the page\'s rows', async () => {
    const monitor = await subjectOf(MONITOR);
    const row = await server.db.selectFrom('attendances').innerJoin('patients', 'patients.id', 'attendances.patient_id').select(['attendances.display_id', 'patients.internal_patient_number']).where('attendances.id', '=', attendance.a).executeTakeFirstOrThrow();
    for (const filter of [`displayId=@${row.display_id}`, `internalPatientNumber=@${row.internal_patient_number}`]) {
      const raw = { limit: '25', statistics: 'true', filter };
      // The first search of a term learns whether it is rare (and on PostgreSQL the index's statistics), kept for minutes.
      await statementsFor(monitor, raw);
      expect(await statementsFor(monitor, raw)).toEqual({ statements: 3, rows: 1, total: 1 });
    }
  });
});
