import { defineMessages, type NoMessageValues } from 'react-intl';
import type { FormState } from '../../domain/forms/lifecycle';

type MessageValueTypes = {
  approvableTitle: NoMessageValues;
  correctableTitle: NoMessageValues;
  approvableIntro: NoMessageValues;
  correctableIntro: NoMessageValues;
  loadError: NoMessageValues;
  displayId: NoMessageValues;
  formType: NoMessageValues;
  patient: NoMessageValues;
  attendance: NoMessageValues;
  registry: NoMessageValues;
  state: NoMessageValues;
  approvals: NoMessageValues;
  updatedAt: NoMessageValues;
  approvalLevels: { levels: string };
  noApprovals: NoMessageValues;
};

export const messages = defineMessages<MessageValueTypes>({
  approvableTitle: { id: 'forms.lists.approvableTitle', defaultMessage: 'Approvable forms' },
  correctableTitle: { id: 'forms.lists.correctableTitle', defaultMessage: 'Correctable forms' },
  approvableIntro: { id: 'forms.lists.approvableIntro', defaultMessage: 'Forms waiting for your approval at the next level you hold.' },
  correctableIntro: { id: 'forms.lists.correctableIntro', defaultMessage: 'Forms sent back for correction that you may correct.' },
  loadError: { id: 'forms.lists.loadError', defaultMessage: 'Error loading form list' },
  displayId: { id: 'forms.lists.displayId', defaultMessage: 'Form identifier' },
  formType: { id: 'forms.lists.formType', defaultMessage: 'Form type' },
  patient: { id: 'forms.lists.patient', defaultMessage: 'Patient' },
  attendance: { id: 'forms.lists.attendance', defaultMessage: 'Attendance' },
  registry: { id: 'forms.lists.registry', defaultMessage: 'Registry' },
  state: { id: 'forms.lists.state', defaultMessage: 'State' },
  approvals: { id: 'forms.lists.approvals', defaultMessage: 'Approved levels' },
  updatedAt: { id: 'forms.lists.updatedAt', defaultMessage: 'Last modified' },
  approvalLevels: { id: 'forms.lists.approvalLevels', defaultMessage: 'Levels {levels}' },
  noApprovals: { id: 'forms.lists.noApprovals', defaultMessage: 'None yet' },
});

/** The six states of the lifecycle (src/domain/forms/lifecycle.ts). */
export const stateMessages = defineMessages<Record<FormState, NoMessageValues>>({
  draft: { id: 'forms.state.draft', defaultMessage: 'Draft' },
  await_inspect: { id: 'forms.state.awaitInspect', defaultMessage: 'Awaiting approval' },
  rejected: { id: 'forms.state.rejected', defaultMessage: 'Rejected' },
  correct_draft: { id: 'forms.state.correctDraft', defaultMessage: 'Correction in progress' },
  corrected: { id: 'forms.state.corrected', defaultMessage: 'Corrected' },
  final: { id: 'forms.state.final', defaultMessage: 'Final' },
});
