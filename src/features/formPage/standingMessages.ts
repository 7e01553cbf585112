// Texts of where a form stands (its approval levels, the next form to approve) and of the
// notifications that end each action on the form page.
import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  levels: NoMessageValues;
  levelDone: { level: number; of: number; user: string; time: string };
  levelOpen: { level: number; of: number };
  nextForm: { id: string; patient: string };
  noNextForm: NoMessageValues;
  nextLoading: NoMessageValues;
  draftSaved: NoMessageValues;
  submitted: NoMessageValues;
  correctionSaved: NoMessageValues;
  correctionFinished: NoMessageValues;
  deleted: NoMessageValues;
  destroyed: NoMessageValues;
  approvalsReset: NoMessageValues;
  fixed: NoMessageValues;
  approved: { level: number; of: number };
  rejected: { level: number; fields: number };
};

export const standingMessages = defineMessages<MessageValueTypes>({
  levels: { id: 'formPage.standing.levels', defaultMessage: 'Approval levels' },
  levelDone: { id: 'formPage.standing.levelDone', defaultMessage: 'Level {level} of {of}: approved by {user}, {time}' },
  levelOpen: { id: 'formPage.standing.levelOpen', defaultMessage: 'Level {level} of {of}: not approved yet' },
  nextForm: { id: 'formPage.standing.nextForm', defaultMessage: 'Next form to approve: {id} ({patient})' },
  noNextForm: { id: 'formPage.standing.noNextForm', defaultMessage: 'No other form is waiting for your approval.' },
  nextLoading: { id: 'formPage.standing.nextLoading', defaultMessage: 'Looking for the next form to approve…' },
  draftSaved: { id: 'formPage.notice.draftSaved', defaultMessage: 'Draft saved' },
  submitted: { id: 'formPage.notice.submitted', defaultMessage: 'Form saved and handed in for approval' },
  correctionSaved: { id: 'formPage.notice.correctionSaved', defaultMessage: 'Correction saved as a draft' },
  correctionFinished: { id: 'formPage.notice.correctionFinished', defaultMessage: 'Correction finished and handed in for approval' },
  deleted: { id: 'formPage.notice.deleted', defaultMessage: 'Draft deleted' },
  destroyed: { id: 'formPage.notice.destroyed', defaultMessage: 'Form destroyed' },
  approvalsReset: { id: 'formPage.notice.approvalsReset', defaultMessage: 'Approvals reset: the form is a draft again' },
  fixed: { id: 'formPage.notice.fixed', defaultMessage: 'Fixed value saved' },
  approved: { id: 'formPage.notice.approved', defaultMessage: 'Approved at level {level} of {of}' },
  rejected: {
    id: 'formPage.notice.rejected',
    defaultMessage: 'Sent back for correction at level {level}: {fields, plural, one {# field} other {# fields}} rejected',
  },
});
