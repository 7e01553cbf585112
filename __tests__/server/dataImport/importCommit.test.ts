// The two steps of an import through the API on a real database: validation writes nothing but the
// report, the commit applies every row in one transaction with a history entry naming the job.
import { AE_COLUMNS, aeRow, useImportTestServer, csv, IMPORTER } from './importTestKit';

const server = useImportTestServer();

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
  // Two forms of one commit may share a millisecond: the display id's number tells their order.
  const forms = await server.db.selectFrom('forms').selectAll().where('form_type_id', '=', Number(server.aeTypeId)).orderBy('created_at').orderBy('display_id').execute();
  const imported = forms.slice(-2);
  expect(imported.map((f) => JSON.parse(f.field_values).aeTerm)).toEqual(['Headache', 'Nausea']);
  expect(JSON.parse(imported[1].field_values)).toMatchObject({ aeOnsetDate: '2026-01-03', aeOngoing: false, aeDurationDays: 2 });
  const history = await server.db.selectFrom('form_history').selectAll().where('form_id', '=', imported[0].id).execute();
  expect(JSON.stringify(history.map((h) => h.changes))).toContain(id);
  // Committed twice is refused.
  expect((await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER)).status).toBe(409);
});

test('the commit applies all rows or none: a row that fails at commit (its draft was finalized meanwhile) rolls back every row before it', async () => {
  // A first import leaves an attendance with a draft adverse event to update.
  const first = await server.start(csv([AE_COLUMNS, aeRow(server.patient.number, { attendanceStart: '2026-02-01T10:00' })]));
  const firstId = first.body.results[0].id;
  await server.waitFor(firstId, ['validated']);
  await server.call('POST', `/data-import/jobs/${firstId}/commit`, IMPORTER);
  await server.waitFor(firstId, ['succeeded']);
  const draft = await server.db.selectFrom('forms').selectAll().where('form_type_id', '=', Number(server.aeTypeId)).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const attendance = await server.db.selectFrom('attendances').select('display_id').where('id', '=', draft.attendance_id).executeTakeFirstOrThrow();

  const columns = ['patientNumber', 'institute', 'attendanceId', 'formId', ...AE_COLUMNS.slice(4)];
  const row = (values: Record<string, string>): string[] => {
    const base = aeRow(server.patient.number, values);
    return [server.patient.number, 'SZLK', attendance.display_id, values.formId ?? '', ...base.slice(4)];
  };
  const second = await server.start(csv([columns, row({ aeTerm: 'Rash' }), row({ aeTerm: 'Cough' }), row({ formId: draft.display_id, aeTerm: 'Updated' })]));
  const id = second.body.results[0].id;
  const validated = await server.waitFor(id, ['validated', 'failed']);
  expect(validated.results).toMatchObject({ rowsOk: 3, formsCreated: 2, formsUpdated: 1, newAttendances: 0 });

  // The last row's draft is handed in before the commit: the commit re-checks and must write nothing.
  await server.db.updateTable('forms').set({ state: 'await_inspect' }).where('id', '=', draft.id).execute();
  const before = await server.formCount();
  const historyBefore = Number((await server.db.selectFrom('form_history').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER);
  const failed = await server.waitFor(id, ['succeeded', 'failed']);
  expect(failed).toMatchObject({ state: 'failed', success: false, errorCode: 'row_invalid' });
  expect(failed.error).toContain('row 3');
  expect(failed.error).toContain('formId');
  expect(await server.formCount()).toBe(before);
  expect(Number((await server.db.selectFrom('form_history').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(historyBefore);
  expect(JSON.parse((await server.db.selectFrom('forms').select('field_values').where('id', '=', draft.id).executeTakeFirstOrThrow()).field_values).aeTerm).toBe('Headache');

  // Failed jobs are the caller's to clear.
  const cleared = await server.call('DELETE', '/data-import/jobs/failed', IMPORTER);
  expect(cleared.status).toBe(200);
  expect(cleared.body.deleted).toBeGreaterThanOrEqual(1);
  expect((await server.call('GET', `/data-import/jobs/${id}`, IMPORTER)).status).toBe(404);
  const list = await server.call('GET', '/data-import/jobs?statistics=true', IMPORTER);
  expect(list.body.results.every((j: { state: string }) => j.state !== 'failed')).toBe(true);
  expect(list.body.statistics.total).toBe(list.body.results.length);
});

test('an update of a draft by its form id is recorded with the import job; cancel ends a validated job', async () => {
  const draft = await server.db.selectFrom('forms').selectAll().where('form_type_id', '=', Number(server.aeTypeId)).where('state', '=', 'draft').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const columns = ['patientNumber', 'institute', 'formId', 'aeTerm'];
  const started = await server.start(csv([columns, [server.patient.number, 'SZLK', draft.display_id, 'Renamed event']]));
  const id = started.body.results[0].id;
  await server.waitFor(id, ['validated']);
  await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER);
  expect(await server.waitFor(id, ['succeeded', 'failed'])).toMatchObject({ state: 'succeeded', results: expect.objectContaining({ formsUpdated: 1, formsCreated: 0 }) });
  const updated = await server.db.selectFrom('forms').selectAll().where('id', '=', draft.id).executeTakeFirstOrThrow();
  expect(JSON.parse(updated.field_values)).toMatchObject({ aeTerm: 'Renamed event', aeOngoing: false });
  const entries = await server.db.selectFrom('form_history').selectAll().where('form_id', '=', draft.id).orderBy('position').execute();
  expect(entries[entries.length - 1].operation).toBe('update');
  expect(entries[entries.length - 1].changes).toContain(id);

  const other = await server.start(csv([columns, [server.patient.number, 'SZLK', draft.display_id, 'Never']]));
  const otherId = other.body.results[0].id;
  await server.waitFor(otherId, ['validated']);
  const cancelled = await server.call('POST', `/data-import/jobs/${otherId}/cancel`, IMPORTER);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.results[0]).toMatchObject({ state: 'cancelled', success: null });
  expect((await server.call('POST', `/data-import/jobs/${otherId}/cancel`, IMPORTER)).status).toBe(409);
  expect((await server.call('POST', `/data-import/jobs/${otherId}/commit`, IMPORTER)).status).toBe(409);
});
