import { formatInsuranceNumber, insuranceCheckDigit, isValidInsuranceNumber } from '../../../src/domain/patients/insuranceNumber';

// Check digit: positions 1,3,5,7 weighted 3 and 2,4,6,8 weighted 7, sum modulo 10.
test.each([
  ['11111111', 0],
  ['12345678', 8],
  ['00000000', 0],
  ['99999999', 0],
  ['03785412', 8],
])('the check digit of %s is %i', (firstEight, digit) => {
  expect(insuranceCheckDigit(firstEight)).toBe(digit);
});

test.each([
  ['111111110', true],
  ['123456788', true],
  ['123 456 788', true],
  ['123-456-788', true],
  ['037854128', true],
  ['123456782', false],
  ['037854129', false],
  ['12345678', false],
  ['1234567820', false],
  ['12345678a', false],
  ['', false],
  ['１２３４５６７８８', false],
])('%p is valid: %p', (value, valid) => {
  expect(isValidInsuranceNumber(value)).toBe(valid);
});

test('numbers are shown grouped as on the card', () => {
  expect(formatInsuranceNumber('123456788')).toBe('123 456 788');
  expect(formatInsuranceNumber('123-456-788')).toBe('123 456 788');
  expect(formatInsuranceNumber('abc')).toBe('abc');
});
