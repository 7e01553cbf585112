import { defineMessages, type NoMessageValues } from 'react-intl';

type MessageValueTypes = {
  title: NoMessageValues;
  intro: NoMessageValues;
  form: NoMessageValues;
  language: NoMessageValues;
  viewType: NoMessageValues;
  viewRead: NoMessageValues;
  viewNew: NoMessageValues;
  viewEdit: NoMessageValues;
  viewInspect: NoMessageValues;
  viewCorrect: NoMessageValues;
  noViewPermission: NoMessageValues;
  hidePersonalData: NoMessageValues;
  draftSaved: NoMessageValues;
  saved: NoMessageValues;
  approved: NoMessageValues;
  rejected: NoMessageValues;
  corrected: NoMessageValues;
  submittedValues: NoMessageValues;
  startOver: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  title: { id: 'sandbox.forms.title', defaultMessage: 'Form sandbox' },
  intro: {
    id: 'sandbox.forms.intro',
    defaultMessage: 'Try the demo forms in every view type. Nothing is stored: saving shows the values that would be sent.',
  },
  form: { id: 'sandbox.forms.form', defaultMessage: 'Form' },
  language: { id: 'sandbox.forms.language', defaultMessage: 'Form language' },
  viewType: { id: 'sandbox.forms.viewType', defaultMessage: 'View type' },
  viewRead: { id: 'sandbox.forms.viewRead', defaultMessage: 'Read' },
  viewNew: { id: 'sandbox.forms.viewNew', defaultMessage: 'New' },
  viewEdit: { id: 'sandbox.forms.viewEdit', defaultMessage: 'Edit' },
  viewInspect: { id: 'sandbox.forms.viewInspect', defaultMessage: 'Inspect' },
  viewCorrect: { id: 'sandbox.forms.viewCorrect', defaultMessage: 'Correct' },
  noViewPermission: { id: 'sandbox.forms.noViewPermission', defaultMessage: 'No permission to view' },
  hidePersonalData: { id: 'sandbox.forms.hidePersonalData', defaultMessage: 'Hide personal data' },
  draftSaved: { id: 'sandbox.forms.draftSaved', defaultMessage: 'Draft saved' },
  saved: { id: 'sandbox.forms.saved', defaultMessage: 'Saved' },
  approved: { id: 'sandbox.forms.approved', defaultMessage: 'Form approved' },
  rejected: { id: 'sandbox.forms.rejected', defaultMessage: 'Form sent back for correction' },
  corrected: { id: 'sandbox.forms.corrected', defaultMessage: 'Correction finished' },
  submittedValues: { id: 'sandbox.forms.submittedValues', defaultMessage: 'Submitted values' },
  startOver: { id: 'sandbox.forms.startOver', defaultMessage: 'Start over' },
});
