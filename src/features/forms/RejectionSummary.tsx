// The correctable list's "Sent back" cell: at which level, by whom and when the form was rejected,
// and the first reason (with how many more fields wait), so the investigator knows what to fix
// before opening the form.
import type { ReactElement } from 'react';
import { Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FormRejectionSummary } from '../../api/forms';
import { useFormatter } from '../../i18n/useFormatter';
import { rejectionMessages as m } from './rejectionMessages';

export function RejectionSummary({ rejection }: { rejection: FormRejectionSummary | null | undefined }): ReactElement | null {
  const intl = useIntl();
  const format = useFormatter();
  if (!rejection) return null;
  const who = [
    intl.formatMessage(m.level, { level: rejection.level }),
    rejection.reviewer ?? intl.formatMessage(m.unknownReviewer),
    rejection.at ? format.dateTime(rejection.at) : null,
  ].filter((part): part is string => part !== null);
  return (
    <div>
      <Text size="sm">{who.join(' · ')}</Text>
      <Text size="sm" fs="italic">
        {intl.formatMessage(m.reason, { reason: rejection.reason, more: rejection.count - 1 })}
      </Text>
    </div>
  );
}
