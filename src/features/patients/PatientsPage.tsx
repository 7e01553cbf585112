// /patients: the patient grid with server-side filter, sort and paging, and the new-patient pane.
// Personal data the caller may not see arrive as null and show as a dash with the reason.
import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { GENDERS, type Patient } from '../../api/patients';
import { createGridQuery, DataGrid, type DataGridColumn, type GridQuery, type SelectFilterOption } from '../../common/dataGrid';
import { formatInsuranceNumber } from '../../domain/patients';
import { selectPerPage } from '../profile/profile.selectors';
import { EditPatientPane } from './EditPatientPane';
import { NewPatientPane } from './NewPatientPane';
import { patientsActions } from './patients.slice';
import { selectInstituteOptions, selectMayCreatePatient, selectPatientEditor, selectPatientList, selectRegistryOptions } from './patients.selectors';
import { genderMessages, messages } from './messages';
import { useFormatter } from '../../i18n/useFormatter';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { PatientSampleCount } from '../biobank/PatientSampleCount';
import { messages as biobankMessages } from '../biobank/messages';

export function HiddenValue(): ReactElement {
  const intl = useIntl();
  const hint = intl.formatMessage(messages.hiddenHint);
  return (
    <Tooltip label={hint}>
      <span aria-label={hint} title={hint}>
        —
      </span>
    </Tooltip>
  );
}

function personal(value: string | null, format: (v: string) => string = (v) => v): ReactElement | string {
  return value === null ? <HiddenValue /> : format(value);
}

/** A calendar day (a birth date): the day as recorded, whatever the time zone. */
function DateText({ value }: { value: string }): ReactElement {
  return <>{useFormatter().wallClock(value, 'date')}</>;
}

function GenderText({ gender }: { gender: Patient['gender'] }): ReactElement {
  const intl = useIntl();
  return <>{intl.formatMessage(genderMessages[gender])}</>;
}

function RowActions({ patient, onEdit }: { patient: Patient; onEdit: (patient: Patient) => void }): ReactElement {
  const intl = useIntl();
  const mayCreate = useAppSelector(selectMayCreatePatient);
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={`/patients/${patient.id}/attendances`}>
        {intl.formatMessage(messages.attendances)}
      </Anchor>
      {/* A patient without visits: the next step is their first attendance (the dashboard's start card, filled in). */}
      {mayCreate && patient.attendanceCount === 0 && (
        <Anchor component={Link} to={`/?startFor=${encodeURIComponent(patient.id)}`}>
          {intl.formatMessage(messages.startAttendance, { number: patient.internalPatientNumber })}
        </Anchor>
      )}
      <Button size="compact-xs" variant="subtle" onClick={() => onEdit(patient)}>
        {intl.formatMessage(messages.editAction, { number: patient.internalPatientNumber })}
      </Button>
    </Group>
  );
}

/** The grid's columns; registry and institute filter by the caller's own registries and institutes. */
function patientColumns(registries: readonly SelectFilterOption[], institutes: readonly SelectFilterOption[]): DataGridColumn<Patient>[] {
  return [
    { id: 'internalPatientNumber', header: messages.internalPatientNumber, cell: (p) => p.internalPatientNumber, sortable: true, filter: { type: 'text' } },
    { id: 'name', header: messages.name, cell: (p) => personal(p.name), sortable: true, filter: { type: 'text' } },
    { id: 'insuranceNumber', header: messages.insuranceNumber, cell: (p) => personal(p.insuranceNumber, formatInsuranceNumber), filter: { type: 'exact' } },
    // Exact date of birth (YYYY-MM-DD); the server compares it only where personal data may be seen.
    { id: 'dob', header: messages.dob, cell: (p) => personal(p.dob), sortable: true, filter: { type: 'exact' } },
    {
      id: 'gender',
      header: messages.gender,
      cell: (p) => <GenderText gender={p.gender} />,
      filter: { type: 'select', options: GENDERS.map((g) => ({ value: g, label: genderMessages[g] })) },
    },
    { id: 'registryPatientNumber', header: messages.registryPatientNumber, cell: (p) => p.registryPatientNumber ?? '', sortable: true, filter: { type: 'text' } },
    { id: 'registry', field: 'registryId', header: messages.registry, cell: (p) => p.registry.shortName, filter: { type: 'select', options: registries } },
    { id: 'institute', field: 'instituteId', header: messages.institute, cell: (p) => p.institute.shortName, filter: { type: 'select', options: institutes } },
    { id: 'attendanceCount', header: messages.attendanceCount, cell: (p) => String(p.attendanceCount) },
    { id: 'bioSampleCount', header: biobankMessages.gridLabel, cell: (p) => <PatientSampleCount patientId={p.id} count={p.bioSampleCount} /> },
    { id: 'createdAt', header: messages.createdAt, cell: (p) => <DateText value={p.createdAt} />, sortable: true },
  ];
}

export function PatientsPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.title);
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectPatientList);
  const editor = useAppSelector(selectPatientEditor);
  const perPage = useAppSelector(selectPerPage);
  const [paneOpen, setPaneOpen] = useState(false);
  const [editing, setEditing] = useState<Patient | null>(null);
  const closePane = useCallback(() => setPaneOpen(false), []);
  const closeEditor = useCallback(() => setEditing(null), []);
  const registryOptions = useAppSelector(selectRegistryOptions);
  const instituteOptions = useAppSelector(selectInstituteOptions);
  const columns = useMemo<DataGridColumn<Patient>[]>(
    () => [
      ...patientColumns(registryOptions, instituteOptions),
      { id: 'actions', header: messages.actions, cell: (p) => <RowActions patient={p} onEdit={setEditing} /> },
    ],
    [registryOptions, instituteOptions],
  );

  const mayCreate = useAppSelector(selectMayCreatePatient);

  useEffect(() => void dispatch(patientsActions.listQueryChanged(createGridQuery(perPage))), [dispatch, perPage]);
  // The caller's registries (with the codes held in each) decide whether "New patient" is offered
  // and, with the institutes, fill the registry and institute filters.
  useEffect(() => void dispatch(patientsActions.referencesRequested()), [dispatch]);

  const query = list.query ?? createGridQuery(perPage);
  const change = (next: GridQuery): void => void dispatch(patientsActions.listQueryChanged(next));
  const saved = editor.status === 'saved' ? editor.saved : null;
  let notice: string | null = null;
  if (editor.status === 'saved' && !paneOpen && !editing) {
    if (!saved) notice = intl.formatMessage(messages.deletedNotice);
    else notice = intl.formatMessage(editor.kept ? messages.existingNotice : messages.createdNotice, { number: saved.internalPatientNumber });
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{intl.formatMessage(messages.title)}</Title>
        {mayCreate && <Button onClick={() => setPaneOpen(true)}>{intl.formatMessage(messages.newPatient)}</Button>}
      </Group>
      <div role="status" aria-live="polite">
        {notice && <Alert color="green">{notice}</Alert>}
      </div>
      {list.error && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.loadError)}
        </Alert>
      )}
      <DataGrid
        label={messages.gridLabel}
        columns={columns}
        rows={list.items}
        total={list.total}
        loading={list.loading}
        error={list.error}
        query={query}
        onQueryChange={change}
        onRetry={() => dispatch(patientsActions.listRetried())}
        getRowId={(p) => p.id}
      />
      <NewPatientPane opened={paneOpen} onClose={closePane} />
      {/* Keyed by patient, so a pane opened for another patient starts without the last one's choices. */}
      <EditPatientPane key={editing?.id ?? 'none'} patient={editing} onClose={closeEditor} />
    </Stack>
  );
}
