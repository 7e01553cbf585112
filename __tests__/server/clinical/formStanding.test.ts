// Where a form stands, as its page and the correctable list show it: the form read carries the
// levels the registry requires and each approved level with who and when; the correctable list
// carries per form the first rejection's level, monitor, time and reason (and how many fields).
import { randomUUID } from 'node:crypto';
import { createClinicalTestServer, INVESTIGATOR, MONITOR, MONITOR2, type ClinicalTestServer } from './clinicalTestKit';
import { newBaseline, readForm, versionHeader } from './formLifecycleKit';

let server: ClinicalTestServer;
beforeAll(async () => {
  server = await createClinicalTestServer();
});
afterAll(async () => {
  await server.close();
});

const listed = async (kind: 'approvable' | 'correctable', as: string, id: string) => {
  const answer = await server.call('GET', `/forms/${kind}?limit=1000`, as);
  expect(answer.status).toBe(200);
  return answer.body.results.find((item: { id: string }) => item.id === id);
};

it('the form read names the required levels and who approved which level when', async () => {
  const form = await newBaseline(server);
  const handedIn = await readForm(server, form.id, MONITOR);
  expect(handedIn).toMatchObject({ requiredLevels: 2, approvals: [] });

  const approved = await server.call('PUT', `/forms/${form.id}/approve`, MONITOR, { level: 1 }, versionHeader(form));
  expect(approved.status).toBe(200);
  const seen = await readForm(server, form.id, INVESTIGATOR);
  expect(seen.requiredLevels).toBe(2);
  expect(seen.approvals).toEqual([{ level: 1, userId: server.userId(MONITOR), userName: expect.any(String), at: expect.any(String) }]);
  expect(seen.approvals[0].userName.length).toBeGreaterThan(0);
  expect(Number.isNaN(Date.parse(seen.approvals[0].at))).toBe(false);
  // The write's own answer is the same form view.
  expect(approved.body.results[0]).toMatchObject({ requiredLevels: 2, approvals: [{ level: 1 }] });
});

it('the correctable list says per form at which level, by whom, when and why it came back', async () => {
  const form = await newBaseline(server);
  const one = await server.call('PUT', `/forms/${form.id}/approve`, MONITOR, { level: 1 }, versionHeader(form));
  const rejections = [
    { path: 'esr', reason: 'Check the lab sheet' },
    { path: 'tjc28', reason: 'Count again' },
  ];
  const rejected = await server.call('PUT', `/forms/${form.id}/reject`, MONITOR2, { level: 2, rejections }, versionHeader(one.body.results[0]));
  expect(rejected.status).toBe(200);
  const monitorName = (await server.call('GET', `/forms/${form.id}/history`, MONITOR2)).body.results.at(-1).userName;

  const item = await listed('correctable', INVESTIGATOR, form.id);
  expect(item.rejection).toEqual({ level: 2, reviewer: monitorName, at: expect.any(String), reason: 'Check the lab sheet', count: 2 });
  expect(Number.isNaN(Date.parse(item.rejection.at))).toBe(false);
});

it('the approvable list carries no rejection summary', async () => {
  const form = await newBaseline(server);
  const item = await listed('approvable', MONITOR, form.id);
  expect(item).toBeDefined();
  expect(item).not.toHaveProperty('rejection');
});

// The total comes from the counters before the page (a page past the end or an empty list walks nothing).
it('the to-do lists total their first page, a later page and an empty filter as their counts do', async () => {
  const form = await newBaseline(server);
  const rejected = await server.call('PUT', `/forms/${form.id}/reject`, MONITOR, { level: 1, rejections: [{ path: 'esr', reason: 'Check the sheet' }] }, versionHeader(form));
  expect(rejected.status).toBe(200);
  await newBaseline(server);
  for (const [kind, as] of [['approvable', MONITOR], ['correctable', INVESTIGATOR]] as const) {
    const count = (await server.call('GET', `/forms/${kind}-count`, as)).body.results[0].count as number;
    expect(count).toBeGreaterThan(0);
    const page = async (query: string) => {
      const answer = await server.call('GET', `/forms/${kind}?statistics=true&${query}`, as);
      expect(answer.status).toBe(200);
      return { rows: answer.body.results.length, total: answer.body.statistics.total };
    };
    expect(await page('limit=1')).toEqual({ rows: 1, total: count });
    expect(await page(`limit=1&offset=${count - 1}`)).toEqual({ rows: 1, total: count });
    expect(await page(`limit=1&offset=${count}`)).toEqual({ rows: 0, total: count });
    expect(await page(`limit=5&filter=${encodeURIComponent(`registryId==${randomUUID()}`)}`)).toEqual({ rows: 0, total: 0 });
  }
  expect((await listed('correctable', INVESTIGATOR, form.id)).rejection).toMatchObject({ level: 1, reason: 'Check the sheet', count: 1 });
});
