import {
  evaluateExpression,
  parseExpression,
  type ExpressionValue,
} from '../../../src/domain/forms';

const values: Record<string, ExpressionValue> = {
  a: 4,
  b: 2,
  zero: 0,
  neg: -9,
  txt: '3,5',
  word: 'hello',
  blank: '',
  none: null,
  yes: true,
  no: false,
  born: '1980-02-29',
  visit: '2021-02-28',
  visit2: '2021-03-01',
  start: '2024-01-10T08:30',
  list: ['x', 'y'],
  noList: [],
};

const scope = { lookup: (name: string): ExpressionValue => values[name] ?? null };
const run = (source: string, today?: () => string): ExpressionValue => {
  const result = evaluateExpression(source, { ...scope, today });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('arithmetic and precedence', () => {
  test.each<[string, ExpressionValue]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['12 / 3 / 2', 2],
    ['2 ^ 3', 8],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['2 ^ -1', 0.5],
    ['-a + b', -2],
    ['--a', 4],
    ['+a', 4],
    ['a * b - 1', 7],
    ['1e3 + .5', 1000.5],
    ['txt * 2', 7],
    ["'12' + 1", 13],
    ['a / b', 2],
  ])('%s = %j', (source, expected) => expect(run(source)).toBe(expected));
});

describe('empty handling and domain errors give empty, never NaN or a throw', () => {
  test.each<[string, ExpressionValue]>([
    ['a + none', null],
    ['none * 2', null],
    ['blank - 1', null],
    ['-none', null],
    ['word + 1', null],
    ['yes + 1', null],
    ['a / zero', null],
    ['sqrt(neg)', null],
    ['ln(zero)', null],
    ['ln(neg)', null],
    ['log10(zero)', null],
    ['exp(1000)', null],
    ['neg ^ 0.5', null],
    ['unknownField + 1', null],
    ['sqrt(none)', null],
    ['round(none, 2)', null],
    ['round(a, -1)', null],
    ['round(a, 1.5)', null],
    ['min(a, none)', null],
    ['max(none)', null],
    ['daysBetween(none, visit)', null],
    ['daysBetween(word, visit)', null],
    ["yearsBetween('2021-02-30', visit)", null],
  ])('%s is empty', (source, expected) => expect(run(source)).toBe(expected));
});

describe('functions', () => {
  test.each<[string, ExpressionValue]>([
    ['sqrt(16)', 4],
    ['ln(exp(2))', 2],
    ['log10(1000)', 3],
    ['exp(0)', 1],
    ['abs(neg)', 9],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(1.005, 2)', 1.01],
    ['round(3.14159, 3)', 3.142],
    ['round(1234.5678, 0)', 1235],
    ['min(3, a, b)', 2],
    ['max(3, a, b)', 4],
    ['min(7)', 7],
    ["if(a > b, 'up', 'down')", 'up'],
    ["if(none, 'set', 'unset')", 'unset'],
    ['if(yes, 1, 1 / 0)', 1],
    ['isEmpty(none)', true],
    ['isEmpty(blank)', true],
    ['isEmpty(noList)', true],
    ['isEmpty(zero)', false],
    ['isEmpty(no)', false],
    ['isEmpty(list)', false],
    ['daysBetween(visit, visit2)', 1],
    ['daysBetween(visit2, visit)', -1],
    ["daysBetween('2024-02-28', '2024-03-01')", 2],
    ["daysBetween('2024-03-30', '2024-03-31T23:59')", 1],
    ["daysBetween(start, '2024-01-11')", 1],
    ['yearsBetween(born, visit)', 40],
    ['yearsBetween(born, visit2)', 41],
    ["yearsBetween('1990-06-15', '2020-06-14')", 29],
    ["yearsBetween('1990-06-15', '2020-06-15')", 30],
    ["yearsBetween('2020-06-15', '1990-06-15')", -30],
    ["yearsBetween('2000-12-31', '2001-01-01')", 0],
    ["contains(list, 'y')", true],
    ["contains(list, 'z')", false],
    ["contains(word, 'hello')", false],
    ['count(list)', 2],
    ['count(noList)', 0],
    ['count(word)', 1],
  ])('%s = %j', (source, expected) => expect(run(source)).toBe(expected));

  test('today() needs an injected clock, so results never depend on the machine', () => {
    expect(run('today()')).toBeNull();
    expect(run('today()', () => '2024-05-06T10:00')).toBe('2024-05-06');
    expect(run('yearsBetween(born, today())', () => '2024-02-29')).toBe(44);
    expect(run('daysBetween(visit2, today())', () => 'not a date')).toBeNull();
  });
});

describe('comparisons and logic', () => {
  test.each<[string, ExpressionValue]>([
    ['a = 4', true],
    ['a == 4', true],
    ['a != 4', false],
    ['a <> 3', true],
    ['a < b', false],
    ['a <= 4', true],
    ['a > b', true],
    ['b >= 3', false],
    ["txt = '3.5'", true],
    ["word = 'hello'", true],
    ["word < 'world'", true],
    ['visit < visit2', true],
    ['yes = true', true],
    ['no = false', true],
    ['yes = 1', false],
    ["yes != 'x'", true],
    ['none = none', false],
    ['none != 1', false],
    ['none < 1', false],
    ['blank = empty', false],
    ['a > none', false],
    ["list = 'x'", false],
    ['list = list', true],
    ['a > 1 and b > 1', true],
    ['a > 1 and b > 3', false],
    ['a > 5 or b > 1', true],
    ['not a > 5', true],
    ['not none', true],
    ['not not yes', true],
    ['a > 1 and none', false],
    ['none or yes', true],
    ['no or zero', false],
    ['a > 1 or b > 1 and no', true],
    ['(a > 1 or b > 1) and no', false],
    ['isEmpty(none) and not isEmpty(a)', true],
  ])('%s is %j', (source, expected) => expect(run(source)).toBe(expected));
});

describe('parser', () => {
  test('collects references once, in order, without function names or keywords', () => {
    const result = parseExpression('round(0.56*sqrt(tjc28) + 0.28*sqrt(sjc28) + tjc28, 2) + if(flag and true, x, empty)');
    expect(result.ok && result.expression.references).toEqual(['tjc28', 'sjc28', 'flag', 'x']);
  });

  test('caches parsed expressions', () => {
    expect(parseExpression('a + 1')).toBe(parseExpression('a + 1'));
  });

  test("accepts both quote styles and escapes", () => {
    expect(run(`'it\\'s' = "it's"`)).toBe(true);
  });

  test.each<[string, number, string]>([
    ['1 +', 3, 'Unexpected end of expression at position 3'],
    ['(1 + 2', 6, "Expected ')' but found end of expression at position 6"],
    ['1 + 2)', 5, "Unexpected ')' at position 5"],
    ['a # b', 2, "Unexpected character '#' at position 2"],
    ['foo(1)', 0, "Unknown function 'foo' at position 0"],
    ['sqrt(1, 2)', 0, "Function 'sqrt' takes 1 argument(s), got 2 (position 0)"],
    ['round()', 0, "Function 'round' takes 1 to 2 argument(s), got 0 (position 0)"],
    ['if(a, b)', 0, "Function 'if' takes 3 argument(s), got 2 (position 0)"],
    ['min()', 0, "Function 'min' takes at least 1 argument(s), got 0 (position 0)"],
    ['1 < a < 3', 6, "Comparisons cannot be chained; use 'and' (position 6)"],
    ["'open", 0, 'Unterminated string starting at position 0'],
    ['a and', 5, 'Unexpected end of expression at position 5'],
    ['a b', 2, "Unexpected 'b' at position 2"],
    ['x = and', 4, "Unexpected 'and' at position 4"],
    ['', 0, 'Unexpected end of expression at position 0'],
    ['1 , 2', 2, "Unexpected ',' at position 2"],
  ])('%j fails at %i', (source, position, message) => {
    expect(parseExpression(source)).toEqual({ ok: false, error: { position, message } });
  });
});
