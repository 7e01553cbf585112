// The words of each form page notice ("Approved at level 1 of 2"), shown through the app's one
// notification helper.
import type { IntlShape } from 'react-intl';
import type { FormNotice } from './formPage.types';
import { standingMessages as m } from './standingMessages';

export function noticeText(intl: IntlShape, notice: FormNotice): string {
  switch (notice.kind) {
    case 'approved':
      return intl.formatMessage(m.approved, { level: notice.level, of: notice.of });
    case 'rejected':
      return intl.formatMessage(m.rejected, { level: notice.level, fields: notice.fields });
    default:
      return intl.formatMessage(m[notice.kind]);
  }
}
