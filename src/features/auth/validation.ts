// yup schemas built from the domain rules (spec auth §5), shared by every form that asks for an
// e-mail address or a new password. Messages come in already localized.
import * as yup from 'yup';
import { isValidEmail } from '../../domain/auth/email';
import { isPasswordComplexEnough } from '../../domain/auth/password';

export interface PasswordTexts {
  required: string;
  notComplexEnough: string;
  doNotMatch: string;
}

export function emailSchema(required: string, invalid: string): yup.StringSchema {
  return yup
    .string()
    .trim()
    .required(required)
    .test('email', invalid, (value) => value === undefined || isValidEmail(value));
}

/** `password` and `passwordConfirmation`: complex enough, and the two equal. */
export function newPasswordFields(texts: PasswordTexts): { password: yup.StringSchema; passwordConfirmation: yup.StringSchema } {
  return {
    password: yup
      .string()
      .required(texts.required)
      .test('complex', texts.notComplexEnough, (value) => value === undefined || isPasswordComplexEnough(value)),
    passwordConfirmation: yup
      .string()
      .required(texts.required)
      .oneOf([yup.ref('password')], texts.doNotMatch),
  };
}
