import type { IntlShape, MessageDescriptor } from 'react-intl';

/** A column's header in the reader's language (headers made from data are already text). */
export function headerText(intl: IntlShape, header: MessageDescriptor | string): string {
  return typeof header === 'string' ? header : intl.formatMessage(header);
}
