import { isPasswordComplexEnough, passwordCharacterClasses } from '../../../src/domain/auth';

describe('password policy: 10 characters, 3 of 4 classes', () => {
  test.each([
    ['Demo-Registry-2026', true],
    ['abcdefghiJ1', true], // lower, upper, digit
    ['abcdefghi-1', true], // lower, special, digit
    ['ABCDEFGHI-1', true],
    ['Árvíztűrő-1', true], // accented letters count as upper/lower
    ['Abcdefgh1', false], // 9 characters
    ['abcdefghijk', false], // one class
    ['abcdefghij1', false], // two classes
    ['ABCDEFGHIJ-', false],
    ['', false],
    ['Aa1!Aa1!Aa', true], // exactly 10
  ])('%j → %s', (password, ok) => {
    expect(isPasswordComplexEnough(password)).toBe(ok);
  });

  test('counts the four classes', () => {
    expect(passwordCharacterClasses('aA1!')).toBe(4);
    expect(passwordCharacterClasses('aaaa')).toBe(1);
    expect(passwordCharacterClasses('a a')).toBe(1); // a space is not a special character
  });
});
