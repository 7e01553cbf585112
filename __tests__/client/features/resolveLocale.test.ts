import { resolveLocale } from '../../../src/features/locale/resolveLocale';

test.each([
  ['en', ['hu-HU'], 'en'],
  ['hu', ['en-US'], 'hu'],
  [null, ['hu-HU', 'en'], 'hu'],
  [null, ['hu'], 'hu'],
  [null, ['HU-hu'], 'hu'],
  [null, ['en-GB', 'hu-HU'], 'en'],
  [null, ['de-DE'], 'en'],
  [null, [], 'en'],
  ['fr', ['hu-HU'], 'hu'],
  ['', ['de'], 'en'],
] as const)('stored %p with browser languages %p gives %p', (stored, languages, expected) => {
  expect(resolveLocale(stored, languages)).toBe(expected);
});
