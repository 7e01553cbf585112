import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  column: NoMessageValues;
  level: { level: number };
  unknownReviewer: NoMessageValues;
  reason: { reason: string; more: number };
};

export const rejectionMessages = defineMessages<MessageValueTypes>({
  column: { id: 'forms.lists.rejection', defaultMessage: 'Sent back' },
  level: { id: 'forms.lists.rejectionLevel', defaultMessage: 'Level {level}' },
  unknownReviewer: { id: 'forms.lists.rejectionUnknownReviewer', defaultMessage: 'monitor not recorded' },
  reason: { id: 'forms.lists.rejectionReason', defaultMessage: '“{reason}”{more, plural, =0 {} one { and # more field} other { and # more fields}}' },
});
