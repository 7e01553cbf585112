// A minimal streaming zip writer for the .xlsx container. Each part is deflated into its own
// temporary file while it is written (so several sheets can grow at once in bounded memory); the
// zip is then assembled by copying the parts one after another, with ZIP64 records when needed.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

export interface ZipPart {
  name: string;
  /** Temporary file holding the deflated bytes. */
  path: string;
  crc: number;
  size: number;
  compressedSize: number;
}

const FLUSH_AT = 64 * 1024;

/** One part being written: text goes through a buffer, then raw deflate, then its temporary file. */
export class DeflatedPart {
  private readonly deflate: DeflateRaw;
  private readonly file: WriteStream;
  private readonly pending: string[] = [];
  private pendingLength = 0;
  private crc = 0;
  private size = 0;

  constructor(
    readonly name: string,
    readonly path: string,
  ) {
    this.deflate = createDeflateRaw({ level: 6, memLevel: 8 });
    this.file = createWriteStream(path);
    // A failed write (a full disk) must fail the export, not crash the server with an unhandled error.
    const remember = (error: Error): void => {
      this.failure ??= error;
    };
    this.deflate.on('error', remember);
    this.file.on('error', remember);
    this.deflate.pipe(this.file);
  }

  private failure: Error | null = null;

  /** Buffers small writes; waits only when the deflate stream asks for it. */
  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= FLUSH_AT) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending.join(''), 'utf8');
    this.pending.length = 0;
    this.pendingLength = 0;
    this.crc = crc32(chunk, this.crc);
    this.size += chunk.length;
    if (!this.deflate.write(chunk)) await once(this.deflate, 'drain');
  }

  async close(): Promise<ZipPart> {
    await this.flush();
    this.deflate.end();
    await finished(this.file);
    if (this.failure) throw this.failure;
    return { name: this.name, path: this.path, crc: this.crc >>> 0, size: this.size, compressedSize: this.file.bytesWritten };
  }

  /** Stops writing and removes the temporary file (a cancelled export). */
  async discard(): Promise<void> {
    this.deflate.destroy();
    this.file.destroy();
    await unlink(this.path).catch(() => undefined);
  }
}

const LIMIT32 = 0xffffffff;
// 1980-01-01 00:00 in DOS time: the parts carry no meaningful time.
const DOS_DATE = (1 << 5) | 1;

function localHeader(part: ZipPart, zip64: boolean): Buffer {
  const name = Buffer.from(part.name, 'utf8');
  const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(part.size), 4);
    extra.writeBigUInt64LE(BigInt(part.compressedSize), 12);
  }
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? 45 : 20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt16LE(8, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(part.crc, 14);
  header.writeUInt32LE(zip64 ? LIMIT32 : part.compressedSize, 18);
  header.writeUInt32LE(zip64 ? LIMIT32 : part.size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

function centralEntry(part: ZipPart, offset: number): Buffer {
  const zip64 = part.size >= LIMIT32 || part.compressedSize >= LIMIT32 || offset >= LIMIT32;
  const name = Buffer.from(part.name, 'utf8');
  const extra = zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(part.size), 4);
    extra.writeBigUInt64LE(BigInt(part.compressedSize), 12);
    extra.writeBigUInt64LE(BigInt(offset), 20);
  }
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt16LE(zip64 ? 45 : 20, 4);
  entry.writeUInt16LE(zip64 ? 45 : 20, 6);
  entry.writeUInt16LE(0x0800, 8);
  entry.writeUInt16LE(8, 10);
  entry.writeUInt16LE(DOS_DATE, 14);
  entry.writeUInt32LE(part.crc, 16);
  entry.writeUInt32LE(zip64 ? LIMIT32 : part.compressedSize, 20);
  entry.writeUInt32LE(zip64 ? LIMIT32 : part.size, 24);
  entry.writeUInt16LE(name.length, 28);
  entry.writeUInt16LE(extra.length, 30);
  entry.writeUInt32LE(zip64 ? LIMIT32 : offset, 42);
  return Buffer.concat([entry, name, extra]);
}

function endRecords(count: number, directoryOffset: number, directorySize: number): Buffer {
  const zip64 = directoryOffset + directorySize >= LIMIT32 || count >= 0xffff;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(Math.min(directorySize, LIMIT32), 12);
  end.writeUInt32LE(zip64 ? LIMIT32 : directoryOffset, 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

/** Writes the zip of `parts` (in order) to `target` and removes the parts' temporary files. */
export async function writeZip(target: string, parts: ZipPart[]): Promise<number> {
  const file = await open(target, 'w');
  let offset = 0;
  const offsets: number[] = [];
  try {
    for (const part of parts) {
      offsets.push(offset);
      const header = localHeader(part, part.size >= LIMIT32 || part.compressedSize >= LIMIT32);
      await file.write(header);
      offset += header.length;
      for await (const chunk of createReadStream(part.path, { highWaterMark: 256 * 1024 })) {
        await file.write(chunk as Buffer);
        offset += (chunk as Buffer).length;
      }
      await unlink(part.path);
    }
    const directory = Buffer.concat(parts.map((part, i) => centralEntry(part, offsets[i])));
    await file.write(directory);
    const end = endRecords(parts.length, offset, directory.length);
    await file.write(end);
    return offset + directory.length + end.length;
  } finally {
    await file.close();
  }
}
