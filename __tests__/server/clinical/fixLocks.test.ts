// Fixing a handed-in form (docs/form-lifecycle.md "Fixing"): a monitor takes the lock of one field,
// a second monitor sees it locked and by whom and is refused it until it lapses, the fix writes the
// value with a "fix" record entry naming old → new, keeps the state and approvals, and frees the lock.
import { ADMIN, createClinicalTestServer, INVESTIGATOR, MONITOR, type ClinicalTestServer } from './clinicalTestKit';
import { lastEntry, newBaseline, readForm, versionHeader, type FormRef } from './formLifecycleKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

const lock = (form: FormRef, path: string, as: string) => server.call('PUT', `/forms/${form.id}/fix-locks/${encodeURIComponent(path)}`, as);
const fix = (form: FormRef, body: unknown, as: string, version = form.version) => server.call('PUT', `/forms/${form.id}/fix`, as, body, { 'x-form-version': String(version) });

describe('fix locks', () => {
  it('are offered to a monitor on a handed-in form, not to the investigator nor on a draft', async () => {
    const form = await newBaseline(server);
    expect((await readForm(server, form.id, MONITOR)).operations).toContainEqual({ operation: 'fix' });
    expect((await readForm(server, form.id, INVESTIGATOR)).operations).not.toContainEqual({ operation: 'fix' });
    expect((await lock(form, 'esr', INVESTIGATOR)).status).toBe(403);
    const draft = await newBaseline(server, false);
    const onDraft = await lock(draft, 'esr', MONITOR);
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.code).toBe('illegal_transition');
  });

  it('refuse a path that is no field of the form', async () => {
    const form = await newBaseline(server);
    const unknown = await lock(form, 'noSuchField', MONITOR);
    expect(unknown.status).toBe(400);
    expect(await server.db.selectFrom('form_fix_locks').selectAll().where('form_id', '=', form.id).execute()).toEqual([]);
  });

  it('show the holder to a second monitor, who is refused the field until the lock lapses, then takes it over', async () => {
    const form = await newBaseline(server);
    const taken = await lock(form, 'esr', MONITOR);
    expect(taken.status).toBe(200);
    expect(taken.body.results[0]).toMatchObject({ path: 'esr', userId: server.userId(MONITOR), userName: expect.any(String) });
    const holderName: string = taken.body.results[0].userName;
    expect((await readForm(server, form.id, ADMIN)).locks).toEqual([expect.objectContaining({ path: 'esr', userName: holderName })]);
    const second = await lock(form, 'esr', ADMIN);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'field_locked', userName: holderName });
    expect(second.body.message).toContain(holderName);
    expect((await fix(form, { path: 'esr', value: 31 }, ADMIN)).status).toBe(409);

    // The lock lapses (ten minutes without renewal): the second monitor takes it over, and the first one's fix is refused.
    await server.db.updateTable('form_fix_locks').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('form_id', '=', form.id).execute();
    expect((await readForm(server, form.id, ADMIN)).locks).toEqual([]);
    const takeover = await lock(form, 'esr', ADMIN);
    expect(takeover.status).toBe(200);
    const late = await fix(form, { path: 'esr', value: 31 }, MONITOR);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('field_locked');
    expect((await readForm(server, form.id, MONITOR)).values.esr).toBe(30);
  });

  it('are renewed by taking them again, and released by their holder only', async () => {
    const form = await newBaseline(server);
    const first = await lock(form, 'crp', MONITOR);
    await server.db.updateTable('form_fix_locks').set({ expires_at: new Date(Date.now() + 60_000).toISOString() }).where('form_id', '=', form.id).execute();
    const renewed = await lock(form, 'crp', MONITOR);
    expect(renewed.status).toBe(200);
    expect(Date.parse(renewed.body.results[0].expiresAt)).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(Date.parse(renewed.body.results[0].expiresAt)).toBeGreaterThanOrEqual(Date.parse(first.body.results[0].expiresAt));
    expect((await server.call('DELETE', `/forms/${form.id}/fix-locks/crp`, ADMIN)).status).toBe(204);
    expect((await readForm(server, form.id, MONITOR)).locks).toHaveLength(1);
    expect((await server.call('DELETE', `/forms/${form.id}/fix-locks/crp`, MONITOR)).status).toBe(204);
    expect((await readForm(server, form.id, MONITOR)).locks).toEqual([]);
  });
});

describe('the fix', () => {
  it('needs the lock, the version and a valid value; each refusal changes nothing', async () => {
    const form = await newBaseline(server);
    const noLock = await fix(form, { path: 'esr', value: 31 }, MONITOR);
    expect(noLock.status).toBe(409);
    expect(noLock.body.code).toBe('fix_lock_not_held');
    await lock(form, 'esr', MONITOR);
    expect((await server.call('PUT', `/forms/${form.id}/fix`, MONITOR, { path: 'esr', value: 31 })).status).toBe(400);
    expect((await fix(form, { path: 'esr', value: 31 }, MONITOR, form.version + 5)).status).toBe(409);
    const invalid = await fix(form, { path: 'esr', value: 'many' }, MONITOR);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors[0].path).toBe('esr');
    const after = await readForm(server, form.id, MONITOR);
    expect(after).toMatchObject({ version: form.version, values: expect.objectContaining({ esr: 30 }) });
  });

  it('writes the value, keeps the state and approvals, records old → new and frees the field', async () => {
    const form = await newBaseline(server);
    const approved = await server.call('PUT', `/forms/${form.id}/approve`, MONITOR, { level: 1 }, versionHeader(form));
    const version: number = approved.body.results[0].version;
    expect((await lock(form, 'esr', ADMIN)).status).toBe(200);
    const fixed = await fix(form, { path: 'esr', value: 28 }, ADMIN, version);
    expect(fixed.status).toBe(200);
    expect(fixed.body.results[0]).toMatchObject({ state: 'await_inspect', approvals: [{ level: 1 }], version: version + 1, locks: [] });
    expect(fixed.body.results[0].values.esr).toBe(28);
    // DAS28 is recomputed from the fixed ESR, and the record says so too.
    expect(fixed.body.results[0].values.das28esr).not.toBe(approved.body.results[0].values.das28esr);
    const entry = await lastEntry(server, form.id, MONITOR);
    expect(entry).toMatchObject({ operation: 'fix', userId: server.userId(ADMIN) });
    expect(entry.changes).toContainEqual({ path: 'esr', old: 30, new: 28 });
    const fieldHistory = await server.call('GET', `/forms/${form.id}/field-history/esr`, INVESTIGATOR);
    expect(fieldHistory.body.results.map((e: { operation: string }) => e.operation)).toEqual(['update', 'fix']);
  });
});
