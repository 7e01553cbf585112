// Decrypts an agile-encrypted Office file (ours, or Office's with AES-256/SHA-512): checks the
// password against the verifier, checks the data integrity HMAC, and writes or returns the package.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { aesDecrypt, BLOCK_KEYS, HASH_BYTES, ivFor, KEY_BYTES, keyFor, parseEncryptionInfo, passwordHash, SEGMENT_SIZE, SALT_BYTES } from './agileKeys';
import { openCompoundFile } from './compoundFileReader';

export class WrongPasswordError extends Error {
  constructor() {
    super('The password does not open this file');
    this.name = 'WrongPasswordError';
  }
}

async function decryptTo(file: FileHandle, password: string, write: (chunk: Buffer) => Promise<void> | void): Promise<void> {
  const cfb = await openCompoundFile(file);
  const info = parseEncryptionInfo(await cfb.readStream('EncryptionInfo'));
  const hash = passwordHash(password, info.passwordSalt, info.spinCount);
  const verifier = aesDecrypt(keyFor(hash, BLOCK_KEYS.verifierHashInput), info.passwordSalt, info.encryptedVerifierHashInput).subarray(0, SALT_BYTES);
  const expected = aesDecrypt(keyFor(hash, BLOCK_KEYS.verifierHashValue), info.passwordSalt, info.encryptedVerifierHashValue).subarray(0, HASH_BYTES);
  if (!timingSafeEqual(createHash('sha512').update(verifier).digest(), expected)) throw new WrongPasswordError();
  const packageKey = aesDecrypt(keyFor(hash, BLOCK_KEYS.encryptedKeyValue), info.passwordSalt, info.encryptedKeyValue).subarray(0, KEY_BYTES);
  const hmacKey = aesDecrypt(packageKey, ivFor(info.keyDataSalt, BLOCK_KEYS.integrityKey), info.encryptedHmacKey).subarray(0, HASH_BYTES);
  const hmacValue = aesDecrypt(packageKey, ivFor(info.keyDataSalt, BLOCK_KEYS.integrityValue), info.encryptedHmacValue).subarray(0, HASH_BYTES);
  const hmac = createHmac('sha512', hmacKey);

  let pending: Buffer = Buffer.alloc(0);
  let plainSize = -1;
  let written = 0;
  let segment = 0;
  const flush = async (data: Buffer): Promise<void> => {
    const plain = aesDecrypt(packageKey, ivFor(info.keyDataSalt, segment), data);
    segment += 1;
    const keep = Math.min(plain.length, plainSize - written);
    written += keep;
    await write(plain.subarray(0, keep));
  };
  for await (const chunk of cfb.streamChunks('EncryptedPackage')) {
    hmac.update(chunk);
    pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    if (plainSize < 0) {
      if (pending.length < 8) continue;
      plainSize = Number(pending.readBigUInt64LE(0));
      pending = pending.subarray(8);
    }
    while (pending.length >= SEGMENT_SIZE) {
      await flush(pending.subarray(0, SEGMENT_SIZE));
      pending = pending.subarray(SEGMENT_SIZE);
    }
  }
  const tail = pending.subarray(0, pending.length - (pending.length % 16));
  if (tail.length > 0 && written < plainSize) await flush(tail);
  if (written !== plainSize) throw new Error('the encrypted package is truncated');
  if (!timingSafeEqual(hmac.digest(), hmacValue)) throw new Error('the encrypted package fails its integrity check');
}

/** The decrypted package (the .xlsx zip) in memory: for files of a reasonable size (imports). */
export async function decryptAgile(file: string, password: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  const parts: Buffer[] = [];
  try {
    await decryptTo(handle, password, (chunk) => {
      parts.push(Buffer.from(chunk));
    });
  } finally {
    await handle.close();
  }
  return Buffer.concat(parts);
}

/** Decrypts into `targetPath` with bounded memory. */
export async function decryptAgileToFile(file: string, password: string, targetPath: string): Promise<void> {
  const handle = await open(file, 'r');
  const target = await open(targetPath, 'w');
  try {
    await decryptTo(handle, password, async (chunk) => {
      await target.write(chunk);
    });
  } finally {
    await handle.close();
    await target.close();
  }
}
