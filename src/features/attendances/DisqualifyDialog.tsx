// Asks for the reason of a disqualification (att_disqualify) or of a requalification (administrators)
// and sends it; the dialog stays open, busy, until the server answers, shows a refusal inside itself,
// and a notification says what happened.
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Attendance } from '../../api/attendances';
import { ConfirmDialog } from '../../common/confirmDialog';
import type { DisqualificationAction } from './attendances.slice';
import { attendancesActions } from './attendances.slice';
import { selectDisqualification } from './attendances.selectors';
import { disqualifyMessages as m } from './messages';

export interface DisqualifyTarget {
  attendance: Attendance;
  action: DisqualificationAction;
}

/** Render with a key per target: the typed reason belongs to one dialog opening. */
export function DisqualifyDialog({ target, onClose }: { target: DisqualifyTarget | null; onClose: () => void }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const request = useAppSelector(selectDisqualification);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const mine = target !== null && request.attendanceId === target.attendance.id && request.action === target.action;
  const disqualify = target?.action !== 'requalify';
  const id = target?.attendance.displayId ?? '';

  useEffect(() => {
    if (!mine || request.status !== 'done') return;
    notifications.show({ color: 'green', message: intl.formatMessage(disqualify ? m.disqualified : m.requalified, { id }) });
    dispatch(attendancesActions.disqualificationDismissed());
    onClose();
  }, [mine, request.status, disqualify, id, intl, dispatch, onClose]);

  const cancel = (): void => {
    dispatch(attendancesActions.disqualificationDismissed());
    onClose();
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      danger={disqualify}
      busy={mine && request.status === 'saving'}
      title={intl.formatMessage(disqualify ? m.disqualifyTitle : m.requalifyTitle, { id })}
      body={
        <Stack gap="sm">
          {mine && request.status === 'failed' && (
            <Alert color="red" role="alert">
              {intl.formatMessage(disqualify ? m.disqualifyFailed : m.requalifyFailed, { reason: request.error?.message ?? 'Error' })}
            </Alert>
          )}
          <Text size="sm">{intl.formatMessage(disqualify ? m.disqualifyBody : m.requalifyBody)}</Text>
          <Textarea
            label={intl.formatMessage(m.reason)}
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? intl.formatMessage(m.reasonRequired) : undefined}
          />
        </Stack>
      }
      confirmLabel={intl.formatMessage(disqualify ? m.disqualifyAction : m.requalifyAction)}
      onConfirm={() => {
        if (!target) return;
        if (reason.trim() === '') {
          setMissing(true);
          return;
        }
        dispatch(attendancesActions.disqualificationRequested({ attendanceId: target.attendance.id, action: target.action, reason: reason.trim() }));
      }}
      onCancel={cancel}
    />
  );
}
