import { isValidEmail, normalizeEmail } from '../../../src/domain/auth';

describe('e-mail pattern', () => {
  test.each([
    'investigator@example.org',
    'first.last@sub.example.hu',
    'a+tag@example.co',
    '"quoted name"@example.org',
    'user@[192.168.0.1]',
    'x@a-b.example.museum',
  ])('accepts %j', (email) => expect(isValidEmail(email)).toBe(true));

  test.each([
    '',
    'plain',
    '@example.org',
    'user@',
    'user@example',
    'user@example.c',
    'user@example.123',
    'user@@example.org',
    'us er@example.org',
    '.user@example.org',
    'user.@example.org',
    'user..x@example.org',
    'user@[192.168.0]',
    'user@exa mple.org',
    `${'a'.repeat(250)}@example.org`,
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));

  test('normalizes case and spaces', () => {
    expect(normalizeEmail('  Admin@Example.ORG ')).toBe('admin@example.org');
  });
});
