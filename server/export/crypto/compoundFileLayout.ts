// The layout of an OLE compound file (MS-CFB, version 3: 512-byte sectors) holding small streams in
// the ministream and at most one large stream in regular sectors. Everything is computed from the
// sizes up front, so the large stream can be written straight to its place in the file while it is
// produced, without ever holding it in memory.
export const SECTOR = 512;
export const MINI_SECTOR = 64;
/** Streams shorter than this live in the ministream (MS-CFB 2.2). */
export const MINI_STREAM_CUTOFF = 4096;
export const FREESECT = 0xffffffff;
export const ENDOFCHAIN = 0xfffffffe;
export const FATSECT = 0xfffffffd;
export const DIFSECT = 0xfffffffc;
export const NOSTREAM = 0xffffffff;
const HEADER_DIFAT_ENTRIES = 109;
const IDS_PER_SECTOR = SECTOR / 4;
const DIR_ENTRY = 128;

export interface CompoundFileLayout {
  fatSectors: number;
  difatSectors: number;
  miniFatSectors: number;
  directorySectors: number;
  ministreamSectors: number;
  largeSectors: number;
  /** First sector of each region, in file order. */
  firstFat: number;
  firstDifat: number;
  firstMiniFat: number;
  firstDirectory: number;
  firstMinistream: number;
  firstLarge: number;
  totalSectors: number;
}

const ceilDiv = (a: number, b: number): number => Math.ceil(a / b);

/** Sector counts for `entries` directory entries, `ministreamBytes` of small streams and one large stream. */
export function computeLayout(entries: number, miniSectorCount: number, largeSize: number): CompoundFileLayout {
  const miniFatSectors = ceilDiv(miniSectorCount * 4, SECTOR);
  const directorySectors = ceilDiv(entries * DIR_ENTRY, SECTOR);
  const ministreamSectors = ceilDiv(miniSectorCount * MINI_SECTOR, SECTOR);
  const largeSectors = ceilDiv(largeSize, SECTOR);
  const content = miniFatSectors + directorySectors + ministreamSectors + largeSectors;
  // The FAT must also map its own sectors and the DIFAT's: grow until it covers everything.
  let fatSectors = 1;
  let difatSectors = 0;
  for (;;) {
    difatSectors = fatSectors > HEADER_DIFAT_ENTRIES ? ceilDiv(fatSectors - HEADER_DIFAT_ENTRIES, IDS_PER_SECTOR - 1) : 0;
    const needed = ceilDiv(content + fatSectors + difatSectors, IDS_PER_SECTOR);
    if (needed <= fatSectors) break;
    fatSectors = needed;
  }
  const firstFat = 0;
  const firstDifat = fatSectors;
  const firstMiniFat = firstDifat + difatSectors;
  const firstDirectory = firstMiniFat + miniFatSectors;
  const firstMinistream = firstDirectory + directorySectors;
  const firstLarge = firstMinistream + ministreamSectors;
  return {
    fatSectors,
    difatSectors,
    miniFatSectors,
    directorySectors,
    ministreamSectors,
    largeSectors,
    firstFat,
    firstDifat,
    firstMiniFat,
    firstDirectory,
    firstMinistream,
    firstLarge,
    totalSectors: firstLarge + largeSectors,
  };
}

/** Byte offset of a sector in the file (the 512-byte header comes first). */
export function sectorOffset(sector: number): number {
  return (sector + 1) * SECTOR;
}

/** The FAT entry of every sector, one FAT sector (128 entries) at a time. */
export function* fatSectorsOf(layout: CompoundFileLayout): Generator<Buffer> {
  const entryOf = (sector: number): number => {
    if (sector >= layout.totalSectors) return FREESECT;
    if (sector < layout.firstDifat) return FATSECT;
    if (sector < layout.firstMiniFat) return DIFSECT;
    const chainEnd = (first: number, count: number): number => (sector === first + count - 1 ? ENDOFCHAIN : sector + 1);
    if (sector < layout.firstDirectory) return chainEnd(layout.firstMiniFat, layout.miniFatSectors);
    if (sector < layout.firstMinistream) return chainEnd(layout.firstDirectory, layout.directorySectors);
    if (sector < layout.firstLarge) return chainEnd(layout.firstMinistream, layout.ministreamSectors);
    return chainEnd(layout.firstLarge, layout.largeSectors);
  };
  for (let fat = 0; fat < layout.fatSectors; fat += 1) {
    const buffer = Buffer.alloc(SECTOR);
    for (let i = 0; i < IDS_PER_SECTOR; i += 1) buffer.writeUInt32LE(entryOf(fat * IDS_PER_SECTOR + i), i * 4);
    yield buffer;
  }
}

/** The DIFAT sectors: the FAT sector numbers past the header's 109, 127 per sector plus a link. */
export function difatSectorsOf(layout: CompoundFileLayout): Buffer[] {
  const sectors: Buffer[] = [];
  let fat = HEADER_DIFAT_ENTRIES;
  for (let d = 0; d < layout.difatSectors; d += 1) {
    const buffer = Buffer.alloc(SECTOR, 0xff);
    for (let i = 0; i < IDS_PER_SECTOR - 1 && fat < layout.fatSectors; i += 1, fat += 1) buffer.writeUInt32LE(layout.firstFat + fat, i * 4);
    buffer.writeUInt32LE(d === layout.difatSectors - 1 ? ENDOFCHAIN : layout.firstDifat + d + 1, SECTOR - 4);
    sectors.push(buffer);
  }
  return sectors;
}

export function headerOf(layout: CompoundFileLayout): Buffer {
  const header = Buffer.alloc(SECTOR);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(0, 40);
  header.writeUInt32LE(layout.fatSectors, 44);
  header.writeUInt32LE(layout.firstDirectory, 48);
  header.writeUInt32LE(MINI_STREAM_CUTOFF, 56);
  header.writeUInt32LE(layout.miniFatSectors > 0 ? layout.firstMiniFat : ENDOFCHAIN, 60);
  header.writeUInt32LE(layout.miniFatSectors, 64);
  header.writeUInt32LE(layout.difatSectors > 0 ? layout.firstDifat : ENDOFCHAIN, 68);
  header.writeUInt32LE(layout.difatSectors, 72);
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i += 1) {
    header.writeUInt32LE(i < layout.fatSectors ? layout.firstFat + i : FREESECT, 76 + i * 4);
  }
  return header;
}
