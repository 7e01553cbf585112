// Four eyes (docs/form-lifecycle.md): nobody approves two levels of one form, nor a form whose
// values they entered, corrected or fixed in the current round (since its last approval reset).
// The server refuses with 409 four_eyes and a message saying why; the form read no longer offers
// approve to that user and says why in `fourEyes`.
import { ADMIN, createClinicalTestServer, INVESTIGATOR, MONITOR, MONITOR2, type ClinicalTestServer } from './clinicalTestKit';
import { newBaseline, readForm, versionHeader } from './formLifecycleKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

const approve = (id: string, level: number, as: string, version: number) => server.call('PUT', `/forms/${id}/approve`, as, { level }, { 'x-form-version': String(version) });

describe('four eyes', () => {
  it('refuses a second level to the monitor who approved the first; another monitor approves it', async () => {
    const form = await newBaseline(server);
    const one = await approve(form.id, 1, MONITOR, form.version);
    expect(one.status).toBe(200);
    const seen = await readForm(server, form.id, MONITOR);
    expect(seen.operations).not.toContainEqual({ operation: 'approve', level: 2 });
    // Rejecting stays open: sending a field back certifies nothing.
    expect(seen.operations).toContainEqual({ operation: 'reject', level: 2 });
    expect(seen.fourEyes).toEqual({ reason: 'approved_level', level: 1 });
    const refused = await approve(form.id, 2, MONITOR, seen.version);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'four_eyes', why: 'approved_level', level: 1 });
    expect(refused.body.message).toMatch(/another monitor/);
    expect((await readForm(server, form.id, MONITOR)).version).toBe(seen.version);

    const other = await readForm(server, form.id, MONITOR2);
    expect(other.fourEyes).toBeNull();
    const two = await approve(form.id, 2, MONITOR2, other.version);
    expect(two.status).toBe(200);
    expect(two.body.results[0]).toMatchObject({ state: 'final', approvals: [{ level: 1, userId: server.userId(MONITOR) }, { level: 2, userId: server.userId(MONITOR2) }] });
  });

  it('refuses approval to whoever entered the values of the form', async () => {
    // The administrator holds every code: they may enter a form and, but for four eyes, approve it.
    const draft = await newBaseline(server, false);
    const read = await readForm(server, draft.id, ADMIN);
    const handedIn = await server.call('PUT', `/forms/${draft.id}`, ADMIN, { values: { ...read.values, esr: 31, das28esr: null }, submit: true }, versionHeader(read));
    expect(handedIn.body).toMatchObject({ results: [{ state: 'await_inspect' }] });
    const seen = await readForm(server, draft.id, ADMIN);
    expect(seen.fourEyes).toEqual({ reason: 'wrote_values' });
    const refused = await approve(draft.id, 1, ADMIN, seen.version);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'four_eyes', why: 'wrote_values' });
    expect((await approve(draft.id, 1, MONITOR, seen.version)).status).toBe(200);
  });

  it('counts a fix as writing values, until an approval reset starts a new round', async () => {
    const form = await newBaseline(server);
    expect((await server.call('PUT', `/forms/${form.id}/fix-locks/esr`, MONITOR)).status).toBe(200);
    const fixed = await server.call('PUT', `/forms/${form.id}/fix`, MONITOR, { path: 'esr', value: 29 }, versionHeader(form));
    expect(fixed.status).toBe(200);
    expect(fixed.body.results[0].fourEyes).toEqual({ reason: 'wrote_values' });
    const refused = await approve(form.id, 1, MONITOR, fixed.body.results[0].version);
    expect(refused.body.code).toBe('four_eyes');

    // A reset returns the form to its investigator; handed in again, the fixer may approve the new round.
    const reset = await server.call('DELETE', `/forms/${form.id}/approvals`, MONITOR, { reason: 'New lab report' });
    expect(reset.status).toBe(200);
    const mine = await readForm(server, form.id, INVESTIGATOR);
    const again = await server.call('PUT', `/forms/${form.id}`, INVESTIGATOR, { values: mine.values, submit: true }, versionHeader(mine));
    expect(again.body).toMatchObject({ results: [{ state: 'await_inspect' }] });
    expect((await approve(form.id, 1, MONITOR, again.body.results[0].version)).status).toBe(200);
  });
});
