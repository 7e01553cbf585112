// Brute-force limits: per account, per address, per MFA session; state in the database.
import { createAuthTestServer, eventsNamed, signIn, DEMO_PASSWORD, type AuthTestServer } from './authTestKit';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer();
});
afterAll(() => server.close());

test('5 wrong passwords lock the account for 15 minutes with a 429, Retry-After and a log event', async () => {
  for (let i = 0; i < 5; i += 1) {
    expect((await signIn(server, 'monitor@example.org', `Wrong-${i}`, {}, '10.0.0.1')).statusCode).toBe(401);
  }
  const locked = await signIn(server, 'monitor@example.org', DEMO_PASSWORD, { 'accept-language': 'en' }, '10.0.0.2');
  expect(locked.statusCode).toBe(429);
  expect(locked.headers['retry-after']).toBe('900');
  expect(locked.json()).toEqual({
    statusCode: 429,
    code: 'too_many_attempts',
    message: 'Too many failed attempts. Please try again in 15 minutes.',
  });
  const [lockout] = await eventsNamed(server, 'auth.lockout');
  expect(lockout).toMatchObject({ severity: 'warning', target_name: 'monitor@example.org' });
  expect(JSON.parse(String(lockout.data))).toMatchObject({ scope: 'account' });

  server.clock.advance(14 * 60);
  expect((await signIn(server, 'monitor@example.org')).statusCode).toBe(429);
  server.clock.advance(61);
  expect((await signIn(server, 'monitor@example.org')).statusCode).toBe(200);
});

test('a success clears the account failures', async () => {
  for (let i = 0; i < 4; i += 1) await signIn(server, 'biobank@example.org', 'Wrong', {}, '10.0.1.1');
  expect((await signIn(server, 'biobank@example.org', DEMO_PASSWORD, {}, '10.0.1.1')).statusCode).toBe(200);
  for (let i = 0; i < 4; i += 1) await signIn(server, 'biobank@example.org', 'Wrong', {}, '10.0.1.1');
  expect((await signIn(server, 'biobank@example.org', DEMO_PASSWORD, {}, '10.0.1.1')).statusCode).toBe(200);
});

test('30 failures from one address lock that address, for every account', async () => {
  for (let i = 0; i < 30; i += 1) {
    expect((await signIn(server, `guess${i}@example.org`, 'Wrong', {}, '10.9.9.9')).statusCode).toBe(401);
  }
  const blocked = await signIn(server, 'admin@example.org', DEMO_PASSWORD, {}, '10.9.9.9');
  expect(blocked.statusCode).toBe(429);
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  expect((await signIn(server, 'admin@example.org', DEMO_PASSWORD, {}, '10.9.9.8')).statusCode).toBe(200);
  const events = await eventsNamed(server, 'auth.lockout');
  expect(events.some((row) => row.target_name === '10.9.9.9')).toBe(true);
});
