// Field errors of a 400 answer as Formik errors: the validation-message keys of spec §5 turned into
// the catalogue's texts.
import type { IntlShape } from 'react-intl';
import type { ErrorState } from '../../api/errors';

export function serverFieldErrors(intl: IntlShape, error: ErrorState | null): Record<string, string> {
  const result: Record<string, string> = {};
  for (const fieldError of error?.errors ?? []) {
    const id = `validation.${fieldError.key}`;
    result[fieldError.path] = intl.messages[id]
      ? intl.formatMessage({ id }, fieldError.context as Record<string, string> | undefined)
      : intl.formatMessage({ id: 'validation.default' });
  }
  return result;
}
