// The checks every new password goes through: the policy of the domain core and the confirmation.
import { isPasswordComplexEnough } from '../../src/domain/auth/password';
import { validationError, type FieldError } from '../errors/apiError';

export function newPasswordErrors(password: string, confirmation: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!isPasswordComplexEnough(password)) errors.push({ path: 'password', key: 'string.notComplexEnough', context: {} });
  if (password !== confirmation) errors.push({ path: 'passwordConfirmation', key: 'api.match', context: {} });
  return errors;
}

export function checkNewPassword(password: string, confirmation: string): void {
  const errors = newPasswordErrors(password, confirmation);
  if (errors.length > 0) throw validationError(errors);
}
