// SpreadsheetML cells as text: inline strings (no shared-string table to hold in memory), numbers,
// booleans and dates as serial numbers with a date style.
export type DateKind = 'date' | 'datetime' | 'time';

/** A typed cell; null leaves the cell empty. */
export type Cell = null | string | number | boolean | { serial: number; kind: DateKind };

/** Indexes into the cellXfs of styles.xml (workbookParts.ts). */
export const STYLE = { date: 1, datetime: 2, time: 3, header: 4 } as const;

// Characters XML 1.0 cannot hold at all: they are dropped rather than breaking the file.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPING = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Most values need no escaping: test once, then replace in one pass (this runs for every cell). */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ENTITIES[c]);
}

/** Column letters of a zero-based column index: 0 -> A, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function cellXml(cell: Cell, ref: string, headerStyle = false): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"><v>${cell}</v></c>` : '';
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  if (typeof cell === 'object') return `<c r="${ref}" s="${STYLE[cell.kind]}"><v>${cell.serial}</v></c>`;
  const style = headerStyle ? ` s="${STYLE.header}"` : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
}

export function rowXml(rowNumber: number, cells: readonly Cell[], headerStyle = false): string {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i += 1) xml += cellXml(cells[i], `${columnName(i)}${rowNumber}`, headerStyle);
  return `${xml}</row>`;
}

export const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="2" topLeftCell="A3" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
  '<sheetData>';
export const PLAIN_SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_END = '</sheetData></worksheet>';

/** Excel's serial day number of a local wall-clock time (days since 1899-12-30, the 1900 system). */
export function excelSerial(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0): number {
  const days = Date.UTC(year, month - 1, day) / 86_400_000 + 25_569;
  return days + (hours * 3600 + minutes * 60 + seconds) / 86_400;
}

/** Excel's sheet-name rules: at most 31 characters, none of []:*?/\ and not blank. */
export function sheetNameSafe(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim();
  return (cleaned || 'Sheet').slice(0, 31);
}
