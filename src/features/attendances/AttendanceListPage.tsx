// /patients/:patientId/attendances: every attendance of a patient with its periods, the forms in
// them with their states, and the inpatient days (spec business-data §2 Attendance list). The
// header edit and the approval reset are offered where the answer says the caller may use them.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Attendance, AttendancePeriod } from '../../api/attendances';
import { FormStateBadge } from '../forms/FormStateBadge';
import { selectLocale } from '../locale/locale.selectors';
import { attendancesActions } from './attendances.slice';
import { selectApprovalReset, selectPatientAttendances } from './attendances.selectors';
import { EditAttendancePane } from './EditAttendancePane';
import { attendanceStateMessages, messages, resetMessages } from './messages';
import { ResetApprovalsDialog } from './ResetApprovalsDialog';

function InpatientDays({ attendance }: { attendance: Attendance }): ReactElement {
  const intl = useIntl();
  // Inpatient days are calendar dates (YYYY-MM-DD): read and shown in UTC so no time zone shifts them.
  const day = (value: string): string => intl.formatDate(value, { dateStyle: 'short', timeZone: 'UTC' });
  return (
    <div>
      <Text size="sm" fw={500}>
        {intl.formatMessage(messages.inpatientDays)}
      </Text>
      {attendance.inpatientDays.length === 0 ? (
        <Text size="sm">{intl.formatMessage(messages.noInpatientDays)}</Text>
      ) : (
        <ul>
          {attendance.inpatientDays.map((days) => (
            <li key={days.from}>
              {days.to
                ? intl.formatMessage(messages.inpatientRange, { from: day(days.from), to: day(days.to) })
                : intl.formatMessage(messages.inpatientOpen, { from: day(days.from) })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PeriodForms({ period }: { period: AttendancePeriod }): ReactElement {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const name = period.name[locale] || period.name.hu || period.name.en;
  return (
    // Not a landmark: every attendance has periods of the same names, and landmarks must differ.
    <div>
      <Title order={3} size="h5">
        {name}
      </Title>
      {period.forms.length === 0 ? (
        <Text size="sm">{intl.formatMessage(messages.noForms)}</Text>
      ) : (
        <Table aria-label={name}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(messages.formType)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.formId)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.state)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.approvals)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.updatedAt)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {period.forms.map((form) => (
              <Table.Tr key={form.id}>
                <Table.Td>{form.formTypeName}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/forms/${form.id}`} size="sm">
                    {form.displayId}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <FormStateBadge state={form.state} />
                </Table.Td>
                <Table.Td>{form.approvals.join(', ')}</Table.Td>
                <Table.Td>{intl.formatDate(form.updatedAt, { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

interface CardActions {
  onEdit: (id: string) => void;
  onReset: (id: string) => void;
}

function AttendanceCard({ attendance, onEdit, onReset }: { attendance: Attendance } & CardActions): ReactElement {
  const intl = useIntl();
  const when = (value: string): string => intl.formatDate(value, { dateStyle: 'medium', timeStyle: 'short' });
  const may = (code: string): boolean => attendance.permissions?.includes(code) ?? false;
  // Only drafts: there is nothing to reset, so the button would only confuse.
  const resettable = attendance.periods.some((period) => period.forms.some((form) => form.state !== 'draft'));
  return (
    <Card withBorder component="article" aria-labelledby={`attendance-${attendance.id}-title`} id={`attendance-${attendance.id}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={`attendance-${attendance.id}-title`}>
            {intl.formatMessage(messages.attendance, { id: attendance.displayId })}
          </Title>
          <Group gap="xs">
            <Badge variant="outline">{intl.formatMessage(attendanceStateMessages[attendance.state])}</Badge>
            {may('frm_edit') && (
              <Button size="xs" variant="light" onClick={() => onEdit(attendance.id)}>
                {intl.formatMessage(messages.editAction)}
              </Button>
            )}
            {may('frm_reset_approval') && resettable && (
              <Button size="xs" variant="light" color="red" onClick={() => onReset(attendance.id)}>
                {intl.formatMessage(messages.resetAction)}
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="xl">
          <Text size="sm">
            {intl.formatMessage(messages.start)}: {when(attendance.startDateTime)}
          </Text>
          {attendance.endDateTime && (
            <Text size="sm">
              {intl.formatMessage(messages.end)}: {when(attendance.endDateTime)}
            </Text>
          )}
          {attendance.physician && (
            <Text size="sm">
              {intl.formatMessage(messages.physician)}: {attendance.physician.name}
            </Text>
          )}
          {attendance.randomGroup && (
            <Text size="sm">
              {intl.formatMessage(messages.randomGroup)}: {attendance.randomGroup}
            </Text>
          )}
        </Group>
        <InpatientDays attendance={attendance} />
        {[...attendance.periods]
          .sort((a, b) => a.index - b.index)
          .map((period) => (
            <PeriodForms key={period.id} period={period} />
          ))}
      </Stack>
    </Card>
  );
}

export function AttendanceListPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { patientId = '' } = useParams();
  const { status, items, error } = useAppSelector(selectPatientAttendances);
  const reset = useAppSelector(selectApprovalReset);
  // Ids, not objects: a reloaded list replaces the objects, and an open pane keeps what was typed.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [resettingId, setResettingId] = useState<string | null>(null);

  useEffect(() => void dispatch(attendancesActions.patientAttendancesRequested(patientId)), [dispatch, patientId]);
  // Leaving the page forgets a finished edit or reset, so the next visit starts without its notice.
  useEffect(
    () => () => {
      dispatch(attendancesActions.editorClosed());
      dispatch(attendancesActions.approvalResetDismissed());
    },
    [dispatch],
  );
  const closeEditor = useCallback(() => {
    setEditingId(null);
    dispatch(attendancesActions.editorClosed());
  }, [dispatch]);
  const closeReset = useCallback(() => setResettingId(null), []);
  const openReset = useCallback(
    (id: string) => {
      dispatch(attendancesActions.approvalResetDismissed());
      setResettingId(id);
    },
    [dispatch],
  );
  const resetDone = reset.status === 'done' ? items.find((item) => item.id === reset.attendanceId) : undefined;

  const patient = items[0]?.patient;
  const title = patient ? intl.formatMessage(messages.title, { patient: patient.name ?? patient.internalPatientNumber }) : intl.formatMessage(messages.titleUnknown);
  return (
    <Stack>
      <Anchor component={Link} to="/patients" size="sm">
        {intl.formatMessage(messages.backToPatients)}
      </Anchor>
      <Title order={1}>{title}</Title>
      {status === 'loading' && <Loader size="sm" aria-label={intl.formatMessage(messages.titleUnknown)} />}
      {status === 'failed' && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            {intl.formatMessage(error?.status === 404 ? messages.notFound : messages.loadError)}
            <Button size="xs" variant="light" onClick={() => dispatch(attendancesActions.patientAttendancesRequested(patientId))}>
              {intl.formatMessage(messages.retry)}
            </Button>
          </Stack>
        </Alert>
      )}
      {resetDone && (
        <Alert color="green" role="status">
          {intl.formatMessage(resetMessages.done, { id: resetDone.displayId })}
        </Alert>
      )}
      {status === 'ready' && items.length === 0 && <Text>{intl.formatMessage(messages.empty)}</Text>}
      {items.map((attendance) => (
        <AttendanceCard key={attendance.id} attendance={attendance} onEdit={setEditingId} onReset={openReset} />
      ))}
      <EditAttendancePane attendance={items.find((item) => item.id === editingId) ?? null} onClose={closeEditor} />
      <ResetApprovalsDialog attendance={items.find((item) => item.id === resettingId) ?? null} onClose={closeReset} />
    </Stack>
  );
}
