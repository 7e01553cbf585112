// What a running job needs but no row may hold in clear (the export password): encrypted with
// AES-256-GCM under a key derived from APP_SECRET with its own HKDF label, so a copy of the database
// alone does not reveal it, and wiped from the row when the job ends (docs/decisions.md).
import { hkdfSync } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../auth/secrets';

export function deriveJobSecretKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'registry-cdms/v1', 'job-secret-encryption', 32));
}

export const sealJobSecret = (key: Buffer, secret: string): string => encryptSecret(key, secret);

/** Null when the row was sealed under another APP_SECRET or altered. */
export const openJobSecret = (key: Buffer, sealed: string): string | null => decryptSecret(key, sealed);
