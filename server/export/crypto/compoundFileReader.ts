// Reads streams out of an OLE compound file (MS-CFB, versions 3 and 4) by following the FAT,
// a chunk at a time, so a large stream is never held in memory whole.
import type { FileHandle } from 'node:fs/promises';
import { ENDOFCHAIN, MINI_SECTOR, MINI_STREAM_CUTOFF } from './compoundFileLayout';

export interface CfbDirectoryEntry {
  name: string;
  type: number;
  start: number;
  size: number;
}

export interface CompoundFileReader {
  entries: CfbDirectoryEntry[];
  /** A small or large stream's whole content (for the small streams: EncryptionInfo). */
  readStream(name: string): Promise<Buffer>;
  /** A large stream's content, one sector run at a time. */
  streamChunks(name: string): AsyncGenerator<Buffer>;
}

const MAX_CHAIN = 1 << 28;

export async function openCompoundFile(file: FileHandle): Promise<CompoundFileReader> {
  const header = Buffer.alloc(512);
  await file.read(header, 0, 512, 0);
  if (header.toString('hex', 0, 8) !== 'd0cf11e0a1b11ae1') throw new Error('not a compound file');
  const sectorSize = 1 << header.readUInt16LE(30);
  const offsetOf = (sector: number): number => (sector + 1) * sectorSize;
  const readSector = async (sector: number): Promise<Buffer> => {
    const buffer = Buffer.alloc(sectorSize);
    await file.read(buffer, 0, sectorSize, offsetOf(sector));
    return buffer;
  };

  const fatSectorIds: number[] = [];
  const fatCount = header.readUInt32LE(44);
  for (let i = 0; i < 109 && fatSectorIds.length < fatCount; i += 1) fatSectorIds.push(header.readUInt32LE(76 + i * 4));
  let difat = header.readUInt32LE(68);
  while (fatSectorIds.length < fatCount && difat < ENDOFCHAIN) {
    const sector = await readSector(difat);
    for (let i = 0; i < sectorSize / 4 - 1 && fatSectorIds.length < fatCount; i += 1) fatSectorIds.push(sector.readUInt32LE(i * 4));
    difat = sector.readUInt32LE(sectorSize - 4);
  }
  const fat = Buffer.concat(await Promise.all(fatSectorIds.map(readSector)));
  const next = (sector: number): number => fat.readUInt32LE(sector * 4);
  const chain = (start: number): number[] => {
    const sectors: number[] = [];
    for (let s = start; s < ENDOFCHAIN; s = next(s)) {
      sectors.push(s);
      if (sectors.length > MAX_CHAIN) throw new Error('compound file chain loops');
    }
    return sectors;
  };
  const readChain = async (start: number): Promise<Buffer> => Buffer.concat(await Promise.all(chain(start).map(readSector)));

  const directory = await readChain(header.readUInt32LE(48));
  const entries: CfbDirectoryEntry[] = [];
  for (let offset = 0; offset + 128 <= directory.length; offset += 128) {
    const nameLength = directory.readUInt16LE(offset + 64);
    entries.push({
      name: directory.toString('utf16le', offset, offset + Math.max(0, nameLength - 2)),
      type: directory.readUInt8(offset + 66),
      start: directory.readUInt32LE(offset + 116),
      size: Number(directory.readBigUInt64LE(offset + 120) & (sectorSize === 512 ? 0xffffffffn : 0xffffffffffffffffn)),
    });
  }
  const find = (name: string): CfbDirectoryEntry => {
    const entry = entries.find((e) => e.type === 2 && e.name === name);
    if (!entry) throw new Error(`the compound file has no ${name} stream`);
    return entry;
  };

  const readMiniStream = async (entry: CfbDirectoryEntry): Promise<Buffer> => {
    const ministream = await readChain(entries[0].start);
    const miniFatStart = header.readUInt32LE(60);
    const miniFat = miniFatStart < ENDOFCHAIN ? await readChain(miniFatStart) : Buffer.alloc(0);
    const parts: Buffer[] = [];
    for (let s = entry.start; s < ENDOFCHAIN && parts.length * MINI_SECTOR < entry.size; s = miniFat.readUInt32LE(s * 4)) {
      parts.push(ministream.subarray(s * MINI_SECTOR, (s + 1) * MINI_SECTOR));
    }
    return Buffer.concat(parts).subarray(0, entry.size);
  };

  async function* streamChunks(name: string): AsyncGenerator<Buffer> {
    const entry = find(name);
    if (entry.size < MINI_STREAM_CUTOFF) {
      yield await readMiniStream(entry);
      return;
    }
    let remaining = entry.size;
    const sectors = chain(entry.start);
    // Read runs of consecutive sectors in one call (our own files are one run).
    for (let i = 0; i < sectors.length && remaining > 0; ) {
      let run = 1;
      while (i + run < sectors.length && sectors[i + run] === sectors[i] + run && run < 128) run += 1;
      const length = Math.min(run * sectorSize, remaining);
      const buffer = Buffer.alloc(length);
      await file.read(buffer, 0, length, offsetOf(sectors[i]));
      yield buffer;
      remaining -= length;
      i += run;
    }
  }

  return {
    entries,
    async readStream(name) {
      const parts: Buffer[] = [];
      for await (const chunk of streamChunks(name)) parts.push(chunk);
      return Buffer.concat(parts);
    },
    streamChunks,
  };
}
