// A batch whose write fails fails the whole commit: the database refuses one form of the first
// batch (a test trigger), and the import ends failed with that refusal as its error, with no visit,
// form or record entry left behind. On PostgreSQL the commit prepares the next batch while one is
// being written, so this also proves the write's own error is the one reported and that nothing of
// the batch runs after the rollback.
import { sql } from 'kysely';
import { IMPORT_BATCH_FORMS } from '../../../server/dataImport/importFormBatch';
import { AE_COLUMNS, aeRow, csv, IMPORTER, useImportTestServer } from './importTestKit';

const server = useImportTestServer();

async function refuseMarkedForms(): Promise<void> {
  if (server.dialect === 'postgres') {
    await sql`create function refuse_marked_form() returns trigger language plpgsql as $$
      begin if new.field_values like '%REFUSE-ME%' then raise exception 'form refused by the test trigger'; end if; return new; end $$`.execute(server.db);
    await sql`create trigger refuse_marked_form before insert on forms for each row execute function refuse_marked_form()`.execute(server.db);
  } else {
    await sql`create trigger refuse_marked_form before insert on forms when new.field_values like '%REFUSE-ME%' begin select raise(abort, 'form refused by the test trigger'); end`.execute(server.db);
  }
}

const count = async (table: 'forms' | 'form_history' | 'attendances'): Promise<number> =>
  Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

test('a form the database refuses in the first batch fails the commit with that refusal and writes nothing', async () => {
  const starts = ['2026-06-01T09:00', '2026-06-08T09:00'];
  const rows = Array.from({ length: IMPORT_BATCH_FORMS + 50 }, (_, i) => aeRow(server.patient.number, { attendanceStart: starts[i % 2], aeTerm: i === 9 ? 'REFUSE-ME' : `Event ${i + 1}` }));
  const started = await server.start(csv([AE_COLUMNS, ...rows]));
  const id = started.body.results[0].id as string;
  expect(await server.waitFor(id, ['validated', 'failed'])).toMatchObject({ state: 'validated' });
  await refuseMarkedForms();
  const before = { forms: await count('forms'), entries: await count('form_history'), visits: await count('attendances') };

  expect((await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER)).status).toBe(200);
  const failed = await server.waitFor(id, ['succeeded', 'failed']);
  expect(failed).toMatchObject({ state: 'failed', success: false });
  expect(failed.error).toContain('form refused by the test trigger');
  expect({ forms: await count('forms'), entries: await count('form_history'), visits: await count('attendances') }).toEqual(before);
});
