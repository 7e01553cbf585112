// The start-attendance card: registry → institute → patient → physician → start time, then
// POST /attendances and on to the new attendance's start form. Only registries where the user may
// create forms are offered, and only the physicians the server accepts for this user (accessible
// physicians); the server decides again. A second attendance on the same day asks first.
import { lazy, Suspense, useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Card, Select, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Patient } from '../../api/patients';
import { useFormState } from '../../common/forms/useFormState';
import { attendancesActions } from '../attendances/attendances.slice';
import { selectAttendanceStart, selectPhysicianOptions, selectPhysicians, selectStartFormTypes } from '../attendances/attendances.selectors';
import { PatientSelector } from '../patients/PatientSelector';
import { makeSelectRegistryDetails, selectPatientReferences, selectStartFor } from '../patients/patients.selectors';
import { patientsActions } from '../patients/patients.slice';
import { messages } from './messages';
import { LocalizedDateInput } from '../../common/dateInputs/LocalizedDateInput';

// The same-day question (a modal, with its scroll lock and focus trap) is downloaded at the first
// submit, while the start request travels, rather than with the dashboard.
const ConfirmDialog = lazy(() => import('../../common/confirmDialog/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })));

interface Values {
  registryId: string;
  instituteId: string;
  patient: Patient | null;
  physicianId: string;
  startDateTime: string;
}

/** "YYYY-MM-DDTHH:mm" in the browser's time zone, the value format of the date-time input. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function StartAttendanceCard(): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const references = useAppSelector(selectPatientReferences);
  const physicians = useAppSelector(selectPhysicians);
  const physicianOptions = useAppSelector(selectPhysicianOptions);
  const start = useAppSelector(selectAttendanceStart);
  const startFormTypes = useAppSelector(selectStartFormTypes);
  const selectRegistryDetails = useMemo(() => makeSelectRegistryDetails(), []);
  const required = intl.formatMessage(messages.required);
  // Opened from a patient's page (`/?startFor=<id>`): registry, institute and patient come filled in.
  const startForId = useSearchParams()[0].get('startFor');
  const startFor = useAppSelector(selectStartFor);
  const [submitted, setSubmitted] = useState(false);

  const form = useFormState<Values>({
    initialValues: { registryId: '', instituteId: '', patient: null, physicianId: '', startDateTime: localNow() },
    validate: (values) => ({
      registryId: values.registryId === '' ? required : undefined,
      instituteId: values.instituteId === '' ? required : undefined,
      patient: values.patient === null ? intl.formatMessage(messages.patientRequired) : undefined,
      physicianId: values.physicianId === '' ? required : undefined,
      startDateTime: values.startDateTime === '' ? required : undefined,
    }),
    onSubmit: (values) => {
      setSubmitted(true);
      dispatch(
        attendancesActions.startRequested({
          registryId: values.registryId,
          instituteId: values.instituteId,
          patientId: values.patient?.id ?? '',
          physicianId: values.physicianId,
          startDateTime: new Date(values.startDateTime).toISOString(),
        }),
      );
    },
  });
  const details = useAppSelector((state) => selectRegistryDetails(state, form.values.registryId || null));

  useEffect(() => {
    if (startForId) dispatch(patientsActions.startForRequested(startForId));
  }, [startForId, dispatch]);
  const { setFieldValue } = form;
  useEffect(() => {
    if (!startFor || startFor.id !== startForId) return;
    const registryId = startFor.registry.id;
    const instituteId = startFor.institute.id;
    setFieldValue('registryId', registryId);
    setFieldValue('instituteId', instituteId);
    setFieldValue('patient', startFor);
    setFieldValue('physicianId', '');
    dispatch(patientsActions.registryDetailsRequested(registryId));
    dispatch(attendancesActions.startFormTypesRequested(registryId));
    dispatch(attendancesActions.physiciansRequested({ instituteId, registryId }));
  }, [startFor, startForId, setFieldValue, dispatch]);

  useEffect(() => {
    if (start.status !== 'started' || !start.started) return;
    const { id, patientId, formId } = start.started;
    dispatch(attendancesActions.startReset());
    // The start form is where the user goes on; without one (an older answer) the attendance list.
    void navigate(formId ? `/forms/${formId}` : `/patients/${patientId}/attendances#attendance-${id}`);
  }, [start, dispatch, navigate]);

  const registryOptions = references.registries
    .filter((r) => r.permissions.includes('frm_create'))
    .map((r) => ({ value: r.id, label: `${r.name} (${r.shortName})` }));
  // Once the registry's details are in, only its participating institutes remain.
  const instituteOptions = references.institutes
    .filter((i) => !details || details.instituteIds.includes(i.id))
    .map((i) => ({ value: i.id, label: `${i.name} (${i.shortName})` }));
  const error = form.shownError;
  // A registry without an attendance-start form type cannot start attendances; say so up front.
  const noStartForm = Boolean(form.values.registryId) && startFormTypes.registryId === form.values.registryId && startFormTypes.count === 0;

  return (
    <Card withBorder component="section" aria-labelledby="dashboard-start">
      <Title order={2} size="h4" id="dashboard-start" mb="sm">
        {intl.formatMessage(messages.startTitle)}
      </Title>
      <form onSubmit={form.handleSubmit} noValidate>
        <Stack gap="sm">
          {start.status === 'failed' && (
            <Alert color="red" role="alert">
              {intl.formatMessage(messages.startError)} {start.error?.message}
            </Alert>
          )}
          <Select
            label={intl.formatMessage(messages.registry)}
            data={registryOptions}
            searchable
            required
            value={form.values.registryId || null}
            onChange={(value) => {
              void setFieldValue('registryId', value ?? '');
              void setFieldValue('instituteId', '');
              void setFieldValue('physicianId', '');
              if (!value) return;
              dispatch(patientsActions.registryDetailsRequested(value));
              dispatch(attendancesActions.startFormTypesRequested(value));
            }}
            onBlur={() => void form.setFieldTouched('registryId')}
            error={error('registryId') ?? (noStartForm ? intl.formatMessage(messages.noStartForm) : undefined)}
          />
          <Select
            label={intl.formatMessage(messages.institute)}
            data={instituteOptions}
            searchable
            required
            disabled={!form.values.registryId}
            value={form.values.instituteId || null}
            onChange={(value) => {
              void setFieldValue('instituteId', value ?? '');
              void setFieldValue('physicianId', '');
              if (value && form.values.registryId) dispatch(attendancesActions.physiciansRequested({ instituteId: value, registryId: form.values.registryId }));
            }}
            onBlur={() => void form.setFieldTouched('instituteId')}
            error={error('instituteId')}
          />
          <PatientSelector
            value={form.values.patient}
            onChange={(patient) => void setFieldValue('patient', patient)}
            registryId={form.values.registryId || undefined}
            instituteId={form.values.instituteId || undefined}
            disabled={!form.values.instituteId}
            error={error('patient')}
          />
          <Select
            label={intl.formatMessage(messages.physician)}
            data={physicianOptions}
            searchable
            required
            disabled={!form.values.instituteId}
            nothingFoundMessage={intl.formatMessage(messages.noPhysicians)}
            value={form.values.physicianId || null}
            onChange={(value) => void setFieldValue('physicianId', value ?? '')}
            onBlur={() => void form.setFieldTouched('physicianId')}
            error={error('physicianId') ?? (physicians.status === 'failed' ? intl.formatMessage(messages.physiciansFailed) : undefined)}
          />
          <LocalizedDateInput
            label={intl.formatMessage(messages.startDateTime)}
            withTime
            required
            name="startDateTime"
            value={form.values.startDateTime}
            onChange={(value) => void setFieldValue('startDateTime', value)}
            onBlur={() => void form.setFieldTouched('startDateTime')}
            error={error('startDateTime')}
          />
          <Button type="submit" loading={start.status === 'starting'} disabled={noStartForm}>
            {intl.formatMessage(messages.start)}
          </Button>
        </Stack>
      </form>
      {submitted && (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened={start.status === 'confirmSameDay'}
            title={intl.formatMessage(messages.sameDayTitle)}
            body={intl.formatMessage(messages.sameDayBody)}
            confirmLabel={intl.formatMessage(messages.sameDayConfirm)}
            onConfirm={() => {
              if (start.pending) dispatch(attendancesActions.startRequested({ ...start.pending, confirmSameDay: true }));
            }}
            onCancel={() => dispatch(attendancesActions.startReset())}
          />
        </Suspense>
      )}
    </Card>
  );
}
