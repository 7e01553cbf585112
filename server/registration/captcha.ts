// ALTCHA proof of work (DESIGN §7: self-hosted, no third party). Challenges are signed with a key
// derived from APP_SECRET and expire after 10 minutes; the server keeps no challenge state. Each
// solved challenge is accepted once: its nonce goes into captcha_uses, whose primary key makes the
// check atomic across instances.
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ServerServices } from '../services';

export const CAPTCHA_TTL_SECONDS = 600;
const ALGORITHM = 'PBKDF2/SHA-256';

export async function newCaptchaChallenge(services: ServerServices): Promise<Challenge> {
  const { cost, counterMin, counterMax } = services.captcha;
  const now = services.clock();
  return createChallenge({
    algorithm: ALGORITHM,
    cost,
    counter: randomInt(counterMin, counterMax),
    deriveKey,
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    hmacSignatureSecret: services.keys.captchaSigning,
    // Lets the server check a solution by one HMAC instead of redoing the work.
    hmacKeySignatureSecret: `${services.keys.captchaSigning}:key`,
  });
}

function decodePayload(text: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Payload;
    const ok =
      typeof payload === 'object' &&
      payload !== null &&
      typeof payload.challenge?.parameters?.nonce === 'string' &&
      typeof payload.solution?.counter === 'number';
    return ok ? payload : null;
  } catch {
    return null;
  }
}

/** True for a correct, unexpired, untampered solution seen for the first time. */
export async function acceptCaptcha(services: ServerServices, payloadText: string | undefined): Promise<boolean> {
  if (!payloadText) return false;
  const payload = decodePayload(payloadText);
  if (!payload || payload.challenge.parameters.algorithm !== ALGORITHM) return false;
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: services.keys.captchaSigning,
      hmacKeySignatureSecret: `${services.keys.captchaSigning}:key`,
    });
    // altcha-lib checks expiry against the real clock; check ours too so fake time works.
    const expiresAt = payload.challenge.parameters.expiresAt ?? 0;
    verified = result.verified && expiresAt * 1000 > services.clock().getTime();
  } catch {
    return false;
  }
  if (!verified) return false;
  const now = services.clock().toISOString();
  await services.db.deleteFrom('captcha_uses').where('expires_at', '<', now).execute();
  const inserted = await services.db
    .insertInto('captcha_uses')
    .values({
      challenge_id: payload.challenge.parameters.nonce,
      expires_at: new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000).toISOString(),
    })
    .onConflict((oc) => oc.column('challenge_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
