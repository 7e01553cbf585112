// RFC 4180 CSV reading, as REDCap's Designer writes a data dictionary: fields may be quoted,
// a quoted field may hold commas, doubled quotes ("") and line breaks; lines end in CRLF or LF.

export type CsvResult = { ok: true; rows: string[][] } | { ok: false; line: number; message: string };

export function parseCsv(text: string): CsvResult {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line += 1;
    } else field += ch;
  }
  if (quoted) return { ok: false, line: quoteLine, message: `unterminated quoted field starting on line ${quoteLine}` };
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines (a trailing newline, an empty line at the end) carry no row.
  return { ok: true, rows: rows.filter((r) => r.some((cell) => cell.trim() !== '')) };
}
