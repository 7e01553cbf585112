// The record tells saving a draft from finalizing (and every other move of the form's state): each
// entry that moves the state carries a `$state` change, old -> new, read back in the history answer.
import { createClinicalTestServer, INVESTIGATOR, MONITOR, type ClinicalTestServer } from './clinicalTestKit';
import { newBaseline, readForm, versionHeader } from './formLifecycleKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(() => server.close());

interface Entry {
  operation: string;
  level: number | null;
  userName: string;
  changes: { path: string; old: unknown; new: unknown }[];
}

async function stateMoves(formId: string): Promise<[string, unknown, unknown][]> {
  const history = await server.call('GET', `/forms/${formId}/history`, MONITOR);
  return (history.body.results as Entry[]).map((entry) => {
    const state = entry.changes.find((change) => change.path === '$state');
    return [entry.operation, state?.old, state?.new];
  });
}

test('a draft save keeps the state; finalizing, approving and rejecting record where the form went', async () => {
  const draft = await newBaseline(server, false);
  expect(await stateMoves(draft.id)).toEqual([
    ['create', null, 'draft'],
    ['update', 'draft', 'draft'],
  ]);

  const form = await newBaseline(server, true);
  const approved = await server.call('PUT', `/forms/${form.id}/approve`, MONITOR, { level: 1 }, versionHeader(form));
  expect(approved.status).toBe(200);
  const rejected = await server.call(
    'PUT',
    `/forms/${form.id}/reject`,
    MONITOR,
    { level: 2, rejections: [{ path: 'esr', reason: 'Nézze meg a forrásdokumentumot' }] },
    versionHeader(approved.body.results[0]),
  );
  expect(rejected.status).toBe(200);
  const moves = await stateMoves(form.id);
  expect(moves[0]).toEqual(['create', null, 'draft']);
  expect(moves[1]).toEqual(['update', 'draft', 'await_inspect']);
  // Level 1 of the registry's 2 leaves the form awaiting the next level: no move to record.
  expect(moves[2]).toEqual(['approve', undefined, undefined]);
  expect(moves[3]).toEqual(['reject', 'await_inspect', 'rejected']);
  expect((await readForm(server, form.id, INVESTIGATOR)).state).toBe('rejected');
});

test('the history names who acted', async () => {
  const form = await newBaseline(server, true);
  const history = await server.call('GET', `/forms/${form.id}/history`, INVESTIGATOR);
  expect((history.body.results as Entry[]).map((entry) => entry.userName)).toEqual(['Dr. Nagy Eszter', 'Dr. Nagy Eszter']);
});
