// Hungarian social-security (TAJ) numbers: 9 digits, the last a check digit. The first eight are
// weighted 3, 7, 3, 7, ... and the weighted sum modulo 10 must equal the ninth digit. People write
// them grouped ("123 456 788" or "123-456-788"), so spaces and dashes are ignored.

export const INSURANCE_NUMBER_LENGTH = 9;

export function normalizeInsuranceNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function insuranceCheckDigit(firstEight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(firstEight[i]) * (i % 2 === 0 ? 3 : 7);
  return sum % 10;
}

export function isValidInsuranceNumber(value: string): boolean {
  const digits = normalizeInsuranceNumber(value);
  if (!/^\d{9}$/.test(digits)) return false;
  return insuranceCheckDigit(digits.slice(0, 8)) === Number(digits[8]);
}

/** "123456788" → "123 456 788", as printed on the card. */
export function formatInsuranceNumber(value: string): string {
  const digits = normalizeInsuranceNumber(value);
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value;
}
