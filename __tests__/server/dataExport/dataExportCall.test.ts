// POST /data-export and GET /data-export/options: who may export what, the checks of every
// parameter (a 400 naming it, no job created), and the narrowing of the request to what the
// caller may export. The file writer is a stand-in (exportTestKit); the jobs are not started here.
import { flushRequestLog } from '../../../server/appLog/requestLogBuffer';
import { insertAccessEntry } from '../../../server/permissions/accessEntryWrites.repository';
import { addAccount } from '../admin/adminTestKit';
import { ADMIN, EXPORTER, GOOD_PASSWORD, INVESTIGATOR, createExportTestServer, exportBody, type ExportTestServer } from './exportTestKit';

let server: ExportTestServer;
let rheuma: string;
let onco: string;
const LIMITED = 'limited.exporter@example.org';
const LIMITED_PERSONAL = 'personal.exporter@example.org';

beforeAll(async () => {
  server = await createExportTestServer();
  const registries = await server.db.selectFrom('registries').select(['id', 'short_name']).execute();
  rheuma = registries.find((r) => r.short_name === 'RA-BIO')?.id ?? '';
  onco = registries.find((r) => r.short_name === 'NSCLC-1L')?.id ?? '';
  const now = new Date().toISOString();
  const entry = { trusteeGroupId: null, formTypeId: null, instituteId: null, physicianId: null, attachPermission: false };
  const limited = await addAccount(server.db, { email: LIMITED, roles: ['data_exporter'] });
  await insertAccessEntry(server.db, 'registry', { ...entry, trusteeUserId: limited, scheme: 'guest', registryId: rheuma }, now);
  const personal = await addAccount(server.db, { email: LIMITED_PERSONAL, roles: ['data_exporter'] });
  await insertAccessEntry(server.db, 'registry', { ...entry, trusteeUserId: personal, scheme: 'uploader', registryId: rheuma }, now);
});

afterAll(async () => {
  await server.close();
});

const jobCount = async (): Promise<number> => Number((await server.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('who may export', () => {
  test('the options list what the caller may export: every registry for the demo exporter, only its registry for a limited one, with form types and their field ids', async () => {
    const all = await server.call('GET', '/data-export/options', EXPORTER);
    expect(all.status).toBe(200);
    const options = all.body.results[0];
    expect(options.registries.map((r: { id: string }) => r.id).sort()).toEqual([rheuma, onco].sort());
    expect(options.personalDataAllowed).toBe(false);
    const baseline = options.formTypes.find((t: { registryId: string; fields: unknown[] }) => t.registryId === rheuma && t.fields.length > 0);
    expect(baseline.fields[0]).toEqual({ id: expect.any(String), label: expect.any(String) });

    const limited = (await server.call('GET', '/data-export/options', LIMITED)).body.results[0];
    expect(limited.registries.map((r: { id: string }) => r.id)).toEqual([rheuma]);
    expect(new Set(limited.formTypes.map((t: { registryId: string }) => t.registryId))).toEqual(new Set([rheuma]));
    expect((await server.call('GET', '/data-export/options', LIMITED_PERSONAL)).body.results[0].personalDataAllowed).toBe(true);
  });

  test('users without the data_exporter or admin role are refused every export call', async () => {
    expect((await server.call('GET', '/data-export/options', INVESTIGATOR)).status).toBe(403);
    expect((await server.call('POST', '/data-export', INVESTIGATOR, exportBody())).status).toBe(403);
    expect((await server.call('GET', '/data-export/jobs', INVESTIGATOR)).status).toBe(403);
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/data-export', payload: exportBody() })).statusCode).toBe(401);
    expect(await jobCount()).toBe(0);
  });
});

describe('bad input is a 400 naming the parameter, and no job is created', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a missing file name', { fileName: undefined }, 'fileName', 'any.required'],
    ['an empty file name', { fileName: '  ' }, 'fileName', 'any.required'],
    ['a file name with a path', { fileName: '../etc/passwd' }, 'fileName', 'string.regex.base'],
    ['a missing password', { password: undefined }, 'password', 'any.required'],
    ['a password under the policy', { password: 'short1' }, 'password', 'string.notComplexEnough'],
    ['an approval level out of range', { minimumApprovalLevel: 5 }, 'minimumApprovalLevel', 'number.max'],
    ['a cell size under the limit', { maxCellSize: 9 }, 'maxCellSize', 'number.min'],
    ['a days limit of 0', { daysLimit: 0 }, 'daysLimit', 'number.min'],
    ['too many columns per sheet', { columnsPerSheet: 16385 }, 'columnsPerSheet', 'number.max'],
    ['too few forms per sheet', { formsPerSheet: 1 }, 'formsPerSheet', 'number.min'],
    ['an unknown format', { format: 'csv' }, 'format', 'any.only'],
    ['a registry that does not exist', { registryIds: ['no-such-registry'] }, 'registryIds', 'api.notExportable'],
    ['a form type that does not exist', { formTypeIds: ['999999'] }, 'formTypeIds', 'api.notExportable'],
    ['a field id that does not exist', { fieldFilters: ['no_such_field'] }, 'fieldFilters', 'api.unknownExportField'],
  ];

  test.each(cases)('%s', async (_name, change, path, key) => {
    const response = await server.call('POST', '/data-export', EXPORTER, exportBody(change));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, key })]));
    expect(response.body.message).toEqual(expect.stringContaining(path));
    expect(await jobCount()).toBe(0);
  });

  test('a registry or form type outside the caller\'s access, or personal data without personal_data_access, is refused', async () => {
    const oncoType = await server.db.selectFrom('form_types').select('id').where('registry_id', '=', onco).executeTakeFirstOrThrow();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ registryIds: [onco] }, 'registryIds', 'api.notExportable'],
      [{ registryIds: [rheuma], formTypeIds: [String(oncoType.id)] }, 'formTypeIds', 'api.notExportable'],
      [{ includePersonalData: true }, 'includePersonalData', 'api.personalDataNotAllowed'],
    ];
    for (const [change, path, key] of refusals) {
      const response = await server.call('POST', '/data-export', LIMITED, exportBody(change));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ path, key })]);
    }
    expect(await jobCount()).toBe(0);
  });
});

describe('a good request', () => {
  test('answers the queued job with the parameters narrowed to what the caller may export, and keeps the password out of the row and the log', async () => {
    const response = await server.call('POST', '/data-export', LIMITED, exportBody({ fileName: ' narrowed ' }));
    expect(response.status).toBe(202);
    const job = response.body.results[0];
    expect(job).toMatchObject({ state: 'queued', fileName: 'narrowed', format: 'xlsx', progress: { done: 0 } });
    expect(job.parameters.registryIds).toEqual([rheuma]);
    expect(job.parameters.formTypeIds.length).toBeGreaterThan(0);
    expect(job.parameters.instituteIds.length).toBeGreaterThan(0);
    expect(job.parameters).not.toHaveProperty('password');

    const row = await server.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(GOOD_PASSWORD);
    const log = await server.db.selectFrom('application_log').selectAll().where('event', '=', 'data_export.requested').execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ target_id: job.id, target_name: 'narrowed' });
    await flushRequestLog(server.db); // the request rows too, written in batches
    expect(JSON.stringify(await server.db.selectFrom('application_log').selectAll().execute())).not.toContain(GOOD_PASSWORD);

    const list = await server.call('GET', '/data-export/jobs', LIMITED);
    expect(list.body.results.map((j: { id: string }) => j.id)).toEqual([job.id]);
    // A job is its requester's: the demo exporter and the admin do not see it.
    expect((await server.call('GET', `/data-export/jobs/${job.id}`, EXPORTER)).status).toBe(404);
    expect((await server.call('GET', `/data-export/jobs/${job.id}`, ADMIN)).status).toBe(404);
    expect((await server.call('GET', '/data-export/jobs', EXPORTER)).body.results).toEqual([]);
  });

  test('personal data may be included by a user with personal_data_access in every chosen registry, and by the admin', async () => {
    expect((await server.call('POST', '/data-export', LIMITED_PERSONAL, exportBody({ includePersonalData: true }))).status).toBe(202);
    const admin = await server.call('POST', '/data-export', ADMIN, exportBody({ includePersonalData: true, registryIds: [onco], format: 'odm' }));
    expect(admin.status).toBe(202);
    expect(admin.body.results[0].parameters).toMatchObject({ registryIds: [onco], includePersonalData: true, format: 'odm' });
  });

  test('a queued export can be cancelled by its requester; an ended one cannot', async () => {
    const job = (await server.call('POST', '/data-export', EXPORTER, exportBody())).body.results[0];
    expect((await server.call('DELETE', `/data-export/jobs/${job.id}`, LIMITED)).status).toBe(404);
    const cancelled = await server.call('DELETE', `/data-export/jobs/${job.id}`, EXPORTER);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.results[0].state).toBe('cancelled');
    expect((await server.call('DELETE', `/data-export/jobs/${job.id}`, EXPORTER)).status).toBe(409);
    expect((await server.call('GET', `/data-export/jobs/${job.id}/file`, EXPORTER)).status).toBe(409);
  });
});
