// The bytes of uploaded files, content-addressed: <dir>/<first two hex digits>/<sha256>. A file is
// streamed into <dir>/tmp, hashed and counted on the way, flushed to disk and only then renamed to
// its hash: rename is atomic, so a crash leaves at most a stray temp file, never half a blob under
// a hash. Identical uploads share one blob (the rename replaces it with the same bytes).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredBlob {
  sha256: string;
  size: number;
}

/** The upload carries more than `limit` bytes; nothing was stored. */
export class FileTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`file larger than ${limit} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/** The upload carried no bytes; nothing was stored. */
export class EmptyFileError extends Error {
  constructor() {
    super('empty file');
    this.name = 'EmptyFileError';
  }
}

/** Reading the upload failed (the caller went away mid-upload); nothing was stored. */
export class UploadInterruptedError extends Error {
  constructor(cause: unknown) {
    super('upload interrupted', { cause });
    this.name = 'UploadInterruptedError';
  }
}

const SHA256 = /^[0-9a-f]{64}$/;

export function blobPath(dir: string, sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
  return join(dir, sha256.slice(0, 2), sha256);
}

/**
 * Source errors are told apart from disk errors: only the former are the caller's doing. (A throw
 * in the consumer's loop body calls return() on this generator, so it never lands in this catch.)
 * Stopping early must not destroy the request stream: the connection would close before the 413
 * answer goes out (the upload route drops the unread rest after answering).
 */
async function* readingOf(source: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source.iterator({ destroyOnReturn: false })) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
  } catch (error) {
    throw new UploadInterruptedError(error);
  }
}

/** Streams `source` into the store; refuses (and stores nothing) past `limit` bytes or when empty. */
export async function storeBlob(dir: string, source: Readable, limit: number): Promise<StoredBlob> {
  const tmpDir = join(dir, 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const tmp = join(tmpDir, `${randomUUID()}.part`);
  const handle = await open(tmp, 'wx', 0o600);
  let closed = false;
  try {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of readingOf(source)) {
      size += chunk.length;
      if (size > limit) throw new FileTooLargeError(limit);
      hash.update(chunk);
      await handle.write(chunk);
    }
    if (size === 0) throw new EmptyFileError();
    await handle.sync();
    await handle.close();
    closed = true;
    const sha256 = hash.digest('hex');
    const target = blobPath(dir, sha256);
    await mkdir(join(dir, sha256.slice(0, 2)), { recursive: true });
    await rename(tmp, target);
    return { sha256, size };
  } finally {
    if (!closed) await handle.close().catch(() => undefined);
    await rm(tmp, { force: true });
  }
}

/** A stream of a stored blob with its size, or null when the blob is missing. */
export async function openBlob(dir: string, sha256: string): Promise<{ stream: ReadStream; size: number } | null> {
  const path = blobPath(dir, sha256);
  try {
    const info = await stat(path);
    return { stream: createReadStream(path), size: info.size };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
