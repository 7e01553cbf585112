// /patients/:patientId/attendances: every attendance of a patient with its periods, the forms in
// them with their states, and the inpatient days (spec business-data §2 Attendance list). The
// header edit, the approval reset, "Add form" and disqualification are offered where the answer says
// the caller may use them; administrators may requalify a disqualified attendance.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import type { Attendance } from '../../api/attendances';
import { selectMayCreatePatient } from '../patients/patients.selectors';
import { patientsActions } from '../patients/patients.slice';
import { attendancesActions } from './attendances.slice';
import { selectAddForm, selectApprovalReset, selectPatientAttendances } from './attendances.selectors';
import { DisqualifyDialog, type DisqualifyTarget } from './DisqualifyDialog';
import { EditAttendancePane } from './EditAttendancePane';
import { attendanceStateMessages, disqualifyMessages, messages, periodMessages, resetMessages } from './messages';
import { PeriodForms, usePeriodName } from './PeriodForms';
import { ResetApprovalsDialog } from './ResetApprovalsDialog';
import { useFormatter } from '../../i18n/useFormatter';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

function InpatientDays({ attendance }: { attendance: Attendance }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  // Inpatient days are calendar dates (YYYY-MM-DD): shown as recorded, no time zone shifts them.
  const day = (value: string): string => format.wallClock(value, 'date');
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

interface CardActions {
  onEdit: (id: string) => void;
  onReset: (id: string) => void;
  onDisqualify: (target: DisqualifyTarget) => void;
}

function DisqualifiedNote({ attendance }: { attendance: Attendance }): ReactElement | null {
  const intl = useIntl();
  const format = useFormatter();
  const about = attendance.disqualification;
  if (attendance.state !== 'disqualified' || !about) return null;
  return (
    <Alert color="gray" variant="outline">
      {intl.formatMessage(disqualifyMessages.disqualifiedNote, {
        date: format.dateTime(about.at),
        name: about.by?.name ?? '',
        reason: about.reason,
      })}
    </Alert>
  );
}

function AttendanceCard({ attendance, onEdit, onReset, onDisqualify }: { attendance: Attendance } & CardActions): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const user = useAppSelector(selectCurrentUser);
  const when = (value: string): string => format.dateTime(value);
  const may = (code: string): boolean => attendance.permissions?.includes(code) ?? false;
  const disqualified = attendance.state === 'disqualified';
  // Only an administrator requalifies; the server checks again.
  const mayRequalify = disqualified && (user?.roles.includes('admin') ?? false);
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
            {may('att_disqualify') && !disqualified && (
              <Button size="xs" variant="light" color="red" onClick={() => onDisqualify({ attendance, action: 'disqualify' })}>
                {intl.formatMessage(disqualifyMessages.disqualifyAction)}
              </Button>
            )}
            {mayRequalify && (
              <Button size="xs" variant="light" onClick={() => onDisqualify({ attendance, action: 'requalify' })}>
                {intl.formatMessage(disqualifyMessages.requalifyAction)}
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
        <DisqualifiedNote attendance={attendance} />
        <InpatientDays attendance={attendance} />
        {[...attendance.periods]
          .sort((a, b) => a.index - b.index)
          .map((period) => (
            <PeriodForms key={period.id} period={period} disqualified={disqualified} />
          ))}
      </Stack>
    </Card>
  );
}

/** A form just added from "Add form" is opened, with a notification naming what was added where. */
function useOpenAddedForm(items: Attendance[]): void {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const added = useAppSelector(selectAddForm);
  const periodName = usePeriodName();
  useEffect(() => {
    if (added.status !== 'added' || !added.formId) return;
    const period = items.flatMap((item) => item.periods).find((p) => p.id === added.periodId);
    const type = period?.formTypes?.find((t) => t.formTypeId === added.formTypeId);
    if (period && type) notifications.show({ color: 'green', message: intl.formatMessage(periodMessages.added, { type: type.name, period: periodName(period) }) });
    dispatch(attendancesActions.addFormDismissed());
    void navigate(`/forms/${added.formId}`);
  }, [added, items, intl, dispatch, navigate, periodName]);
}

export function AttendanceListPage(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { patientId = '' } = useParams();
  const { status, items, error } = useAppSelector(selectPatientAttendances);
  const reset = useAppSelector(selectApprovalReset);
  const mayCreate = useAppSelector(selectMayCreatePatient);
  // Ids, not objects: a reloaded list replaces the objects, and an open pane keeps what was typed.
  const [editingId, setEditingId] = useState<string | null>(null);
  const [resettingId, setResettingId] = useState<string | null>(null);
  const [disqualifying, setDisqualifying] = useState<DisqualifyTarget | null>(null);
  const closeDisqualify = useCallback(() => setDisqualifying(null), []);
  useOpenAddedForm(items);

  useEffect(() => void dispatch(attendancesActions.patientAttendancesRequested(patientId)), [dispatch, patientId]);
  useEffect(() => void dispatch(patientsActions.referencesRequested()), [dispatch]);
  // Leaving the page forgets a finished edit or reset, so the next visit starts without its notice.
  useEffect(
    () => () => {
      dispatch(attendancesActions.editorClosed());
      dispatch(attendancesActions.approvalResetDismissed());
      dispatch(attendancesActions.addFormDismissed());
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
  useDocumentTitle(title);
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
      {status === 'ready' && items.length === 0 && (
        <Stack gap="xs" align="flex-start">
          <Text>{intl.formatMessage(messages.empty)}</Text>
          {/* No dead end: the first attendance starts on the dashboard's card, filled in for this patient. */}
          {mayCreate && (
            <Button component={Link} to={`/?startFor=${encodeURIComponent(patientId)}`}>
              {intl.formatMessage(messages.startAttendance)}
            </Button>
          )}
        </Stack>
      )}
      {items.map((attendance) => (
        <AttendanceCard key={attendance.id} attendance={attendance} onEdit={setEditingId} onReset={openReset} onDisqualify={setDisqualifying} />
      ))}
      <EditAttendancePane attendance={items.find((item) => item.id === editingId) ?? null} onClose={closeEditor} />
      <ResetApprovalsDialog attendance={items.find((item) => item.id === resettingId) ?? null} onClose={closeReset} />
      <DisqualifyDialog key={disqualifying ? `${disqualifying.attendance.id}-${disqualifying.action}` : 'closed'} target={disqualifying} onClose={closeDisqualify} />
    </Stack>
  );
}
