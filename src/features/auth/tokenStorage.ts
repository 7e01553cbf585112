// Spec auth §9: the session token lives in sessionStorage under `apiToken` as
// `{ token, expiresAt }`, so it survives a reload but not the closing of the tab.
import type { AccessToken, TokenAnswer } from './auth.types';

export const TOKEN_STORAGE_KEY = 'apiToken';

export function toAccessToken(answer: TokenAnswer, now: number = Date.now()): AccessToken {
  return { token: answer.access_token, expiresAt: now + answer.expires_in * 1000 };
}

export function saveToken(token: AccessToken): void {
  try {
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token));
  } catch {
    // Storage blocked: the session lasts until reload.
  }
}

export function clearToken(): void {
  try {
    window.sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/** The stored token when it is well-formed and not yet expired. */
export function loadToken(now: number = Date.now()): AccessToken | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<AccessToken>;
    if (typeof parsed.token === 'string' && typeof parsed.expiresAt === 'number' && parsed.expiresAt > now) {
      return { token: parsed.token, expiresAt: parsed.expiresAt };
    }
  } catch {
    // corrupt entry: treated as absent
  }
  clearToken();
  return null;
}

/** Spec auth §9: renew at half the remaining lifetime, at least 10 seconds from now. */
export const MIN_RENEWAL_DELAY_MS = 10_000;

export function renewalDelay(expiresAt: number, now: number): number {
  return Math.max(MIN_RENEWAL_DELAY_MS, Math.floor((expiresAt - now) / 2));
}
