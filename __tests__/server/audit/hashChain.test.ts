// The tamper-evident chain of history entries: intact chains verify; an edited, deleted,
// reordered or re-hashed-in-place entry is found.
import { canonicalJson, entryHash, GENESIS_HASH, verifyChain, type ChainedEntry } from '../../../server/audit/hashChain';

function chain(contents: unknown[]): ChainedEntry[] {
  let previousHash = GENESIS_HASH;
  return contents.map((content, index) => {
    const hash = entryHash(previousHash, content);
    const entry = { id: `e${index + 1}`, content, previousHash, hash };
    previousHash = hash;
    return entry;
  });
}

const HISTORY = [
  { operation: 'create', user: 'Dr. Nagy Eszter', at: '2026-11-20T08:00:00.000Z', changes: [{ path: 'tjc28', old: null, new: 4 }] },
  { operation: 'reject', level: 1, user: 'Kovács Péter', reasons: { tjc28: 'Please check the joint count' } },
  { operation: 'correct_finalized', user: 'Dr. Nagy Eszter', changes: [{ path: 'tjc28', old: 4, new: 5 }], notes: {} },
  { operation: 'approve', level: 1, user: 'Kovács Péter' },
];

test('key order does not change the canonical form', () => {
  expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
  expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  expect(entryHash(GENESIS_HASH, { x: 1, y: 2 })).toBe(entryHash(GENESIS_HASH, { y: 2, x: 1 }));
});

test('an intact chain verifies', () => {
  expect(verifyChain(chain(HISTORY))).toBeNull();
  expect(verifyChain([])).toBeNull();
});

test('an edited entry is found', () => {
  const entries = chain(HISTORY);
  entries[1] = { ...entries[1], content: { ...(entries[1].content as object), reasons: { tjc28: 'fine' } } };
  expect(verifyChain(entries)).toEqual({ entryId: 'e2', kind: 'content' });
});

test('an entry edited and re-hashed in place breaks the link of the next one', () => {
  const entries = chain(HISTORY);
  const forged = { operation: 'approve', level: 2, user: 'Somebody' };
  entries[1] = { ...entries[1], content: forged, hash: entryHash(entries[1].previousHash, forged) };
  expect(verifyChain(entries)).toEqual({ entryId: 'e3', kind: 'previous' });
});

test('a deleted entry is found', () => {
  const entries = chain(HISTORY);
  entries.splice(2, 1);
  expect(verifyChain(entries)).toEqual({ entryId: 'e4', kind: 'previous' });
});

test('reordered entries are found', () => {
  const entries = chain(HISTORY);
  [entries[2], entries[3]] = [entries[3], entries[2]];
  expect(verifyChain(entries)).toEqual({ entryId: 'e4', kind: 'previous' });
});
