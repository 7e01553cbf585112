// The pure pieces of the bad-input defence: the JSON depth scan, storable text, the text and date
// formats with the default checks every request schema gets, and the typed list filter values.
import { jsonNestingDepth, MAX_JSON_DEPTH } from '../../../server/input/jsonDepth';
import {
  FREE_TEXT_FORMAT,
  INT32_RANGE,
  isFreeText,
  isPlainText,
  isStorableDateText,
  isStorableInstant,
  PLAIN_TEXT_FORMAT,
  withRequestFormats,
} from '../../../server/input/requestFormats';
import { findUnstorableText, isStorableText } from '../../../server/input/storableText';
import { typedValue } from '../../../server/lists/listQuery';

describe('jsonNestingDepth', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['[[1],[2,[3]]]', 3],
    ['{"a":{"b":[1]}}', 3],
    // Brackets inside strings, also after an escaped quote, do not count.
    ['{"a":"[[[{{{","b":"\\"[[["}', 1],
  ])('%s nests %d deep', (text, depth) => {
    expect(jsonNestingDepth(text)).toBe(depth);
  });

  it('scans 100,000 levels without recursion and stops counting past the limit', () => {
    const deep = `${'['.repeat(100000)}${']'.repeat(100000)}`;
    expect(jsonNestingDepth(deep)).toBe(100000);
    expect(jsonNestingDepth(deep, MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });
});

describe('storable text', () => {
  it.each([['a\u0000b'], ['\uD800'], ['x\uDC00'], ['\uDBFFa']])('refuses %j', (text) => {
    expect(isStorableText(text)).toBe(false);
  });

  it.each([['plain'], ['emoji \uD83D\uDE00'], ['tab\tand\nnewline'], ['\u202E']])('keeps %j', (text) => {
    expect(isStorableText(text)).toBe(true);
  });

  it('names the first unstorable value or key by its path, however deep', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, 'body')).toBe('body.a.1.c');
    expect(findUnstorableText({ 'k\u0000': 1 }, 'query')).toBe('query');
    expect(findUnstorableText({ a: ['fine'] }, 'body')).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100000; i += 1) deep = [deep];
    expect(findUnstorableText(deep, 'body')).toMatch(/^body(\.0)+$/);
  });
});

describe('text formats', () => {
  it.each(['Kovács Anna', 'Ödön-Ágnes O\'Brien', '123456788', 'emoji \uD83D\uDE00'])('plain text accepts %j', (text) => {
    expect(isPlainText(text)).toBe(true);
  });

  it.each(['a\u0001b', 'a\tb', 'a\nb', 'a\u007Fb', 'a\u0085b', 'evil\u202Etxt.exe', 'a\u2066b', 'a\u2069b', 'a\uD800'])('plain text refuses %j', (text) => {
    expect(isPlainText(text)).toBe(false);
  });

  it('free text accepts tab and line breaks but no other control or bidi characters', () => {
    expect(isFreeText('line one\r\n\tline two')).toBe(true);
    expect(isFreeText('bell\u0007')).toBe(false);
    expect(isFreeText('\u202Dover')).toBe(false);
  });
});

describe('storable dates', () => {
  it.each([['0001-01-01', true], ['9999-12-31', true], ['0000-01-01', false], ['2024-02-30', true], ['not a date', true]])(
    'date text %s -> %s (calendar checks are the services\')',
    (text, ok) => {
      expect(isStorableDateText(text)).toBe(ok);
    },
  );

  it('keeps instants within the UTC years 0001 to 9999', () => {
    expect(isStorableInstant(new Date('9999-12-31T22:00:00Z'))).toBe(true);
    expect(isStorableInstant(new Date('9999-12-31T23:00:00-05:00'))).toBe(false);
    expect(isStorableInstant(new Date('0000-06-01T00:00:00Z'))).toBe(false);
    expect(isStorableInstant(new Date('nonsense'))).toBe(false);
  });
});

describe('withRequestFormats', () => {
  it('gives strings plain-text, numbers finite and unbounded integers the integer column range, without touching the original', () => {
    const original = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        notes: { type: ['string', 'null'], format: FREE_TEXT_FORMAT },
        gender: { type: 'string', enum: ['female', 'male'] },
        level: { type: 'integer' },
        page: { type: 'integer', minimum: 1 },
        lat: { type: ['number', 'null'] },
        tags: { type: 'array', items: { type: 'string' } },
        extra: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    const copy = JSON.parse(JSON.stringify(original));
    const checked = withRequestFormats(original) as { properties: Record<string, Record<string, unknown>> };
    expect(original).toEqual(copy);
    const p = checked.properties;
    expect(p.name.format).toBe(PLAIN_TEXT_FORMAT);
    expect(p.notes.format).toBe(FREE_TEXT_FORMAT);
    expect(p.gender.format).toBeUndefined();
    expect(p.level).toMatchObject({ finite: true, minimum: INT32_RANGE.min, maximum: INT32_RANGE.max });
    expect(p.page).toEqual({ type: 'integer', minimum: 1, finite: true });
    expect(p.lat).toMatchObject({ finite: true });
    expect((p.tags.items as Record<string, unknown>).format).toBe(PLAIN_TEXT_FORMAT);
    expect((p.extra.additionalProperties as Record<string, unknown>).format).toBe(PLAIN_TEXT_FORMAT);
  });
});

describe('typed list filter values', () => {
  it.each([
    ['integer', '42', 42],
    ['integer', ' -7 ', -7],
    ['integer', '2147483647', 2147483647],
    ['number', '1.5', 1.5],
    ['date', '2026-01-02', '2026-01-02T00:00:00.000Z'],
    ['date', '9999-12-31', '9999-12-31T00:00:00.000Z'],
  ] as const)('%s accepts %j', (type, text, value) => {
    expect(typedValue(type, text)).toEqual({ ok: true, value });
  });

  it.each([
    ['integer', '1.5'],
    ['integer', '2147483648'],
    ['integer', '-2147483649'],
    ['integer', '99999999999999999999'],
    ['integer', '1e3'],
    ['number', '99999999999999999999'],
    ['number', '1e400'],
    ['date', '0000-01-01'],
    ['date', '10000-01-01'],
    ['date', '9999-12-31T23:00-05:00'],
  ] as const)('%s refuses %j', (type, text) => {
    expect(typedValue(type, text)).toEqual({ ok: false });
  });
});
