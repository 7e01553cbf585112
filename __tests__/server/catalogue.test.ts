// Server texts live in the shared catalogues: every id the server uses exists in both languages,
// and the validation texts of spec business-data §5 are exactly as specified.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import en from '../../translations/en.json';
import hu from '../../translations/hu.json';
import { translate } from '../../server/i18n/catalogue';

const catalogues: Record<'en' | 'hu', Record<string, string>> = { en, hu };

const SPEC_TEXTS: Record<string, string> = {
  'string.email': 'not a valid email address',
  'string.min': 'is shorter than {limit}',
  'string.max': 'is longer than {limit}',
  'string.empty': 'is empty',
  'string.length': 'is not {limit} length',
  'number.min': 'must be greater than {limit}',
  'number.max': 'must be less than {limit}',
  'number.integer': 'must be an integer',
  'any.required': 'required',
  'any.only': 'invalid value: {valids}',
  'date.format': 'must be in format of {format}',
  'string.dateRange': '"{first}" date have to be earlier than "{second}" date',
  'string.notComplexEnough': 'password not complex enough',
  'api.unique': 'already exists',
  'api.match': 'does not match',
  'api.recaptcha': 'captcha not set',
  'api.invalidTimeZone': 'invalid time zone',
  'string.regex.base': 'invalid format',
  'logic.with': 'must provide "{peer}" when "{main}" is present',
  default: 'invalid value',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

test.each(Object.entries(SPEC_TEXTS))('validation.%s reads as specified in English and exists in Hungarian', (key, text) => {
  expect(en[`validation.${key}` as keyof typeof en]).toBe(text);
  expect(hu[`validation.${key}` as keyof typeof hu]).toEqual(expect.any(String));
  expect(hu[`validation.${key}` as keyof typeof hu]).not.toBe(text);
});

test('every message id and validation key the server code names exists in both catalogues', () => {
  const source = sourceFiles(join(__dirname, '..', '..', 'server'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const ids = new Set([...source.matchAll(/'(server\.errors\.[A-Za-z]+)'/g)].map((m) => m[1]));
  const keys = new Set([...source.matchAll(/key: '([a-z]+(?:\.[A-Za-z]+)+|default)'/g)].map((m) => `validation.${m[1]}`));
  expect(ids.size).toBeGreaterThanOrEqual(8);
  expect(keys.size).toBeGreaterThanOrEqual(15);
  for (const id of [...ids, ...keys]) {
    for (const lang of ['en', 'hu'] as const) expect([lang, id, catalogues[lang][id]]).toEqual([lang, id, expect.any(String)]);
  }
});

test('messages format their values', () => {
  expect(translate('en', 'validation.list.filterValue', { value: 'x', type: 'date', field: 'createdAt' })).toBe(
    '"x" is not a date (YYYY-MM-DD or ISO 8601) for createdAt',
  );
  expect(translate('hu', 'validation.string.min', { limit: 10 })).toBe('rövidebb, mint 10');
  expect(translate('en', 'validation.any.only', { valids: ['a', 'b'] })).toBe('invalid value: a, b');
  expect(translate('en', 'no.such.id')).toBe('no.such.id');
});
