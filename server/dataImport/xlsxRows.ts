// Reading back the by-form workbook our export writes (server/export/xlsx): a form type's sheet has
// a label row, a row of column ids, then one row per form; dates are serial numbers with a date
// style, choices their labels, booleans 1/0. The rows are handed on as CSV lines, so both file
// kinds go through one parser and one set of rules. The sheet of the chosen form type is found by
// its name (the form type's name, maybe after a group name, "(2)" on a continuation sheet).
import { formatCsvLine } from '../../src/domain/import';
import { JobFailure } from '../jobs/jobQueue';
import { entryString, entryText, NotAZipError, zipEntries, type ZipEntry } from './zipEntries';

/** cellXfs of the export's styles.xml: 1 date, 2 date-time, 3 time (server/export/xlsx/sheetXml.ts STYLE). */
const DATE_STYLES: Record<string, (d: Date) => string> = {
  '1': (d) => d.toISOString().slice(0, 10),
  '2': (d) => d.toISOString().slice(0, 16),
  '3': (d) => d.toISOString().slice(11, 16),
};
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescape = (text: string): string => text.replace(/&(amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]);

function columnIndex(ref: string): number {
  let index = 0;
  for (const c of ref.replace(/\d+$/, '')) index = index * 26 + (c.charCodeAt(0) - 64);
  return index - 1;
}

/** The text of one cell as the import reads it. */
function cellText(attributes: string, inner: string): string {
  const type = /\bt="(\w+)"/.exec(attributes)?.[1];
  if (type === 'inlineStr') return unescape(/<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1] ?? '');
  const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? '';
  if (type === 'b') return value === '1' ? 'true' : 'false';
  if (type === 's') throw new JobFailure('not_our_xlsx', 'shared strings');
  const style = /\bs="(\d+)"/.exec(attributes)?.[1];
  const toDate = style ? DATE_STYLES[style] : undefined;
  if (toDate && value !== '') return toDate(new Date(Math.round((Number(value) - 25_569) * 86_400) * 1000));
  return unescape(value);
}

function rowCells(rowXml: string): string[] {
  const cells: string[] = [];
  for (const m of rowXml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const ref = /\br="([A-Z]+\d+)"/.exec(m[1])?.[1];
    const index = ref ? columnIndex(ref) : cells.length;
    while (cells.length < index) cells.push('');
    cells[index] = cellText(m[1], m[2] ?? '');
  }
  return cells;
}

/** Each `<row>` of a sheet, read chunk by chunk. */
async function* sheetRows(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  let pending = '';
  for await (const chunk of chunks) {
    pending += chunk;
    let end = pending.indexOf('</row>');
    while (end !== -1) {
      const start = pending.indexOf('<row');
      yield rowCells(pending.slice(start, end));
      pending = pending.slice(end + 6);
      end = pending.indexOf('</row>');
    }
  }
}

function sheetsOf(workbookXml: string): string[] {
  return [...workbookXml.matchAll(/<sheet\b[^>]*\bname="([^"]*)"/g)].map((m) => unescape(m[1]));
}

const isSheetOf = (sheet: string, names: readonly string[]): boolean =>
  names.some((name) => {
    const base = sheet.replace(/ \(\d+\)$/, '');
    return base === name || base.endsWith(` ${name}`);
  });

export interface WorkbookSelection {
  /** The form type's names in every locale. */
  names: readonly string[];
  /** Export columns no cell can carry back (file uploads, multi-fields): left out, not refused. */
  skipColumn: (id: string) => boolean;
}

/** The CSV text of the form type's rows in the decrypted workbook. */
export async function* xlsxAsCsvChunks(workbook: Buffer, fileName: string, selection: WorkbookSelection): AsyncGenerator<string> {
  const { names } = selection;
  let entries: Map<string, ZipEntry>;
  let sheetNames: string[];
  try {
    entries = zipEntries(workbook);
    const book = entries.get('xl/workbook.xml');
    if (!book) throw new NotAZipError();
    sheetNames = sheetsOf(await entryString(workbook, book));
  } catch (error) {
    if (!(error instanceof NotAZipError)) throw error;
    throw new JobFailure('not_our_xlsx', `${fileName}: not a workbook of our export`);
  }
  const wanted = sheetNames.map((name, i) => ({ name, part: `xl/worksheets/sheet${i + 1}.xml` })).filter((s) => isSheetOf(s.name, names));
  if (wanted.length === 0) throw new JobFailure('form_type_mismatch', `${fileName}: the workbook has no sheet of the form type "${names.join('" / "')}"`);
  let header: string[] | null = null;
  let kept: number[] = [];
  for (const sheet of wanted) {
    const entry = entries.get(sheet.part);
    if (!entry) throw new JobFailure('not_our_xlsx', `${fileName}: the sheet "${sheet.name}" is missing`);
    let line = 0;
    for await (const cells of sheetRows(entryText(workbook, entry))) {
      line += 1;
      // Row 1: labels; row 2: the column ids, the CSV header (once: continuation sheets repeat it).
      if (line === 1) continue;
      if (line === 2) {
        if (header === null) {
          header = cells;
          kept = cells.map((id, i) => (selection.skipColumn(id) ? -1 : i)).filter((i) => i >= 0);
          yield `${formatCsvLine(kept.map((i) => cells[i]))}\r\n`;
        } else if (cells.join('\u0000') !== header.join('\u0000')) {
          throw new JobFailure('xlsx_layout', `${fileName}: the form type's columns are split over several sheets; export it with more columns per sheet`);
        }
        continue;
      }
      const width = header?.length ?? cells.length;
      while (cells.length < width) cells.push('');
      yield `${formatCsvLine(kept.map((i) => cells[i]))}\r\n`;
    }
  }
}
