import { createPasswordHasher, TEST_PARAMETERS } from '../../server/auth/passwordHash';

const hasher = createPasswordHasher();

test('hashes are self-describing argon2id strings with a random salt', async () => {
  const first = await hasher.hash('Correct-Horse-42');
  const second = await hasher.hash('Correct-Horse-42');
  expect(first).toMatch(/^\$argon2id\$v=19\$(?=[^$]*m=\d+)(?=[^$]*t=\d+)(?=[^$]*p=\d+)[mtp=\d,]+\$/);
  expect(first).not.toBe(second);
  expect(first).not.toContain('Correct-Horse-42');
});

test('verify accepts the password and refuses anything else', async () => {
  const hash = await hasher.hash('Correct-Horse-42');
  expect(await hasher.verify(hash, 'Correct-Horse-42')).toBe(true);
  expect(await hasher.verify(hash, 'correct-horse-42')).toBe(false);
  expect(await hasher.verify(hash, '')).toBe(false);
});

test('a malformed or foreign hash is a failed verification, not an exception', async () => {
  expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  expect(await hasher.verify('$argon2id$v=19$broken', 'x')).toBe(false);
  expect(await hasher.verify('scrypt$16384$8$1$abc$def', 'x')).toBe(false);
});

test('a hash made with other parameters needs a rehash; one made with the current ones does not', async () => {
  const current = await hasher.hash('pw-0123456789');
  expect(hasher.needsRehash(current)).toBe(false);
  const stronger = createPasswordHasher({ ...TEST_PARAMETERS, timeCost: TEST_PARAMETERS.timeCost + 1 });
  expect(stronger.needsRehash(current)).toBe(true);
  expect(await stronger.verify(current, 'pw-0123456789')).toBe(true);
});
