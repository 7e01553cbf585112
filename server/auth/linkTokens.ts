// Single-use tokens of e-mailed links (password reset, e-mail confirmation): a random token goes
// into the link, only its HMAC into the database.
import type { OneTimeTokenPurpose } from '../db/database';
import type { ServerServices } from '../services';
import { insertOneTimeToken } from './oneTimeTokens.repository';
import { hmacBase64Url, randomToken } from './secrets';

export function linkTokenHash(services: ServerServices, token: string): string {
  return hmacBase64Url(services.keys.tokenHashing, token);
}

/** Stores a new token for the user and answers the token itself, for the link. */
export async function issueLinkToken(services: ServerServices, userId: string, purpose: OneTimeTokenPurpose, ttlSeconds: number): Promise<string> {
  const now = services.clock();
  const token = randomToken();
  await insertOneTimeToken(services.db, {
    userId,
    purpose,
    tokenHash: linkTokenHash(services, token),
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
  });
  return token;
}
