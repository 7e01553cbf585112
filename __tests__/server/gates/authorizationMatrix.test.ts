// The authorization matrix (quality gate): every route of the OpenAPI document x every demo role
// (and no token) x an entity of institute 1 and of institute 2. No answer carries the id of a
// patient, attendance, period or form the caller may not see, nor personal data of a patient
// without personal_data_access; a write by a role that may not make it is refused (401/403/404)
// and changes nothing. A route without a rule in matrixRules.ts fails the gate.
import { ALL_ROLES, createGate, dataDigest, leaksIn, sendAll, SIDES, type Call, type Gate, type Role, type Side } from './matrixKit';
import { paramValue, RULES, type Rule } from './matrixRules';

// Two databases on two shared cores: the whole matrix, sign-ins included, stays well under this.
jest.setTimeout(120_000);

let gate: Gate;
let routes: { key: string; method: string; path: string }[] = [];
beforeAll(async () => {
  gate = await createGate();
  const doc = (await gate.server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await gate.close();
});

function urlOf(path: string, rule: Rule, side: Side): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const kind = rule.params?.[name];
    if (!kind) throw new Error(`${path}: no kind for {${name}} in its rule`);
    return encodeURIComponent(paramValue(gate.seeded, side, kind));
  });
}

const isWrite = (method: string): boolean => method !== 'GET';

function callsOf(route: { method: string; path: string }, rule: Rule, roles: readonly Role[]): (Call & { side: Side })[] {
  const sides: readonly Side[] = rule.params || route.method === 'POST' ? SIDES : ['own'];
  return sides.flatMap((side) =>
    roles.map((role) => ({
      side,
      role,
      method: route.method,
      url: urlOf(route.path, rule, side),
      body: rule.write?.body?.(gate.seeded, side),
      headers: rule.write?.headers?.(gate.seeded, side),
    })),
  );
}

test('every route of the OpenAPI document has a rule, and every rule a route', () => {
  expect(routes.length).toBeGreaterThan(50);
  expect(routes.filter((route) => !RULES[route.key]).map((route) => route.key)).toEqual([]);
  expect(Object.keys(RULES).filter((key) => !routes.some((route) => route.key === key))).toEqual([]);
  // A write must say who may make it, or why the matrix leaves it to another suite.
  expect(routes.filter((route) => isWrite(route.method) && !RULES[route.key].write && !RULES[route.key].exempt).map((route) => route.key)).toEqual([]);
});

test('the detector sees a leak: the admin\'s patient list would leak to every narrower role', async () => {
  const [all] = await sendAll(gate, [{ method: 'GET', url: '/api/v1/patients?limit=100', role: 'admin' }]);
  expect(all.status).toBe(200);
  expect(leaksIn(gate, 'admin', all.text)).toEqual([]);
  for (const role of ['investigator', 'investigator2', 'monitor', 'exporter', 'anonymous'] as const) expect(leaksIn(gate, role, all.text).length).toBeGreaterThan(0);
});

test('reads: no foreign ids and no personal data without the scope, for every role and both institutes', async () => {
  const reads = routes.filter((route) => !isWrite(route.method));
  const calls = reads.flatMap((route) => callsOf(route, RULES[route.key], ALL_ROLES));
  const routeKeys = reads.flatMap((route) => callsOf(route, RULES[route.key], ALL_ROLES).map(() => route.key));
  const replies = await sendAll(gate, calls);
  const problems = calls.flatMap((call, i) => {
    const reply = replies[i];
    const found = leaksIn(gate, call.role, reply.text, call.url).map((leak) => `${call.role} ${call.method} ${call.url} (${call.side}) → ${reply.status}: ${leak}`);
    if (reply.status >= 500) found.push(`${call.role} ${call.method} ${call.url} → ${reply.status}`);
    return found;
  });
  expect([...new Set(problems)]).toEqual([]);
  // The path ids are real: the investigator of institute 1 reads its own entities, with personal data.
  const own = (key: string): number => replies[calls.findIndex((c, i) => routeKeys[i] === key && c.role === 'investigator' && c.side === 'own')].status;
  for (const key of ['GET /api/v1/patients/{id}', 'GET /api/v1/attendances/{id}', 'GET /api/v1/forms/{id}', 'GET /api/v1/forms/{id}/history', 'GET /api/v1/attendance_periods/{id}/forms']) expect([key, own(key)]).toEqual([key, 200]);
});

test('writes: refused (401/403/404) for every role that may not write, with nothing changed', async () => {
  const problems: string[] = [];
  for (const route of routes.filter((r) => isWrite(r.method) && RULES[r.key].write)) {
    const rule = RULES[route.key];
    const write = rule.write as NonNullable<Rule['write']>;
    const calls = callsOf(route, rule, ALL_ROLES).filter((call) => !write.writers(call.role, call.side));
    const before = await dataDigest(gate);
    const replies = await sendAll(gate, calls);
    calls.forEach((call, i) => {
      const reply = replies[i];
      if (![401, 403, 404].includes(reply.status)) problems.push(`${call.role} ${call.method} ${call.url} (${call.side}) → ${reply.status} ${reply.text.slice(0, 160)}`);
      for (const leak of leaksIn(gate, call.role, reply.text, call.url)) problems.push(`${call.role} ${call.method} ${call.url} (${call.side}): ${leak}`);
    });
    if ((await dataDigest(gate)) !== before) problems.push(`${route.key}: data changed by a refused write`);
  }
  expect(problems).toEqual([]);
});
