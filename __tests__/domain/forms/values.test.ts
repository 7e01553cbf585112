import {
  createLruCache,
  formatPath,
  InvalidBooleanError,
  isSameValue,
  MAX_FORM_VALUE_DEPTH,
  valueDepth,
  isValidDateTime,
  isValidTime,
  parseBooleanText,
  parseDate,
  parsePath,
  pathFieldId,
  pathScope,
  toBooleanValue,
} from '../../../src/domain/forms';

describe('isSameValue: an empty value counts as absent', () => {
  test.each<[unknown, unknown, boolean]>([
    ['', null, true],
    ['', undefined, true],
    [null, [], true],
    [[], undefined, true],
    ['', 0, false],
    [0, null, false],
    [false, null, false],
    [false, '', false],
    [1, 1, true],
    [1, '1', false],
    ['a', 'a', true],
    ['a', 'A', false],
    [['a', 'b'], ['a', 'b'], true],
    [['a', 'b'], ['b', 'a'], false],
    [['a'], ['a', 'b'], false],
    [[{ gene: 'TP53' }], [{ gene: 'TP53' }], true],
    [[{ gene: 'TP53', variant: '' }], [{ gene: 'TP53' }], true],
    [[{ gene: 'TP53' }], [{ gene: 'KRAS' }], false],
    [{ fileId: '1', fileName: 'a.pdf' }, { fileId: '1', fileName: 'a.pdf' }, true],
    [{ fileId: '1' }, { fileId: '2' }, false],
    [{ a: 1 }, [1], false],
    [NaN, NaN, true],
    [true, true, true],
    [true, 'true', false],
  ])('%j vs %j -> %j', (a, b, same) => {
    expect(isSameValue(a, b)).toBe(same);
    expect(isSameValue(b, a)).toBe(same);
  });
});

describe('boolean text (spec §5)', () => {
  test.each(['1', 'true', 't', 'yes', 'y', 'on', 'TRUE', 'Yes', ' On ', 'T'])('%j is true', (text) => {
    expect(parseBooleanText(text)).toBe(true);
    expect(parseBooleanText(text, { strict: true })).toBe(true);
  });
  test.each(['0', 'false', 'f', 'no', 'n', 'off', 'FALSE', 'No', ' off', 'N'])('%j is false', (text) => {
    expect(parseBooleanText(text)).toBe(false);
    expect(parseBooleanText(text, { strict: true })).toBe(false);
  });
  test.each(['', 'maybe', '2', 'yess', 'igen', 'nem', '-1', 'true!'])('%j is not a boolean', (text) => {
    expect(parseBooleanText(text)).toBeUndefined();
    expect(() => parseBooleanText(text, { strict: true })).toThrow(InvalidBooleanError);
    expect(() => parseBooleanText(text, { strict: true })).toThrow('Invalid boolean value');
  });
  test.each<[unknown, boolean | null | 'invalid']>([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['yes', true],
    ['off', false],
    ['', null],
    [null, null],
    [undefined, null],
    [2, 'invalid'],
    ['perhaps', 'invalid'],
    [['yes'], 'invalid'],
  ])('field value %j reads as %j', (value, expected) => {
    expect(toBooleanValue(value as never)).toBe(expected);
  });
});

describe('value paths', () => {
  test.each<[string, ReturnType<typeof parsePath>]>([
    ['weight', [{ id: 'weight' }]],
    ['meds[2].dose', [{ id: 'meds', index: 2 }, { id: 'dose' }]],
    ['genes[0]', [{ id: 'genes', index: 0 }]],
    ['meds[x].dose', null],
    ['meds..dose', null],
    ['1meds', null],
    ['', null],
  ])('%j', (path, segments) => {
    expect(parsePath(path)).toEqual(segments);
    if (segments) expect(formatPath(segments)).toBe(path);
  });
  test.each([
    ['meds[2].dose', 'dose', 'meds[2]'],
    ['weight', 'weight', ''],
    ['genes[3]', 'genes', ''],
  ])('%j ends in field %j within scope %j', (path, id, scope) => {
    expect(pathFieldId(path)).toBe(id);
    expect(pathScope(path)).toBe(scope);
  });
});

describe('stored date, date-time and time texts', () => {
  test.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-04-31', false],
    ['2024-4-1', false],
    ['01/02/2024', false],
    ['2024-01-01T10:00', false],
  ])('date %j valid: %j', (text, valid) => expect(parseDate(text) !== null).toBe(valid));
  test.each([
    ['2024-01-01T10:00', true],
    ['2024-01-01 10:00:59', true],
    ['2024-01-01T24:00', false],
    ['2024-01-01T10:60', false],
    ['2024-01-01', false],
  ])('date-time %j valid: %j', (text, valid) => expect(isValidDateTime(text)).toBe(valid));
  test.each([
    ['00:00', true],
    ['23:59:59', true],
    ['24:00', false],
    ['7:30', false],
  ])('time %j valid: %j', (text, valid) => expect(isValidTime(text)).toBe(valid));
});

describe('LRU cache', () => {
  test('evicts the least recently used entry at its bound', () => {
    const cache = createLruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
  test('refuses a bound below one', () => {
    expect(() => createLruCache(0)).toThrow(RangeError);
  });
});

describe('deeply nested values', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
    return value;
  };

  it('compares values 100,000 levels deep without overflowing the stack', () => {
    expect(isSameValue(nested(100000), nested(100000))).toBe(true);
    expect(isSameValue(nested(100000), nested(99999))).toBe(false);
  });

  it('measures nesting without recursion and stops past the limit', () => {
    expect(valueDepth('x')).toBe(0);
    expect(valueDepth({ meds: [{ dose: 1, tags: ['a'] }] })).toBe(4);
    expect(valueDepth(nested(100000))).toBe(100000);
    expect(valueDepth(nested(100000), MAX_FORM_VALUE_DEPTH)).toBe(MAX_FORM_VALUE_DEPTH + 1);
  });
});
