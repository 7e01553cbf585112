// Form-level actions of the form page: deleting a draft, destroying a form with a reason, resetting
// the approvals of one form with a reason, and a field's history. Each writes its record entry (the
// reason kept under "$form"); bad input and missing permissions change nothing.
import { createClinicalTestServer, INVESTIGATOR, MONITOR, type ClinicalTestServer } from './clinicalTestKit';
import { lastEntry, newBaseline, readForm, versionHeader } from './formLifecycleKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

const historyCount = async (id: string): Promise<number> => Number((await server.db.selectFrom('form_history').select(({ fn }) => fn.countAll<number>().as('n')).where('form_id', '=', id).executeTakeFirstOrThrow()).n);

describe('deleting a draft', () => {
  it('is offered to and done by its investigator, refused to the monitor, and recorded', async () => {
    const draft = await newBaseline(server, false);
    expect((await readForm(server, draft.id, INVESTIGATOR)).operations).toContainEqual({ operation: 'delete' });
    const byMonitor = await server.call('DELETE', `/forms/${draft.id}`, MONITOR);
    expect(byMonitor.status).toBe(403);
    const entries = await historyCount(draft.id);
    const deleted = await server.call('DELETE', `/forms/${draft.id}`, INVESTIGATOR, undefined, versionHeader(draft));
    expect(deleted.status).toBe(204);
    expect((await server.call('GET', `/forms/${draft.id}`, INVESTIGATOR)).status).toBe(404);
    const record = await server.db.selectFrom('form_history').select(['operation', 'user_name']).where('form_id', '=', draft.id).orderBy('position', 'desc').executeTakeFirstOrThrow();
    expect(record.operation).toBe('delete');
    expect(await historyCount(draft.id)).toBe(entries + 1);
  });
});

describe('destroying a form', () => {
  it('needs a reason: without one it is refused and nothing changes', async () => {
    const form = await newBaseline(server);
    for (const body of [undefined, {}, { reason: '   ' }, { reason: 42 }]) {
      const refused = await server.call('DELETE', `/forms/${form.id}?destroy=true`, MONITOR, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({ path: 'reason' });
    }
    expect((await readForm(server, form.id, MONITOR)).version).toBe(form.version);
  });

  it('is refused to the investigator (no frm_destroy)', async () => {
    const form = await newBaseline(server);
    expect((await readForm(server, form.id, INVESTIGATOR)).operations).not.toContainEqual({ operation: 'destroy' });
    const refused = await server.call('DELETE', `/forms/${form.id}?destroy=true`, INVESTIGATOR, { reason: 'Wrong patient' });
    expect(refused.status).toBe(403);
    expect((await readForm(server, form.id, INVESTIGATOR)).state).toBe('await_inspect');
  });

  it('removes a handed-in form for the monitor and records the reason', async () => {
    const form = await newBaseline(server);
    expect((await readForm(server, form.id, MONITOR)).operations).toContainEqual({ operation: 'destroy' });
    const destroyed = await server.call('DELETE', `/forms/${form.id}?destroy=true`, MONITOR, { reason: 'Entered for the wrong patient' }, versionHeader(form));
    expect(destroyed.status).toBe(204);
    expect((await server.call('GET', `/forms/${form.id}`, MONITOR)).status).toBe(404);
    const record = await server.db.selectFrom('form_history').select(['operation', 'reasons']).where('form_id', '=', form.id).orderBy('position', 'desc').executeTakeFirstOrThrow();
    expect(record.operation).toBe('destroy');
    expect(JSON.parse(record.reasons)).toEqual({ $form: 'Entered for the wrong patient' });
  });
});

describe('resetting the approvals of one form', () => {
  it('needs a reason, and with one returns the form to draft with the reason on the record', async () => {
    const form = await newBaseline(server);
    const approved = await server.call('PUT', `/forms/${form.id}/approve`, MONITOR, { level: 1 }, versionHeader(form));
    expect(approved.status).toBe(200);
    const version = approved.body.results[0].version;
    const withoutReason = await server.call('DELETE', `/forms/${form.id}/approvals`, MONITOR, {});
    expect(withoutReason.status).toBe(400);
    expect((await readForm(server, form.id, MONITOR)).approvals).toHaveLength(1);
    const byInvestigator = await server.call('DELETE', `/forms/${form.id}/approvals`, INVESTIGATOR, { reason: 'x' });
    expect(byInvestigator.status).toBe(403);
    const reset = await server.call('DELETE', `/forms/${form.id}/approvals`, MONITOR, { reason: 'Source documents were updated' }, { 'x-form-version': String(version) });
    expect(reset.status).toBe(200);
    expect(reset.body.results[0]).toMatchObject({ state: 'draft', approvals: [] });
    expect(await lastEntry(server, form.id, MONITOR)).toMatchObject({ operation: 'approval_reset', reasons: { $form: 'Source documents were updated' } });
  });
});

describe("a field's history", () => {
  it('lists the entries that changed the field, old → new, who and when', async () => {
    const form = await newBaseline(server);
    const history = await server.call('GET', `/forms/${form.id}/field-history/esr`, MONITOR);
    expect(history.status).toBe(200);
    expect(history.body.results).toHaveLength(1);
    expect(history.body.results[0]).toMatchObject({ operation: 'update', userName: expect.any(String), changes: expect.arrayContaining([{ path: 'esr', old: null, new: 30 }]) });
    expect((await server.call('GET', `/forms/${form.id}/field-history/noSuchField`, MONITOR)).body.results).toEqual([]);
  });
});
