// The import's CSV reader: delimiters, quoting, line endings, BOM, chunk boundaries, broken files.
import { createCsvParser, CSV_LIMITS, CsvSyntaxError, formatCsvLine, parseCsvText, type CsvRecord } from '../../../src/domain/import';

const rows = (records: CsvRecord[]): string[][] => records.map((r) => r.fields);

/** Feeds `text` in chunks of `size` characters, so every boundary position gets exercised. */
function parseInChunks(text: string, size: number): CsvRecord[] {
  const parser = createCsvParser();
  const out: CsvRecord[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...parser.feed(text.slice(i, i + size)));
  return [...out, ...parser.end()];
}

describe('parseCsvText', () => {
  test.each<[string, string, string[][]]>([
    ['comma, LF', 'a,b\n1,2\n', [['a', 'b'], ['1', '2']]],
    ['semicolon, CRLF', 'a;b\r\n1;2\r\n', [['a', 'b'], ['1', '2']]],
    ['semicolon header keeps commas as data', 'a;b\n1,5;2,25\n', [['a', 'b'], ['1,5', '2,25']]],
    ['comma header keeps semicolons as data', 'a,b\nx; y,z\n', [['a', 'b'], ['x; y', 'z']]],
    ['no final line break', 'a,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['BOM dropped', '\uFEFFa,b\n1,2\n', [['a', 'b'], ['1', '2']]],
    ['quoted delimiter', 'a,b\n"x,y",2\n', [['a', 'b'], ['x,y', '2']]],
    ['doubled quotes', 'a,b\n"say ""hi""",2\n', [['a', 'b'], ['say "hi"', '2']]],
    ['line break inside quotes', 'a,b\n"one\ntwo",2\n', [['a', 'b'], ['one\ntwo', '2']]],
    ['empty fields', 'a,b,c\n,,\n', [['a', 'b', 'c'], ['', '', '']]],
    ['quoted empty field', 'a\n""\n', [['a'], ['']]],
    ['blank lines skipped', 'a,b\n\n1,2\r\n\r\n', [['a', 'b'], ['1', '2']]],
    ['old Mac CR line ends', 'a,b\r1,2\r', [['a', 'b'], ['1', '2']]],
    ['quoted header with semicolons inside', '"a;x",b\n1,2\n', [['a;x', 'b'], ['1', '2']]],
    ['accents kept', 'név;érték\nÁrvíztűrő;ő\n', [['név', 'érték'], ['Árvíztűrő', 'ő']]],
  ])('%s', (_name, text, expected) => {
    expect(rows(parseCsvText(text))).toEqual(expected);
  });

  test('each record knows the line it starts on', () => {
    expect(parseCsvText('a,b\n"x\ny",1\n2,3\n').map((r) => r.line)).toEqual([1, 2, 4]);
  });

  test.each<[string, string, string, number]>([
    ['unterminated quote', 'a,b\n"open,2\n', 'import.csv.unterminatedQuote', 2],
    ['text after closing quote', 'a,b\n"x"y,2\n', 'import.csv.textAfterQuote', 2],
    ['quote inside unquoted field', 'a,b\n1,x"y\n', 'import.csv.quoteInField', 2],
  ])('%s is a syntax error naming the line', (_name, text, messageId, line) => {
    let caught: unknown;
    try {
      parseCsvText(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CsvSyntaxError);
    expect(caught).toMatchObject({ messageId, line });
  });
});

describe('limits against runaway files', () => {
  const messageOf = (text: string): unknown => {
    try {
      parseCsvText(text);
      return null;
    } catch (error) {
      return (error as CsvSyntaxError).messageId;
    }
  };

  test('a value at the limit reads; one character more does not', () => {
    const longest = 'x'.repeat(CSV_LIMITS.fieldLength);
    expect(parseCsvText(`a\n${longest}\n`)[1].fields[0]).toHaveLength(CSV_LIMITS.fieldLength);
    expect(messageOf(`a\n"${longest}x`)).toBe('import.csv.valueTooLong');
  });

  test('a row of more columns than any spreadsheet has', () => {
    expect(messageOf(`a\n${','.repeat(CSV_LIMITS.fieldsPerRecord)}\n`)).toBe('import.csv.tooManyColumns');
    expect(parseCsvText(`a\n${','.repeat(CSV_LIMITS.fieldsPerRecord - 1)}\n`)[1].fields).toHaveLength(CSV_LIMITS.fieldsPerRecord);
  });

  test('a header line that never ends is refused before it is all in memory', () => {
    const parser = createCsvParser();
    const chunk = 'y'.repeat(1 << 16);
    let caught: unknown;
    try {
      for (let i = 0; i * chunk.length <= CSV_LIMITS.headerLineLength; i += 1) parser.feed(chunk);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ messageId: 'import.csv.headerTooLong' });
  });
});

describe('createCsvParser fed in chunks', () => {
  const text = '\uFEFFid;note;n\r\n1;"a;""b""\r\nc";2,5\r\n2;plain;3\r\n';
  const whole = rows(parseCsvText(text));

  test.each([1, 2, 3, 5, 7, 64])('chunks of %i characters give the same records', (size) => {
    expect(rows(parseInChunks(text, size))).toEqual(whole);
    expect(whole).toEqual([['id', 'note', 'n'], ['1', 'a;"b"\r\nc', '2,5'], ['2', 'plain', '3']]);
  });

  test('records come out as soon as they are complete, and the delimiter once the header is', () => {
    const parser = createCsvParser();
    expect(parser.feed('a;b')).toEqual([]);
    expect(parser.delimiter()).toBeNull();
    expect(rows(parser.feed('\n1;2\n3'))).toEqual([['a', 'b'], ['1', '2']]);
    expect(parser.delimiter()).toBe(';');
    expect(rows(parser.end())).toEqual([['3']]);
  });
});

describe('formatCsvLine', () => {
  test.each<[string[], ',' | ';', string]>([
    [['a', 'b'], ',', 'a,b'],
    [['a,b', 'c'], ',', '"a,b",c'],
    [['a;b', 'c'], ';', '"a;b";c'],
    [['say "hi"'], ',', '"say ""hi"""'],
    [['two\nlines'], ',', '"two\nlines"'],
  ])('%j with %s', (fields, delimiter, expected) => {
    expect(formatCsvLine(fields, delimiter)).toBe(expected);
    expect(parseCsvText(`${expected}\n`)[0].fields).toEqual(fields);
  });
});
