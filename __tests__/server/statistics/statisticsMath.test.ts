// The two calculations behind the rejection and follow-up statistics, on their own: the median
// (odd and even counts, order of input irrelevant) and calendar months added to an attendance
// start (a day past the target month's end moves to its last day; years roll over).
import { addMonths } from '../../../server/statistics/followUp';
import { median } from '../../../server/statistics/rejectionCount';

test('median: the middle value, or the mean of the two middle ones; null for none', () => {
  expect(median([])).toBeNull();
  expect(median([7])).toBe(7);
  expect(median([9, 1, 5])).toBe(5);
  expect(median([6, 2, 10, 4])).toBe(5);
});

test('addMonths: whole calendar months in UTC, clamped to the month end', () => {
  expect(addMonths('2020-01-10T08:00:00.000Z', 0)).toBe('2020-01-10');
  expect(addMonths('2020-01-10T23:30:00.000Z', 3)).toBe('2020-04-10');
  expect(addMonths('2099-01-31T08:00:00.000Z', 1)).toBe('2099-02-28');
  expect(addMonths('2024-01-31T08:00:00.000Z', 1)).toBe('2024-02-29');
  expect(addMonths('2026-08-31T08:00:00.000Z', 6)).toBe('2027-02-28');
  expect(addMonths('2026-10-15T08:00:00.000Z', 12)).toBe('2027-10-15');
});
