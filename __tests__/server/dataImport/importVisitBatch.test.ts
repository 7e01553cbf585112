// The commit starts new visits in its batches (attendances, periods, start forms and their entries
// written many per statement, a day's numbers counted in memory). A file of more new visits than a
// batch, over two days, gets every visit with its own number of the day, its periods and start form,
// the patient's kept counter, a day counter a user's next start continues from, and chains that verify.
import { verifyAllChains } from '../../../server/audit/auditVerify';
import { IMPORT_BATCH_FORMS } from '../../../server/dataImport/importFormBatch';
import { AE_COLUMNS, aeRow, csv, IMPORTER, INVESTIGATOR, useImportTestServer } from './importTestKit';

const server = useImportTestServer();

const minute = (day: string, i: number): string => `${day}T${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;

test('more new visits than a batch get their numbers of the day, periods, start forms, counters and records', async () => {
  const onFirstDay = IMPORT_BATCH_FORMS + 20;
  const starts = [...Array.from({ length: onFirstDay }, (_, i) => minute('2026-05-04', i)), ...Array.from({ length: 30 }, (_, i) => minute('2026-05-05', i))];
  // Each visit twice in the file: its second row goes to the visit the first one started.
  const rows = [...starts, ...starts].map((start, i) => aeRow(server.patient.number, { attendanceStart: start, aeTerm: `Event ${i + 1}` }));
  const started = await server.start(csv([AE_COLUMNS, ...rows]));
  const id = started.body.results[0].id as string;
  expect(await server.waitFor(id, ['validated', 'failed'])).toMatchObject({ state: 'validated' });
  expect((await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER)).status).toBe(200);
  expect(await server.waitFor(id, ['succeeded', 'failed'])).toMatchObject({ state: 'succeeded', results: { newAttendances: starts.length, formsCreated: rows.length } });

  const visits = await server.db.selectFrom('attendances').select(['id', 'display_id', 'day_key', 'sequence', 'start_date_time']).where('patient_id', '=', server.patient.id).execute();
  expect(visits).toHaveLength(starts.length);
  for (const [dayKey, count] of [['20260504', onFirstDay], ['20260505', 30]] as const) {
    const ofDay = visits.filter((v) => v.day_key === dayKey).sort((a, b) => a.start_date_time.localeCompare(b.start_date_time));
    // Numbered 1..n in the file's order, each display id naming its number.
    expect(ofDay.map((v) => Number(v.sequence))).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(ofDay.every((v) => v.display_id === `SZLK-RA-BIO-${dayKey}-${v.sequence}`)).toBe(true);
  }
  const ids = visits.map((v) => v.id);
  const periods = await server.db.selectFrom('attendance_periods').select(['attendance_id', 'period_index']).where('attendance_id', 'in', ids).execute();
  expect(new Set(periods.filter((p) => Number(p.period_index) === 0).map((p) => p.attendance_id)).size).toBe(starts.length);
  const forms = await server.db.selectFrom('forms').select(['id', 'attendance_id', 'display_id', 'form_type_id']).where('attendance_id', 'in', ids).execute();
  const startForms = forms.filter((f) => String(f.form_type_id) !== server.aeTypeId);
  const visitIds = new Map(visits.map((v) => [v.id, v.display_id]));
  // One start form per visit, numbered 1; two adverse events per visit, numbered 1 and 2.
  expect(startForms).toHaveLength(starts.length);
  expect(startForms.every((f) => f.display_id.startsWith(`${visitIds.get(f.attendance_id)}-`) && f.display_id.endsWith('-1'))).toBe(true);
  const events = forms.filter((f) => String(f.form_type_id) === server.aeTypeId);
  expect(events.map((f) => f.display_id).sort()).toEqual(visits.flatMap((v) => [1, 2].map((n) => `${v.display_id}-RA-AE-${n}`)).sort());
  const entries = await server.db.selectFrom('form_history').select('form_id').where('form_id', 'in', forms.map((f) => f.id)).execute();
  expect(entries).toHaveLength(forms.length);
  expect((await verifyAllChains(server.db)).breaks).toEqual([]);

  // The counters kept by triggers and the day's sequence counter match the rows.
  const patient = await server.db.selectFrom('patients').select('attendance_count').where('id', '=', server.patient.id).executeTakeFirstOrThrow();
  expect(Number(patient.attendance_count)).toBe(starts.length);
  const next = await server.call('POST', '/attendances', INVESTIGATOR, {
    patientId: server.patient.id,
    registryId: server.registryId('RA-BIO'),
    instituteId: server.instituteId('SZLK'),
    physicianId: server.userId(INVESTIGATOR),
    startDateTime: '2026-05-04T15:00:00+02:00',
    confirmSameDay: true,
  });
  expect(next.status).toBe(201);
  expect(next.body.results[0].displayId).toBe(`SZLK-RA-BIO-20260504-${onFirstDay + 1}`);
});
