// Writes an OLE compound file: a tree of storages and streams, the small streams in the ministream
// and at most one large stream (>= 4096 bytes) written by the caller straight into its sectors.
import type { FileHandle } from 'node:fs/promises';
import {
  computeLayout,
  difatSectorsOf,
  ENDOFCHAIN,
  fatSectorsOf,
  headerOf,
  MINI_SECTOR,
  MINI_STREAM_CUTOFF,
  NOSTREAM,
  sectorOffset,
  type CompoundFileLayout,
} from './compoundFileLayout';

export interface CfbStorage {
  name: string;
  children: CfbNode[];
}
export interface CfbStream {
  name: string;
  /** Small streams only (< 4096 bytes). */
  content: Buffer;
}
/** The one large stream: its size is known up front and the caller writes its bytes. */
export interface CfbLargeStream {
  name: string;
  size: number;
  large: true;
}
export type CfbNode = CfbStorage | CfbStream | CfbLargeStream;

interface FlatEntry {
  node: CfbNode | null;
  name: string;
  type: 1 | 2 | 5;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

/** MS-CFB 2.6.4: siblings are ordered by name length, then by upper-cased name. */
function compareNames(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  const upperA = a.toUpperCase();
  const upperB = b.toUpperCase();
  return upperA < upperB ? -1 : upperA > upperB ? 1 : 0;
}

const isStorage = (node: CfbNode): node is CfbStorage => 'children' in node;
const isLarge = (node: CfbNode): node is CfbLargeStream => 'large' in node;

/** Flattens the tree into directory entries; siblings form a balanced binary search tree. */
function flatten(root: CfbNode[]): FlatEntry[] {
  const entries: FlatEntry[] = [{ node: null, name: 'Root Entry', type: 5, left: NOSTREAM, right: NOSTREAM, child: NOSTREAM, start: ENDOFCHAIN, size: 0 }];
  const addSiblings = (nodes: CfbNode[]): number => {
    const sorted = [...nodes].sort((a, b) => compareNames(a.name, b.name));
    const ids = sorted.map((node) => {
      entries.push({ node, name: node.name, type: isStorage(node) ? 1 : 2, left: NOSTREAM, right: NOSTREAM, child: NOSTREAM, start: ENDOFCHAIN, size: 0 });
      return entries.length - 1;
    });
    sorted.forEach((node, i) => {
      if (isStorage(node)) entries[ids[i]].child = addSiblings(node.children);
    });
    const balance = (from: number, to: number): number => {
      if (from > to) return NOSTREAM;
      const middle = (from + to) >> 1;
      entries[ids[middle]].left = balance(from, middle - 1);
      entries[ids[middle]].right = balance(middle + 1, to);
      return ids[middle];
    };
    return balance(0, ids.length - 1);
  };
  entries[0].child = addSiblings(root);
  return entries;
}

function directoryEntry(entry: FlatEntry): Buffer {
  const buffer = Buffer.alloc(128);
  buffer.write(entry.name, 0, 62, 'utf16le');
  buffer.writeUInt16LE((entry.name.length + 1) * 2, 64);
  buffer.writeUInt8(entry.type, 66);
  buffer.writeUInt8(1, 67);
  buffer.writeUInt32LE(entry.left, 68);
  buffer.writeUInt32LE(entry.right, 72);
  buffer.writeUInt32LE(entry.child, 76);
  buffer.writeUInt32LE(entry.start, 116);
  buffer.writeBigUInt64LE(BigInt(entry.size), 120);
  return buffer;
}

function emptyDirectoryEntry(): Buffer {
  const buffer = Buffer.alloc(128);
  buffer.writeUInt32LE(NOSTREAM, 68);
  buffer.writeUInt32LE(NOSTREAM, 72);
  buffer.writeUInt32LE(NOSTREAM, 76);
  return buffer;
}

export interface PlannedCompoundFile {
  layout: CompoundFileLayout;
  /** Byte offset in the file where the large stream's content starts. */
  largeOffset: number;
  /** Writes everything except the large stream's content. */
  writeStructure(file: FileHandle): Promise<void>;
}

/** Plans the file; the small streams' contents may still change as long as their sizes do not. */
export function planCompoundFile(tree: CfbNode[]): PlannedCompoundFile {
  const entries = flatten(tree);
  let miniSectors = 0;
  let largeSize = 0;
  for (const entry of entries) {
    const node = entry.node;
    if (!node || isStorage(node)) continue;
    if (isLarge(node)) {
      if (node.size < MINI_STREAM_CUTOFF) throw new Error('a large stream holds at least 4096 bytes');
      largeSize = node.size;
      entry.size = node.size;
      continue;
    }
    if (node.content.length >= MINI_STREAM_CUTOFF) throw new Error(`stream ${node.name} is too large for the ministream`);
    entry.size = node.content.length;
    entry.start = node.content.length > 0 ? miniSectors : ENDOFCHAIN;
    miniSectors += Math.ceil(node.content.length / MINI_SECTOR);
  }
  const layout = computeLayout(entries.length, miniSectors, largeSize);
  entries[0].start = miniSectors > 0 ? layout.firstMinistream : ENDOFCHAIN;
  entries[0].size = miniSectors * MINI_SECTOR;
  for (const entry of entries) if (entry.node && isLarge(entry.node)) entry.start = layout.firstLarge;

  const writeStructure = async (file: FileHandle): Promise<void> => {
    await file.write(headerOf(layout), 0, 512, 0);
    let sector = layout.firstFat;
    for (const fat of fatSectorsOf(layout)) await file.write(fat, 0, fat.length, sectorOffset(sector++));
    for (const difat of difatSectorsOf(layout)) await file.write(difat, 0, difat.length, sectorOffset(sector++));
    const miniFat = Buffer.alloc(layout.miniFatSectors * 512, 0xff);
    const ministream = Buffer.alloc(layout.ministreamSectors * 512);
    for (const entry of entries) {
      const node = entry.node;
      if (!node || isStorage(node) || isLarge(node) || node.content.length === 0) continue;
      const count = Math.ceil(node.content.length / MINI_SECTOR);
      for (let i = 0; i < count; i += 1) miniFat.writeUInt32LE(i === count - 1 ? ENDOFCHAIN : entry.start + i + 1, (entry.start + i) * 4);
      node.content.copy(ministream, entry.start * MINI_SECTOR);
    }
    const directory = Buffer.concat([
      ...entries.map(directoryEntry),
      ...Array.from({ length: layout.directorySectors * 4 - entries.length }, emptyDirectoryEntry),
    ]);
    for (const [buffer, first] of [
      [miniFat, layout.firstMiniFat],
      [directory, layout.firstDirectory],
      [ministream, layout.firstMinistream],
    ] as const) {
      if (buffer.length > 0) await file.write(buffer, 0, buffer.length, sectorOffset(first));
    }
  };
  return { layout, largeOffset: sectorOffset(layout.firstLarge), writeStructure };
}
