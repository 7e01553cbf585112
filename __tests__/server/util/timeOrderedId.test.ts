// Keys of append-only rows are UUIDv7 (RFC 9562): they sort in the order they were made, which keeps
// index inserts at the end of the index (server/util/timeOrderedId.ts).
import { timeOrderedId } from '../../../server/util/timeOrderedId';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a key is a version 7 UUID carrying the time it was made', () => {
  const at = Date.UTC(2026, 10, 25, 6, 30, 0, 123);
  const id = timeOrderedId(at + 1000);
  expect(id).toMatch(UUID_V7);
  expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 1000);
});

test('keys made one after another sort in that order, within a millisecond and beyond 4,096 in one', () => {
  const at = Date.now() + 60_000;
  const ids = Array.from({ length: 10_000 }, () => timeOrderedId(at));
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(ids);
  ids.forEach((id) => expect(id).toMatch(UUID_V7));
  // Later keys never sort before earlier ones, even when the clock is read as going back.
  const after = timeOrderedId(at - 5);
  expect(after > ids[ids.length - 1]).toBe(true);
});

test('keys differ in their random part, so they cannot be guessed from the time', () => {
  const at = Date.now() + 120_000;
  const tails = new Set(Array.from({ length: 100 }, () => timeOrderedId(at).slice(19)));
  expect(tails.size).toBe(100);
});
