// Field checks built from the domain rules (spec auth §5), shared by every form that asks for an
// e-mail address or a new password. Messages come in already localized; each answers the
// field's first error (required before format) or undefined.
import { isValidEmail } from '../../domain/auth/email';
import { isPasswordComplexEnough } from '../../domain/auth/password';

export interface PasswordTexts {
  required: string;
  notComplexEnough: string;
  doNotMatch: string;
}

/** An e-mail address, judged without its surrounding spaces. */
export function emailError(value: string, required: string, invalid: string): string | undefined {
  const email = value.trim();
  if (email === '') return required;
  return isValidEmail(email) ? undefined : invalid;
}

/** `password` and `passwordConfirmation`: complex enough, and the two equal. */
export function newPasswordErrors(values: { password: string; passwordConfirmation: string }, texts: PasswordTexts): { password?: string; passwordConfirmation?: string } {
  const errors: { password?: string; passwordConfirmation?: string } = {};
  if (values.password === '') errors.password = texts.required;
  else if (!isPasswordComplexEnough(values.password)) errors.password = texts.notComplexEnough;
  if (values.passwordConfirmation === '') errors.passwordConfirmation = texts.required;
  else if (values.passwordConfirmation !== values.password) errors.passwordConfirmation = texts.doNotMatch;
  return errors;
}
