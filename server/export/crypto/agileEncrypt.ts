// Encrypts a finished .xlsx (a zip in a temporary file) with a password as Office does: ECMA-376
// agile encryption in an OLE compound file. The plaintext is read and encrypted 4096 bytes at a
// time and written straight into its sectors, so memory stays flat whatever the file's size.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import {
  aesEncrypt,
  BLOCK_BYTES,
  BLOCK_KEYS,
  encryptionInfoStream,
  HASH_BYTES,
  ivFor,
  KEY_BYTES,
  keyFor,
  passwordHash,
  SALT_BYTES,
  SEGMENT_SIZE,
  SPIN_COUNT,
  type AgileEncryptionInfo,
} from './agileKeys';
import { MINI_STREAM_CUTOFF } from './compoundFileLayout';
import { planCompoundFile, type CfbNode } from './compoundFileWriter';
import { dataSpacesStorage } from './dataSpaces';

/** The EncryptedPackage stream's size: the 8-byte length, then each segment padded to AES blocks. */
export function encryptedPackageSize(plainSize: number): number {
  return 8 + Math.ceil(plainSize / BLOCK_BYTES) * BLOCK_BYTES;
}

export interface EncryptOptions {
  /** For tests only: fewer password hash rounds. Office uses 100,000. */
  spinCount?: number;
}

/** Encrypts `plainPath` into a new compound file at `targetPath`; answers the target's size. */
export async function encryptAgile(plainPath: string, targetPath: string, password: string, options: EncryptOptions = {}): Promise<number> {
  const spinCount = options.spinCount ?? SPIN_COUNT;
  const plainSize = (await stat(plainPath)).size;
  const packageKey = randomBytes(KEY_BYTES);
  const keyDataSalt = randomBytes(SALT_BYTES);
  const passwordSalt = randomBytes(SALT_BYTES);
  const hmacKey = randomBytes(HASH_BYTES);
  const hash = passwordHash(password, passwordSalt, spinCount);
  const verifier = randomBytes(SALT_BYTES);
  const info: AgileEncryptionInfo = {
    keyDataSalt,
    passwordSalt,
    spinCount,
    encryptedHmacKey: aesEncrypt(packageKey, ivFor(keyDataSalt, BLOCK_KEYS.integrityKey), hmacKey),
    // Filled in once the package is encrypted; the placeholder has the final length.
    encryptedHmacValue: Buffer.alloc(HASH_BYTES),
    encryptedVerifierHashInput: aesEncrypt(keyFor(hash, BLOCK_KEYS.verifierHashInput), passwordSalt, verifier),
    encryptedVerifierHashValue: aesEncrypt(keyFor(hash, BLOCK_KEYS.verifierHashValue), passwordSalt, createHash('sha512').update(verifier).digest()),
    encryptedKeyValue: aesEncrypt(keyFor(hash, BLOCK_KEYS.encryptedKeyValue), passwordSalt, packageKey),
  };

  const packageSize = encryptedPackageSize(plainSize);
  const small = packageSize < MINI_STREAM_CUTOFF;
  const smallChunks: Buffer[] = [];
  const encryptionInfo: { name: string; content: Buffer } = { name: 'EncryptionInfo', content: encryptionInfoStream(info) };
  const encryptedPackage: CfbNode = small ? { name: 'EncryptedPackage', content: Buffer.alloc(0) } : { name: 'EncryptedPackage', size: packageSize, large: true };

  const source = await open(plainPath, 'r');
  const target = await open(targetPath, 'w');
  try {
    const hmac = createHmac('sha512', hmacKey);
    let offset = 0;
    const plan = small ? null : planCompoundFile([encryptionInfo, encryptedPackage, dataSpacesStorage()]);
    const emit = async (chunk: Buffer): Promise<void> => {
      hmac.update(chunk);
      if (!plan) smallChunks.push(chunk);
      else await target.write(chunk, 0, chunk.length, plan.largeOffset + offset);
      offset += chunk.length;
    };
    const sizePrefix = Buffer.alloc(8);
    sizePrefix.writeBigUInt64LE(BigInt(plainSize), 0);
    await emit(sizePrefix);
    const segment = Buffer.alloc(SEGMENT_SIZE);
    for (let index = 0; index * SEGMENT_SIZE < plainSize; index += 1) {
      const { bytesRead } = await source.read(segment, 0, SEGMENT_SIZE, index * SEGMENT_SIZE);
      await emit(aesEncrypt(packageKey, ivFor(keyDataSalt, index), segment.subarray(0, bytesRead)));
    }
    info.encryptedHmacValue = aesEncrypt(packageKey, ivFor(keyDataSalt, BLOCK_KEYS.integrityValue), hmac.digest());
    encryptionInfo.content = encryptionInfoStream(info);
    if (small) (encryptedPackage as { content: Buffer }).content = Buffer.concat(smallChunks);
    const finalPlan = plan ?? planCompoundFile([encryptionInfo, encryptedPackage, dataSpacesStorage()]);
    await finalPlan.writeStructure(target);
    const totalSize = (finalPlan.layout.totalSectors + 1) * 512;
    await target.truncate(totalSize);
    return totalSize;
  } finally {
    await source.close();
    await target.close();
  }
}
