// The word of a "contains" term that PostgreSQL's trigram index is asked for (lists/pgContains.ts);
// the answers themselves are checked against the rows in biobank/sampleSearch.test.ts.
import { tellingWord } from '../../server/lists/pgContains';

it('asks for the longest word with a digit, else the longest, of three characters or more', () => {
  expect(tellingWord('rab-099519')).toBe('099519');
  expect(tellingWord('árpád-2019')).toBe('2019');
  expect(tellingWord('szlk-ra-bio-20230112')).toBe('20230112');
  expect(tellingWord('old_12%')).toBe('old');
  expect(tellingWord('lab-0')).toBe('lab');
  expect(tellingWord('ab-cd-efg')).toBe('efg');
  expect(tellingWord('abc-def')).toBe('def');
});

it('asks for the whole term when it is one word or has no word of three characters', () => {
  expect(tellingWord('rab099519')).toBeUndefined();
  expect(tellingWord('árpád')).toBeUndefined();
  expect(tellingWord('ab-12')).toBeUndefined();
  expect(tellingWord('%_')).toBeUndefined();
});
