// Mails that anyone can trigger are limited per address, per account and per client address; the
// answer never says whether a mail went out, only a flood from one client address gets a 429.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { LightMyRequestResponse } from 'fastify';
import { createAuthTestServer, eventsNamed, get, mailsTo, STRONG_PASSWORD, type AuthTestServer } from './authTestKit';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer();
});
afterAll(() => server.close());

const EN = { 'accept-language': 'en' };
const ACCEPTED = { results: [{ accepted: true }] };

function post(url: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers: EN, remoteAddress });
}

const requestReset = (email: string, remoteAddress?: string): Promise<LightMyRequestResponse> => post('/auth/request-password-reset', { email }, remoteAddress);
const resend = (email: string, remoteAddress?: string): Promise<LightMyRequestResponse> => post('/user-registrations/resend-confirmation-email', { email }, remoteAddress);

/** Every mail to the address once the mail queue had time to send whatever it was given. */
async function settledMailsTo(address: string, atLeast: number): Promise<number> {
  await mailsTo(server, address, atLeast);
  await new Promise((resolve) => setTimeout(resolve, 150));
  return server.sent.filter((mail) => mail.to === address).length;
}

test('at most 3 reset mails per address an hour, with the same answer each time', async () => {
  const email = 'monitor@example.org';
  for (let i = 0; i < 5; i += 1) {
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(ACCEPTED);
  }
  const unknown = await requestReset('nobody.here@example.org');
  expect([unknown.statusCode, unknown.json()]).toEqual([200, ACCEPTED]);
  expect(await settledMailsTo(email, 3)).toBe(3);
  const held = await eventsNamed(server, 'mail.throttled');
  expect(held).toHaveLength(2);
  expect(held[0]).toMatchObject({ severity: 'warning', target_name: email });

  server.clock.advance(60 * 60 + 1);
  expect((await requestReset(email)).json()).toEqual(ACCEPTED);
  expect(await settledMailsTo(email, 4)).toBe(4);
});

test('the account keeps its limit when its address changes', async () => {
  const before = 'biobank@example.org';
  for (let i = 0; i < 3; i += 1) await requestReset(before);
  expect(await settledMailsTo(before, 3)).toBe(3);
  const after = 'biobank.new@example.org';
  await server.db.updateTable('users').set({ email: after }).where('email', '=', before).execute();
  expect((await requestReset(after)).json()).toEqual(ACCEPTED);
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(server.sent.filter((mail) => mail.to === after)).toHaveLength(0);
});

async function solvedCaptcha(): Promise<string> {
  const challenge = (await get(server, '/api/v1/user-registrations/captcha')).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

test('registration and resending the link share the 3 confirmation mails of an address', async () => {
  const institutes = (await get(server, '/api/v1/user-registrations/institutes')).json().results;
  const email = 'fresh.user@example.org';
  const registered = await post('/user-registrations/users', {
    name: 'Dr. Friss Felhasználó',
    email,
    password: STRONG_PASSWORD,
    passwordConfirmation: STRONG_PASSWORD,
    instituteId: institutes[0].id,
    altcha: await solvedCaptcha(),
  });
  expect(registered.statusCode).toBe(201);
  for (let i = 0; i < 4; i += 1) expect((await resend(email)).json()).toEqual(ACCEPTED);
  expect(await settledMailsTo(email, 3)).toBe(3);
  server.clock.advance(60 * 60 + 1);
  await resend(email);
  expect(await settledMailsTo(email, 4)).toBe(4);
});

test('a flood from one client address gets 429 after 100 requests; other addresses go on', async () => {
  for (let i = 0; i < 100; i += 1) {
    const response = i % 2 === 0 ? await requestReset(`flood${i}@example.org`, '10.5.5.5') : await resend(`flood${i}@example.org`, '10.5.5.5');
    expect(response.statusCode).toBe(200);
  }
  for (const response of [await requestReset('investigator@example.org', '10.5.5.5'), await resend('flood@example.org', '10.5.5.5')]) {
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('3600');
    expect(response.json()).toEqual({ statusCode: 429, code: 'too_many_attempts', message: 'Too many requests from this address. Please try again in 60 minutes.' });
  }
  expect((await requestReset('flood0@example.org', '10.5.5.6')).statusCode).toBe(200);
  server.clock.advance(60 * 60 + 1);
  expect((await requestReset('flood0@example.org', '10.5.5.5')).statusCode).toBe(200);
});
