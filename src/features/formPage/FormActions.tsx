// Form-level actions beside the form's title, each offered only when the server lists it among the
// form's operations and each asking first: delete a draft; destroy a form and reset its approvals,
// both with a reason the record keeps. A deleted or destroyed form is left for the attendance list.
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../common/confirmDialog';
import type { ClinicalForm } from '../../api/forms';
import { formPageActions } from './formPage.slice';
import { selectFormPage } from './formPage.selectors';
import type { FormLevelAction } from './formPage.types';
import { messages } from './messages';

type Kind = FormLevelAction['kind'];

const OPERATION_OF: Record<Kind, string> = { delete: 'delete', destroy: 'destroy', resetApprovals: 'approval_reset' };

interface FormActionsProps {
  form: ClinicalForm;
  /** The form is gone (deleted or destroyed): leave the page. */
  onGone: () => void;
}

export function FormActions({ form, onGone }: FormActionsProps): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const action = useAppSelector(selectFormPage).action;
  const [asking, setAsking] = useState<Kind | null>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);

  useEffect(() => {
    if (action.status !== 'done') return;
    if (action.kind === 'delete' || action.kind === 'destroy') onGone();
  }, [action.status, action.kind, onGone]);

  const offered = (Object.keys(OPERATION_OF) as Kind[]).filter((kind) => !form.censored && form.operations.some((o) => o.operation === OPERATION_OF[kind]));
  if (offered.length === 0) return null;

  const ask = (kind: Kind): void => {
    setReason('');
    setReasonMissing(false);
    setAsking(kind);
  };
  const confirm = (): void => {
    if (asking === 'delete') return void dispatch(formPageActions.formActionRequested({ kind: 'delete' }));
    if (!asking) return;
    if (reason.trim() === '') return setReasonMissing(true);
    dispatch(formPageActions.formActionRequested({ kind: asking, reason: reason.trim() }));
  };
  const busy = action.status === 'running';
  const texts: Record<Kind, { button: string; title: string; body: string }> = {
    delete: { button: intl.formatMessage(messages.deleteDraft), title: intl.formatMessage(messages.deleteDraftTitle), body: intl.formatMessage(messages.deleteDraftBody) },
    destroy: { button: intl.formatMessage(messages.destroyForm), title: intl.formatMessage(messages.destroyFormTitle), body: intl.formatMessage(messages.destroyFormBody) },
    resetApprovals: { button: intl.formatMessage(messages.resetApprovals), title: intl.formatMessage(messages.resetApprovalsTitle), body: intl.formatMessage(messages.resetApprovalsBody) },
  };
  const current = asking ? texts[asking] : null;

  return (
    <>
      {offered.map((kind) => (
        <Button key={kind} variant="light" color={kind === 'resetApprovals' ? undefined : 'red'} onClick={() => ask(kind)}>
          {texts[kind].button}
        </Button>
      ))}
      <ConfirmDialog
        // A done action closes its dialog (a reset form is read again and stays on the page).
        opened={asking !== null && !(action.status === 'done' && action.kind === asking)}
        title={current?.title ?? ''}
        danger
        busy={busy}
        confirmLabel={current?.button}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
        body={
          <Stack gap="sm">
            <Text size="sm">{current?.body}</Text>
            {asking !== 'delete' && (
              <Textarea
                label={intl.formatMessage(messages.actionReason)}
                required
                autosize
                minRows={2}
                maxLength={2000}
                value={reason}
                error={reasonMissing ? intl.formatMessage(messages.actionReasonMissing) : undefined}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonMissing(false);
                }}
              />
            )}
            {action.status === 'failed' && asking === action.kind && (
              <Alert color="red" role="alert">
                {action.error?.message ?? intl.formatMessage(messages.actionError)}
              </Alert>
            )}
          </Stack>
        }
      />
    </>
  );
}
