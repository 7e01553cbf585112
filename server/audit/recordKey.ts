// The record key: HMAC-SHA-256 key of the record (entry MACs, anchors, checkpoints). It is never
// stored in the database: it comes from AUDIT_KEY_FILE when set (so APP_SECRET can be rotated
// without touching the record), else it is derived from APP_SECRET under its own HKDF label.
import { readFileSync } from 'node:fs';
import { deriveRecordKey } from '../auth/secrets';
import type { AuditSettings } from '../config';

const MIN_KEY_FILE_LENGTH = 32;

export type RecordKeySource = 'key-file' | 'app-secret' | 'none';

export interface RecordKey {
  key: Buffer | null;
  source: RecordKeySource;
}

/** The key file holds at least 32 characters of random text (e.g. `openssl rand -hex 32`). */
export function readRecordKeyFile(path: string): Buffer {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    throw new Error(`AUDIT_KEY_FILE ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  // Never echo key material, not even a bad one.
  if (text.length < MIN_KEY_FILE_LENGTH) throw new Error(`AUDIT_KEY_FILE ${path} must hold at least ${MIN_KEY_FILE_LENGTH} characters, has ${text.length}`);
  return deriveRecordKey(text);
}

/** The key the server seals with: it always has one (APP_SECRET is required to run). */
export function serverRecordKey(audit: AuditSettings, appSecret: string): Buffer {
  return audit.keyFile ? readRecordKeyFile(audit.keyFile) : deriveRecordKey(appSecret);
}

/** The key a command checks with; none at all is allowed (the MACs are then not checked). */
export function commandRecordKey(audit: AuditSettings, appSecret: string | null): RecordKey {
  if (audit.keyFile) return { key: readRecordKeyFile(audit.keyFile), source: 'key-file' };
  if (appSecret) return { key: deriveRecordKey(appSecret), source: 'app-secret' };
  return { key: null, source: 'none' };
}
