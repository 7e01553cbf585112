// The two steps of an import through the API on a real database: validation writes nothing but the
// report, the commit applies every row in one transaction with a history entry naming the job.
import { AE_COLUMNS, aeRow, createImportTestServer, csv, IMPORTER, type ImportTestServer } from './importTestKit';

let server: ImportTestServer;

beforeAll(async () => {
  server = await createImportTestServer();
});

afterAll(async () => {
  await server.app.jobs.stop();
  await server.close();
});

test('a valid file is validated into a report, then committed: new attendance, forms created, recalculated counts, history naming the job', async () => {
  const file = csv([AE_COLUMNS, aeRow(server.patient.number), aeRow(server.patient.number, { aeTerm: 'Nausea', aeOnsetDate: '03/01/2026', aeEndDate: '2026-01-04' })]);
  const before = await server.formCount();
  const started = await server.start(file);
  expect(started.status).toBe(202);
  const id = started.body.results[0].id;
  const validated = await server.waitFor(id, ['validated', 'failed']);
  expect(validated).toMatchObject({ state: 'validated', success: null, validationErrorsNumber: 0, recalculatedFieldsNumber: 2, initiatedByName: 'Farkas Judit', fileName: 'events.csv', fileKind: 'csv', errors: [] });
  expect(validated.results).toEqual({ rowsTotal: 2, rowsOk: 2, rowsWithErrors: 0, newPatients: 0, newAttendances: 1, formsCreated: 2, formsUpdated: 0 });
  expect(await server.formCount()).toBe(before);

  expect((await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER)).status).toBe(200);
  const done = await server.waitFor(id, ['succeeded', 'failed']);
  expect(done).toMatchObject({ state: 'succeeded', success: true, error: null });
  expect(done.results).toMatchObject({ rowsTotal: 2, newAttendances: 1, formsCreated: 2 });
  // One new attendance: its start form plus the two adverse events.
  expect(await server.formCount()).toBe(before + 3);
  const forms = await server.db.selectFrom('forms').selectAll().where('form_type_id', '=', Number(server.aeTypeId)).orderBy('created_at').execute();
  const imported = forms.slice(-2);
  expect(imported.map((f) => JSON.parse(f.field_values).aeTerm)).toEqual(['Headache', 'Nausea']);
  expect(JSON.parse(imported[1].field_values)).toMatchObject({ aeOnsetDate: '2026-01-03', aeOngoing: false, aeDurationDays: 2 });
  const history = await server.db.selectFrom('form_history').selectAll().where('form_id', '=', imported[0].id).execute();
  expect(JSON.stringify(history.map((h) => h.changes))).toContain(id);
  // Committed twice is refused.
  expect((await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER)).status).toBe(409);
});
