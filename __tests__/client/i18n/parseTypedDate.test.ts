// Typed dates in the forms people use in Hungary and Europe; never month first.
import { parseTypedDate } from '../../../src/common/dateInputs/parseTypedDate';

test.each([
  ['2026-01-12', '2026-01-12'],
  ['2026. 01. 12.', '2026-01-12'],
  ['2026.1.12', '2026-01-12'],
  ['12.01.2026', '2026-01-12'],
  ['12/01/2026', '2026-01-12'],
  ['01/12/2026', '2026-12-01'],
  ['12 Jan 2026', '2026-01-12'],
  ['30 Sept 1975', '1975-09-30'],
  ['2026. jan. 12.', '2026-01-12'],
  ['2026. március 3.', '2026-03-03'],
  ['3 marc 2026', '2026-03-03'],
])('date %j reads as %s', (typed, expected) => {
  expect(parseTypedDate(typed, false)).toBe(expected);
});

test.each([
  ['2026-01-12T09:00', '2026-01-12T09:00'],
  ['2026-01-12 9:00', '2026-01-12T09:00'],
  ['2026. 01. 12. 9:00', '2026-01-12T09:00'],
  ['12 Jan 2026, 09:00', '2026-01-12T09:00'],
  ['12.01.2026 23:59', '2026-01-12T23:59'],
])('date-time %j reads as %s', (typed, expected) => {
  expect(parseTypedDate(typed, true)).toBe(expected);
});

test.each([
  ['', false],
  ['2026-02-30', false],
  ['2026-13-01', false],
  ['12 Ma 2026', false],
  ['2026-01', false],
  ['2026-01-12 09:00', false],
  ['2026-01-12', true],
  ['2026-01-12 24:00', true],
  ['yesterday', false],
])('%j (with time: %s) is not a date', (typed, withTime) => {
  expect(parseTypedDate(typed, withTime)).toBeNull();
});
