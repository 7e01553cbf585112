// Asks before the approval reset of every form of an attendance (frm_reset_approval); the dialog
// stays open, busy, until the server answers, and shows a refusal inside itself.
import { useEffect, type ReactElement } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Attendance } from '../../api/attendances';
import { ConfirmDialog } from '../../common/confirmDialog';
import { attendancesActions } from './attendances.slice';
import { selectApprovalReset } from './attendances.selectors';
import { resetMessages as m } from './messages';

export function ResetApprovalsDialog({ attendance, onClose }: { attendance: Attendance | null; onClose: () => void }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const reset = useAppSelector(selectApprovalReset);
  const mine = attendance !== null && reset.attendanceId === attendance.id;

  useEffect(() => {
    if (mine && reset.status === 'done') onClose();
  }, [mine, reset.status, onClose]);

  return (
    <ConfirmDialog
      opened={attendance !== null}
      danger
      busy={mine && reset.status === 'resetting'}
      title={intl.formatMessage(m.title, { id: attendance?.displayId ?? '' })}
      body={
        <Stack gap="sm">
          {mine && reset.status === 'failed' && (
            <Alert color="red" role="alert">
              {intl.formatMessage(m.failed, { reason: reset.error?.message ?? 'Error' })}
            </Alert>
          )}
          <Text size="sm">{intl.formatMessage(m.body)}</Text>
        </Stack>
      }
      confirmLabel={intl.formatMessage(m.confirm)}
      onConfirm={() => {
        if (attendance) dispatch(attendancesActions.approvalResetRequested(attendance.id));
      }}
      onCancel={() => {
        dispatch(attendancesActions.approvalResetDismissed());
        onClose();
      }}
    />
  );
}
