// The one place the form page turns a stored time into text ("who and when" of an approval level).
// Kept local and small on purpose: the shared date/number formatter replaces it at merge.
import type { IntlShape } from 'react-intl';

export function formatDateTime(value: string, intl: IntlShape): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return intl.formatDate(time, { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit' });
}
