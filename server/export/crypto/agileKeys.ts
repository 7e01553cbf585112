// ECMA-376 agile encryption (MS-OFFCRYPTO 2.3.4.10-2.3.4.15) as Office writes it: AES-256-CBC,
// SHA-512, 100,000 password hash rounds, 4096-byte segments. The pieces the encryptor and the
// decryptor share: key derivation, segment IVs, the EncryptionInfo XML.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

export const SEGMENT_SIZE = 4096;
export const SPIN_COUNT = 100_000;
export const KEY_BYTES = 32;
export const HASH_BYTES = 64;
export const SALT_BYTES = 16;
export const BLOCK_BYTES = 16;

/** The block keys of MS-OFFCRYPTO 2.3.4.13 and 2.3.4.14. */
export const BLOCK_KEYS = {
  verifierHashInput: Buffer.from('fea7d2763b4b9e79', 'hex'),
  verifierHashValue: Buffer.from('d7aa0f6d3061344e', 'hex'),
  encryptedKeyValue: Buffer.from('146e0be7abacd0d6', 'hex'),
  integrityKey: Buffer.from('5fb2ad010cb9e1f6', 'hex'),
  integrityValue: Buffer.from('a0677f02b22c8433', 'hex'),
} as const;

const sha512 = (...parts: Buffer[]): Buffer => {
  const hash = createHash('sha512');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value, 0);
  return buffer;
}

/** H(n): the salted password hashed `spinCount` times (the slow part, done once per file). */
export function passwordHash(password: string, salt: Buffer, spinCount = SPIN_COUNT): Buffer {
  let hash = sha512(salt, Buffer.from(password, 'utf16le'));
  const counter = Buffer.alloc(4);
  for (let i = 0; i < spinCount; i += 1) {
    counter.writeUInt32LE(i, 0);
    hash = createHash('sha512').update(counter).update(hash).digest();
  }
  return hash;
}

/** The key for one block key: SHA-512(H(n) + blockKey), cut (or padded with 0x36) to the key size. */
export function keyFor(hash: Buffer, blockKey: Buffer): Buffer {
  const derived = sha512(hash, blockKey);
  return derived.length >= KEY_BYTES ? derived.subarray(0, KEY_BYTES) : Buffer.concat([derived, Buffer.alloc(KEY_BYTES - derived.length, 0x36)]);
}

/** The IV of a data segment or an integrity block: SHA-512(keyDataSalt + suffix), first 16 bytes. */
export function ivFor(keyDataSalt: Buffer, suffix: Buffer | number): Buffer {
  return sha512(keyDataSalt, typeof suffix === 'number' ? uint32(suffix) : suffix).subarray(0, BLOCK_BYTES);
}

/** Pads with zeros to whole AES blocks (agile encryption pads this way, never PKCS#7). */
export function padToBlock(data: Buffer): Buffer {
  const rest = data.length % BLOCK_BYTES;
  return rest === 0 ? data : Buffer.concat([data, Buffer.alloc(BLOCK_BYTES - rest)]);
}

export function aesEncrypt(key: Buffer, iv: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
  return Buffer.concat([cipher.update(padToBlock(data)), cipher.final()]);
}

export function aesDecrypt(key: Buffer, iv: Buffer, data: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

export interface AgileEncryptionInfo {
  keyDataSalt: Buffer;
  encryptedHmacKey: Buffer;
  encryptedHmacValue: Buffer;
  passwordSalt: Buffer;
  spinCount: number;
  encryptedVerifierHashInput: Buffer;
  encryptedVerifierHashValue: Buffer;
  encryptedKeyValue: Buffer;
}

const cipherAttributes = (saltSize: number, salt: Buffer): string =>
  `saltSize="${saltSize}" blockSize="${BLOCK_BYTES}" keyBits="${KEY_BYTES * 8}" hashSize="${HASH_BYTES}" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="SHA512" saltValue="${salt.toString('base64')}"`;

/** The EncryptionInfo stream: version 4.4, flags 0x40, then the XML descriptor. */
export function encryptionInfoStream(info: AgileEncryptionInfo): Buffer {
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
    '<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption" xmlns:p="http://schemas.microsoft.com/office/2006/keyEncryptor/password">' +
    `<keyData ${cipherAttributes(SALT_BYTES, info.keyDataSalt)}/>` +
    `<dataIntegrity encryptedHmacKey="${info.encryptedHmacKey.toString('base64')}" encryptedHmacValue="${info.encryptedHmacValue.toString('base64')}"/>` +
    '<keyEncryptors><keyEncryptor uri="http://schemas.microsoft.com/office/2006/keyEncryptor/password">' +
    `<p:encryptedKey spinCount="${info.spinCount}" ${cipherAttributes(SALT_BYTES, info.passwordSalt)} ` +
    `encryptedVerifierHashInput="${info.encryptedVerifierHashInput.toString('base64')}" encryptedVerifierHashValue="${info.encryptedVerifierHashValue.toString('base64')}" ` +
    `encryptedKeyValue="${info.encryptedKeyValue.toString('base64')}"/>` +
    '</keyEncryptor></keyEncryptors></encryption>';
  const prefix = Buffer.alloc(8);
  prefix.writeUInt16LE(4, 0);
  prefix.writeUInt16LE(4, 2);
  prefix.writeUInt32LE(0x40, 4);
  return Buffer.concat([prefix, Buffer.from(xml, 'utf8')]);
}

const attribute = (xml: string, element: string, name: string): string => {
  const tag = new RegExp(`<${element}\\b[^>]*>`).exec(xml)?.[0] ?? '';
  const value = new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  if (value === undefined) throw new Error(`EncryptionInfo has no ${element}/@${name}`);
  return value;
};

/** Reads the EncryptionInfo stream back; only the agile AES-256/SHA-512 flavour this module writes. */
export function parseEncryptionInfo(stream: Buffer): AgileEncryptionInfo {
  if (stream.readUInt16LE(0) !== 4 || stream.readUInt16LE(2) !== 4) throw new Error('not an agile encryption (version 4.4)');
  const xml = stream.subarray(8).toString('utf8');
  const b64 = (element: string, name: string): Buffer => Buffer.from(attribute(xml, element, name), 'base64');
  if (attribute(xml, 'keyData', 'hashAlgorithm') !== 'SHA512' || attribute(xml, 'keyData', 'keyBits') !== '256') {
    throw new Error('only AES-256 with SHA-512 is supported');
  }
  return {
    keyDataSalt: b64('keyData', 'saltValue'),
    encryptedHmacKey: b64('dataIntegrity', 'encryptedHmacKey'),
    encryptedHmacValue: b64('dataIntegrity', 'encryptedHmacValue'),
    passwordSalt: b64('p:encryptedKey', 'saltValue'),
    spinCount: Number(attribute(xml, 'p:encryptedKey', 'spinCount')),
    encryptedVerifierHashInput: b64('p:encryptedKey', 'encryptedVerifierHashInput'),
    encryptedVerifierHashValue: b64('p:encryptedKey', 'encryptedVerifierHashValue'),
    encryptedKeyValue: b64('p:encryptedKey', 'encryptedKeyValue'),
  };
}
