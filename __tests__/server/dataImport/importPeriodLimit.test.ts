// The commit meets the registry's period rule as a user's add does, also when it keeps the counts
// itself after an attendance's first form: rows fill one period after another up to the limit,
// and one form more than the periods take refuses the row and rolls back the whole commit.
import { AE_COLUMNS, aeRow, useImportTestServer, csv, IMPORTER } from './importTestKit';

const server = useImportTestServer();

async function importRows(count: number, attendanceStart: string): Promise<Record<string, unknown>> {
  const rows = Array.from({ length: count }, (_, i) => aeRow(server.patient.number, { attendanceStart, aeTerm: `Event ${i + 1}` }));
  const started = await server.start(csv([AE_COLUMNS, ...rows]));
  const id = started.body.results[0].id as string;
  expect(await server.waitFor(id, ['validated', 'failed'])).toMatchObject({ state: 'validated' });
  expect((await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER)).status).toBe(200);
  return server.waitFor(id, ['succeeded', 'failed']);
}

test('one adverse event per period: as many rows as periods land one in each, one row more fails the commit and writes nothing', async () => {
  const registryId = server.registryId('RA-BIO');
  const typeId = Number(server.aeTypeId);
  await server.db.updateTable('registry_period_form_types').set({ max_per_period: 1 }).where('registry_id', '=', registryId).where('form_type_id', '=', typeId).execute();
  const periods = (await server.db.selectFrom('registry_period_form_types').select('period_index').where('registry_id', '=', registryId).where('form_type_id', '=', typeId).execute()).length;
  expect(periods).toBeGreaterThan(1);

  const filled = await importRows(periods, '2026-03-02T09:00');
  expect(filled).toMatchObject({ state: 'succeeded', results: { formsCreated: periods, newAttendances: 1 } });
  const forms = await server.db.selectFrom('forms').select(['attendance_id', 'attendance_period_id']).where('form_type_id', '=', typeId).where('deleted_at', 'is', null).orderBy('created_at', 'desc').limit(periods).execute();
  expect(new Set(forms.map((f) => f.attendance_id)).size).toBe(1);
  expect(new Set(forms.map((f) => f.attendance_period_id)).size).toBe(periods);

  const before = await server.formCount();
  const over = await importRows(periods + 1, '2026-03-09T09:00');
  expect(over).toMatchObject({ state: 'failed', errorCode: 'row_refused' });
  expect(over.error).toContain(`row ${periods + 1}`);
  expect(await server.formCount()).toBe(before);
});
