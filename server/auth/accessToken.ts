// Access tokens: `<kind>.<sessionId>.<generation>.<expiresAt>.<signature>`, where kind is `f`
// (full session) or `m` (MFA step only), expiresAt is in Unix seconds and the signature is
// HMAC-SHA256 over the rest with a key derived from APP_SECRET. The token is opaque to clients;
// it names a session row, so revoking the row ends the token at once.
import type { SessionKind } from '../db/database';
import { equalText, hmacBase64Url } from './secrets';

export interface AccessTokenClaims {
  kind: SessionKind;
  sessionId: string;
  generation: number;
  /** Unix seconds. */
  expiresAt: number;
}

const KIND_CODES: Record<SessionKind, string> = { full: 'f', mfa: 'm' };
const TOKEN_SHAPE = /^([fm])\.([0-9a-f-]{36})\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function signAccessToken(key: Buffer, claims: AccessTokenClaims): string {
  const body = `${KIND_CODES[claims.kind]}.${claims.sessionId}.${claims.generation}.${claims.expiresAt}`;
  return `${body}.${hmacBase64Url(key, body)}`;
}

/** The claims of a well-formed, correctly signed token that has not expired at `nowSeconds`; else null. */
export function verifyAccessToken(key: Buffer, token: string, nowSeconds: number): AccessTokenClaims | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  const [, kindCode, sessionId, generation, expiresAt, signature] = match;
  const body = `${kindCode}.${sessionId}.${generation}.${expiresAt}`;
  if (!equalText(hmacBase64Url(key, body), signature)) return null;
  const claims: AccessTokenClaims = {
    kind: kindCode === 'm' ? 'mfa' : 'full',
    sessionId,
    generation: Number(generation),
    expiresAt: Number(expiresAt),
  };
  return claims.expiresAt > nowSeconds ? claims : null;
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match ? match[1] : null;
}
