// The commit writes created forms a hundred at a time: a file longer than a batch, its rows
// alternating between two new visits, gets every form with its own display id number in its visit,
// one create entry naming the job, and record chains and anchors that verify.
import { verifyAllChains } from '../../../server/audit/auditVerify';
import { IMPORT_BATCH_FORMS } from '../../../server/dataImport/importFormBatch';
import { AE_COLUMNS, aeRow, useImportTestServer, csv, IMPORTER } from './importTestKit';

const server = useImportTestServer();

test('a file of more rows than a batch, alternating between two new visits, writes every form once with its number and record', async () => {
  const perVisit = IMPORT_BATCH_FORMS + 15;
  const starts = ['2026-04-06T09:00', '2026-04-13T09:00'];
  const rows = Array.from({ length: perVisit * 2 }, (_, i) => aeRow(server.patient.number, { attendanceStart: starts[i % 2], aeTerm: `Event ${i + 1}` }));
  const started = await server.start(csv([AE_COLUMNS, ...rows]));
  const id = started.body.results[0].id as string;
  expect(await server.waitFor(id, ['validated', 'failed'])).toMatchObject({ state: 'validated' });
  expect((await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER)).status).toBe(200);
  expect(await server.waitFor(id, ['succeeded', 'failed'])).toMatchObject({ state: 'succeeded', results: { formsCreated: perVisit * 2, newAttendances: 2 } });

  const forms = await server.db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .select(['forms.id', 'forms.display_id', 'forms.field_values', 'forms.record_count', 'attendances.display_id as visit'])
    .where('forms.form_type_id', '=', Number(server.aeTypeId))
    .where('attendances.patient_id', '=', server.patient.id)
    .execute();
  const visits = [...new Set(forms.map((f) => f.visit))];
  expect(visits).toHaveLength(2);
  for (const visit of visits) {
    const own = forms.filter((f) => f.visit === visit);
    const numbers = own.map((f) => Number(f.display_id.split('-').at(-1))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: perVisit }, (_, i) => i + 1));
  }
  // Every row's form, once: the terms of all rows.
  expect(forms.map((f) => JSON.parse(f.field_values).aeTerm).sort()).toEqual(rows.map((r) => r[AE_COLUMNS.indexOf('aeTerm')]).sort());
  expect(forms.every((f) => Number(f.record_count) === 1)).toBe(true);
  const entries = await server.db.selectFrom('form_history').select(['form_id', 'changes']).where('form_id', 'in', forms.map((f) => f.id)).execute();
  expect(entries).toHaveLength(forms.length);
  expect(entries.every((e) => e.changes.includes(id))).toBe(true);
  expect((await verifyAllChains(server.db)).breaks).toEqual([]);
});
