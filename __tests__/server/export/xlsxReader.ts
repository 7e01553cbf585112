// Reads back what the export wrote, independently of its writer: a zip's entries (central
// directory + inflate) and the sheets of an .xlsx as rows of typed cells.
import { inflateRawSync } from 'node:zlib';

export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    entries.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

export interface XlsxCell {
  value: string | number | boolean;
  /** The style index: 1 date, 2 date-time, 3 time, 4 header. */
  style: number;
}

const unescape = (text: string): string =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

export function parseSheet(xml: string): Array<Array<XlsxCell | null>> {
  const rows: Array<Array<XlsxCell | null>> = [];
  for (const row of xml.matchAll(/<row [^>]*>(.*?)<\/row>/gs)) {
    const cells: Array<XlsxCell | null> = [];
    for (const cell of row[1].matchAll(/<c r="([A-Z]+)\d+"([^>]*)>(.*?)<\/c>/gs)) {
      const attributes = cell[2];
      const type = /t="(\w+)"/.exec(attributes)?.[1];
      const style = Number(/s="(\d+)"/.exec(attributes)?.[1] ?? 0);
      const body = cell[3];
      let value: string | number | boolean;
      if (type === 'inlineStr') value = unescape(/<t[^>]*>(.*?)<\/t>/s.exec(body)?.[1] ?? '');
      else if (type === 'b') value = /<v>(.*?)<\/v>/.exec(body)?.[1] === '1';
      else value = Number(/<v>(.*?)<\/v>/.exec(body)?.[1]);
      while (cells.length < columnIndex(cell[1])) cells.push(null);
      cells.push({ value, style });
    }
    rows.push(cells);
  }
  return rows;
}

/** Sheet name -> rows of cells, in workbook order. */
export function readWorkbook(xlsx: Buffer): Map<string, Array<Array<XlsxCell | null>>> {
  const entries = readZip(xlsx);
  const workbook = entries.get('xl/workbook.xml')?.toString('utf8') ?? '';
  const sheets = new Map<string, Array<Array<XlsxCell | null>>>();
  let index = 0;
  for (const sheet of workbook.matchAll(/<sheet name="([^"]*)"/g)) {
    index += 1;
    sheets.set(unescape(sheet[1]), parseSheet(entries.get(`xl/worksheets/sheet${index}.xml`)?.toString('utf8') ?? ''));
  }
  return sheets;
}

/** Cell values only. */
export function values(rows: Array<Array<XlsxCell | null>>): Array<Array<string | number | boolean | null>> {
  return rows.map((row) => row.map((cell) => cell?.value ?? null));
}
