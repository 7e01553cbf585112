// Every key the server needs is derived from APP_SECRET with HKDF-SHA256 under its own label, so
// one secret in the environment gives independent keys: compromising one use (a token signature)
// says nothing about another (the MFA secrets at rest).
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export interface ServerKeys {
  /** Signs access tokens. */
  tokenSigning: Buffer;
  /** Hashes single-use e-mailed tokens and recovery keys before storage. */
  tokenHashing: Buffer;
  /** Encrypts TOTP secrets at rest (AES-256-GCM). */
  mfaEncryption: Buffer;
  /** Signs ALTCHA challenges (as hex text: altcha-lib takes a string). */
  captchaSigning: string;
}

const SALT = 'registry-cdms/v1';

function derive(appSecret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, SALT, label, 32));
}

export function deriveServerKeys(appSecret: string): ServerKeys {
  return {
    tokenSigning: derive(appSecret, 'access-token-signing'),
    tokenHashing: derive(appSecret, 'one-time-token-hashing'),
    mfaEncryption: derive(appSecret, 'mfa-secret-encryption'),
    captchaSigning: derive(appSecret, 'captcha-signing').toString('hex'),
  };
}

/**
 * The key that authenticates the record (form history MACs, anchors, checkpoints): its own label,
 * so it differs from the token keys. Also used on the content of AUDIT_KEY_FILE.
 */
export function deriveRecordKey(secret: string): Buffer {
  return derive(secret, 'record-mac');
}

export function hmacBase64Url(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A random URL-safe token of 32 bytes (256 bits): e-mailed links carry these. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `v1.<iv>.<tag>.<ciphertext>`, all base64url: the version leaves room for a key rotation. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Null when the text was not made with this key (e.g. APP_SECRET changed) or was altered. */
export function decryptSecret(key: Buffer, stored: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
