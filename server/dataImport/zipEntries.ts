// Just enough of a zip reader for the workbook our export writes (server/export/xlsx/zipWriter.ts):
// the central directory, and an entry's bytes inflated as a stream, so a large sheet is read in
// chunks rather than as one string.
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

export class NotAZipError extends Error {
  constructor() {
    super('not a zip package');
    this.name = 'NotAZipError';
  }
}

/** The entries of the central directory (the end record is searched for from the back). */
export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i -= 1) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new NotAZipError();
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw new NotAZipError();
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, { name, method: zip.readUInt16LE(at + 10), compressedSize: zip.readUInt32LE(at + 20), localOffset: zip.readUInt32LE(at + 42) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's text, chunk by chunk. */
export function entryText(zip: Buffer, entry: ZipEntry): AsyncIterable<string> {
  const local = entry.localOffset;
  if (zip.readUInt32LE(local) !== 0x04034b50) throw new NotAZipError();
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  const source = Readable.from([data], { objectMode: false });
  const stream = entry.method === 8 ? source.pipe(createInflateRaw()) : source;
  stream.setEncoding('utf8');
  return stream as AsyncIterable<string>;
}

export async function entryString(zip: Buffer, entry: ZipEntry): Promise<string> {
  let text = '';
  for await (const chunk of entryText(zip, entry)) text += chunk;
  return text;
}
