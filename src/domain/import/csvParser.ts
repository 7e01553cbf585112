// A CSV reader for imports that can be fed the file a chunk at a time, so that a large upload is
// never held whole in memory: UTF-8 text (a leading BOM is dropped), comma or semicolon (chosen
// from the header line), quoted fields with doubled quotes and line breaks inside, CRLF or LF.

export const CSV_DELIMITERS = [',', ';'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvRecord {
  fields: string[];
  /** File line (1-based) the record starts on; a quoted line break makes a record span lines. */
  line: number;
}

/** A file that is not well-formed CSV; `messageId` is an `import.csv.*` translation key. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly messageId: string,
    readonly line: number,
  ) {
    super(`${messageId} at line ${line}`);
    this.name = 'CsvSyntaxError';
  }
}

export interface CsvParser {
  /** Parses a chunk of text; answers the records it completed. Throws CsvSyntaxError. */
  feed(chunk: string): CsvRecord[];
  /** Flushes the last record (a file need not end with a line break). Throws CsvSyntaxError. */
  end(): CsvRecord[];
  /** The delimiter found in the header line; null until the header line is complete. */
  delimiter(): CsvDelimiter | null;
}

const QUOTE = '"';

/**
 * Bounds that keep a hostile or mistaken file (one endless quoted value, a line of nothing but
 * delimiters) from growing memory without limit. Excel itself stops at 32,767 characters a cell
 * and 16,384 columns; a header line is a few kilobytes even for thousand-field forms.
 */
export const CSV_LIMITS = { fieldLength: 100_000, fieldsPerRecord: 20_000, headerLineLength: 1_000_000 } as const;

/** The delimiter of a header line: the one that occurs more often outside quotes (comma on a tie). */
export function detectDelimiter(headerLine: string): CsvDelimiter {
  let inQuotes = false;
  let commas = 0;
  let semicolons = 0;
  for (const c of headerLine) {
    if (c === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && c === ',') commas += 1;
    else if (!inQuotes && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** Index of the first line break outside quotes, or -1 while the header line is incomplete. */
function headerLineEnd(text: string): number {
  let inQuotes = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === QUOTE) inQuotes = !inQuotes;
    else if (!inQuotes && (c === '\n' || c === '\r')) return i;
  }
  return -1;
}

type State = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted';

export function createCsvParser(): CsvParser {
  let delimiter: CsvDelimiter | null = null;
  let pending = '';
  let started = false;
  let state: State = 'fieldStart';
  let field = '';
  let fields: string[] = [];
  let line = 1;
  let recordLine = 1;
  // A CR ended the record; a LF right after it (maybe in the next chunk) belongs to it.
  let skipLineFeed = false;

  const pushField = (): void => {
    if (fields.length >= CSV_LIMITS.fieldsPerRecord) throw new CsvSyntaxError('import.csv.tooManyColumns', recordLine);
    fields.push(field);
  };
  const append = (c: string): void => {
    if (field.length >= CSV_LIMITS.fieldLength) throw new CsvSyntaxError('import.csv.valueTooLong', recordLine);
    field += c;
  };

  const endRecord = (out: CsvRecord[]): void => {
    pushField();
    // A blank line is no record (a trailing line break, an empty line between rows).
    if (!(fields.length === 1 && fields[0] === '' && state !== 'quoteInQuoted')) out.push({ fields, line: recordLine });
    fields = [];
    field = '';
    state = 'fieldStart';
  };

  const consume = (text: string, out: CsvRecord[]): void => {
    for (let i = 0; i < text.length; i += 1) {
      const c = text[i];
      if (skipLineFeed) {
        skipLineFeed = false;
        if (c === '\n') continue;
      }
      if (state === 'quoted') {
        if (c === QUOTE) state = 'quoteInQuoted';
        else {
          if (c === '\n') line += 1;
          append(c);
        }
        continue;
      }
      if (state === 'quoteInQuoted' && c === QUOTE) {
        field += QUOTE;
        state = 'quoted';
        continue;
      }
      if (state === 'fieldStart' && fields.length === 0 && field === '') recordLine = line;
      if (c === delimiter) {
        pushField();
        field = '';
        state = 'fieldStart';
      } else if (c === '\n' || c === '\r') {
        endRecord(out);
        line += 1;
        skipLineFeed = c === '\r';
      } else if (state === 'quoteInQuoted') {
        throw new CsvSyntaxError('import.csv.textAfterQuote', line);
      } else if (c === QUOTE) {
        if (state !== 'fieldStart') throw new CsvSyntaxError('import.csv.quoteInField', line);
        state = 'quoted';
      } else {
        // The plain characters up to the next delimiter, quote or line break at once (most of a
        // file): one slice instead of one concatenation per character.
        let end = i + 1;
        while (end < text.length) {
          const next = text[end];
          if (next === delimiter || next === QUOTE || next === '\n' || next === '\r') break;
          end += 1;
        }
        if (field.length + (end - i) > CSV_LIMITS.fieldLength) throw new CsvSyntaxError('import.csv.valueTooLong', recordLine);
        field += text.slice(i, end);
        state = 'unquoted';
        i = end - 1;
      }
    }
  };

  return {
    feed(chunk: string): CsvRecord[] {
      const out: CsvRecord[] = [];
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (delimiter !== null) {
        consume(text, out);
        return out;
      }
      pending += text;
      const end = headerLineEnd(pending);
      if (end === -1 && pending.length > CSV_LIMITS.headerLineLength) throw new CsvSyntaxError('import.csv.headerTooLong', 1);
      if (end === -1) return out;
      delimiter = detectDelimiter(pending.slice(0, end));
      const buffered = pending;
      pending = '';
      consume(buffered, out);
      return out;
    },
    end(): CsvRecord[] {
      const out: CsvRecord[] = [];
      if (delimiter === null) {
        delimiter = detectDelimiter(pending);
        consume(pending, out);
        pending = '';
      }
      if (state === 'quoted') throw new CsvSyntaxError('import.csv.unterminatedQuote', recordLine);
      if (state !== 'fieldStart' || fields.length > 0 || field !== '') endRecord(out);
      return out;
    },
    delimiter: (): CsvDelimiter | null => delimiter,
  };
}

/** Every record of a whole CSV text (tests, small files). Throws CsvSyntaxError. */
export function parseCsvText(text: string): CsvRecord[] {
  const parser = createCsvParser();
  return [...parser.feed(text), ...parser.end()];
}

/** One CSV line: fields holding the delimiter, a quote or a line break are quoted. */
export function formatCsvLine(fields: readonly string[], delimiter: CsvDelimiter = ','): string {
  return fields
    .map((value) => (value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value))
    .join(delimiter);
}
