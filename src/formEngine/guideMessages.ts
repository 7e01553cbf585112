// Texts that orient a monitor and an investigator in the engine: the approve button's level, the
// reject confirmation, the per-section counts, "next rejected field" and the compact field actions.
import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  approveAtLevel: { level: number };
  rejectBody: { fields: number };
  nextRejected: { left: number };
  sectionRejected: { count: number };
  sectionCorrected: { count: number };
  sectionErrors: { count: number };
  rejectFieldOf: { field: string };
  startFixOf: { field: string };
  cancel: NoMessageValues;
};

export const guideMessages = defineMessages<MessageValueTypes>({
  approveAtLevel: { id: 'formEngine.guide.approveAtLevel', defaultMessage: 'Approve at level {level}' },
  rejectBody: {
    id: 'formEngine.guide.rejectBody',
    defaultMessage:
      'The form goes back to its owner for correction, with {fields, plural, one {# rejected field} other {# rejected fields}} and your reasons. Send it back?',
  },
  nextRejected: { id: 'formEngine.guide.nextRejected', defaultMessage: 'Next rejected field ({left} left)' },
  sectionRejected: { id: 'formEngine.guide.sectionRejected', defaultMessage: '{count} rejected' },
  sectionCorrected: { id: 'formEngine.guide.sectionCorrected', defaultMessage: '{count} corrected' },
  sectionErrors: { id: 'formEngine.guide.sectionErrors', defaultMessage: '{count, plural, one {# error} other {# errors}}' },
  rejectFieldOf: { id: 'formEngine.guide.rejectFieldOf', defaultMessage: 'Reject: {field}' },
  startFixOf: { id: 'formEngine.guide.startFixOf', defaultMessage: 'Start fixing: {field}' },
  cancel: { id: 'formEngine.guide.cancel', defaultMessage: 'Cancel' },
});
