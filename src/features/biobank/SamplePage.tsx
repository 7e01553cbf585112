// /biobank/samples/:sampleId (institute) and /central-biobank/samples/:sampleId: inspect a sample
// (data, parameters, lineage tree, connected forms, storage with the box map, chain of custody),
// edit it, mark it arrived, derive a sample from it, print its label, and (central) delete it.
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { BioSample } from '../../api/bioSamples';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/rootReducer';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { useConfirm } from '../../common/confirmDialog';
import { notify } from '../../common/notify';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { useFormatter } from '../../i18n/useFormatter';
import { biobankActions, type BiobankScope } from './biobank.slice';
import { selectBiobank, selectHoldsBioCode } from './biobank.selectors';
import { ConnectedForms } from './ConnectedForms';
import { CustodyHistory } from './CustodyHistory';
import { LineageTree } from './LineageTree';
import { PatientSampleCount } from './PatientSampleCount';
import { messages, stateMessages } from './messages';
import { SampleForm } from './SampleForm';
import { labelsPath, listPath, newSamplePath, usePositionText } from './sampleText';
import { StoragePanel } from './StoragePanel';

function Section({ title, children }: { title: string; children: ReactNode }): ReactElement {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** `patientSampleCount`: the patient's samples the user reads, linked to their list (the patient list is closed to biobank staff). */
function Details({ sample, patientSampleCount }: { sample: BioSample; patientSampleCount: number }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const position = usePositionText();
  const when = (value: string | null): string => (value ? format.dateTime(value) : '—');
  // Parameters are named by the sample type's labels, in the interface language (the id when the type is not loaded).
  const parameters = useAppSelector(selectBiobank).references.types.find((t) => t.id === sample.bioSampleType.id)?.parameters ?? [];
  const parameterLabel = (id: string): string => {
    const parameter = parameters.find((p) => p.id === id);
    if (!parameter) return id;
    return intl.locale.startsWith('hu') ? parameter.labelHu : parameter.labelEn;
  };
  const patientText = sample.patient.name ? `${sample.patient.internalPatientNumber} · ${sample.patient.name}` : sample.patient.internalPatientNumber;
  const rows: [string, ReactNode][] = [
    [intl.formatMessage(messages.type), sample.bioSampleType.name],
    [intl.formatMessage(messages.registry), sample.registry.shortName],
    [intl.formatMessage(messages.institute), sample.institute.name],
    [
      intl.formatMessage(messages.patient),
      <>
        {patientText} · <PatientSampleCount patientId={sample.patient.id} count={patientSampleCount} />
      </>,
    ],
    [intl.formatMessage(messages.collectedAt), when(sample.sampleCollectedAt)],
    [intl.formatMessage(messages.legacyNumber), sample.legacySampleNumber ?? '—'],
    [intl.formatMessage(messages.amount), sample.amount === null ? '—' : `${format.number(sample.amount)} ${sample.bioSampleType.unit}`],
    [intl.formatMessage(messages.ancestor), sample.ancestorSample?.sampleNumber ?? '—'],
    [intl.formatMessage(messages.arrivedAt), when(sample.arrivedToBiobankAt)],
    [intl.formatMessage(messages.position), position(sample) ?? '—'],
    [intl.formatMessage(messages.dispatchedAt), when(sample.dispatchedAt)],
    [intl.formatMessage(messages.dispatchedTo), sample.dispatchedTo ?? '—'],
    [intl.formatMessage(messages.notes), sample.notes ?? '—'],
    ...Object.entries(sample.sampleParameters).map(([key, value]): [string, string] => [parameterLabel(key), value === null ? '—' : String(value)]),
  ];
  return (
    <Table>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function SamplePage({ central = false }: { central?: boolean }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { sampleId = '' } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const scope: BiobankScope = central ? null : (user?.institute?.id ?? null);
  const { sample, editor } = useAppSelector(selectBiobank);
  const mayUpdate = useAppSelector((s: RootState) => selectHoldsBioCode(s, central ? 'update_admin_bio_sample' : 'update_institute_bio_sample'));
  const mayCreate = useAppSelector((s: RootState) => selectHoldsBioCode(s, 'create_institute_bio_sample'));
  const mayAttach = useAppSelector((s: RootState) => selectHoldsBioCode(s, 'attach_bio_sample_to_form'));
  // The version being edited: a save that went through bumps the version, which ends the editing.
  const [editedVersion, setEditedVersion] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();
  const item = sample.item?.id === sampleId ? sample.item : null;
  const editing = item !== null && editedVersion === item.version;
  const setEditing = (on: boolean): void => setEditedVersion(on && item ? item.version : null);
  useDocumentTitle(messages.sampleTitle, { number: item?.sampleNumber ?? '' });

  useEffect(() => {
    dispatch(biobankActions.scopeChanged(scope));
    dispatch(biobankActions.referencesRequested(scope));
    dispatch(biobankActions.editorReset());
    dispatch(biobankActions.sampleRequested({ scope, id: sampleId }));
  }, [dispatch, scope, sampleId]);

  // A save that went through: say so and leave the edit form; a deleted sample returns to the list.
  useEffect(() => {
    if (editor.status !== 'saved') return;
    if (editor.saved) notify(intl.formatMessage(messages.savedNotice, { number: editor.saved.sampleNumber }));
    else {
      notify(intl.formatMessage(messages.deletedNotice));
      void navigate(listPath(scope));
    }
    dispatch(biobankActions.editorReset());
  }, [editor.status, editor.saved, intl, dispatch, navigate, scope]);

  if (sample.status === 'failed') {
    return (
      <Alert color="red" role="alert">
        {sample.error?.status === 403 ? intl.formatMessage(messages.noPermission) : intl.formatMessage(messages.sampleLoadError)}
      </Alert>
    );
  }
  if (!item) return <Loader aria-label={intl.formatMessage(messages.sampleTitle, { number: '' })} />;

  const remove = async (): Promise<void> => {
    if (await confirm({ title: intl.formatMessage(messages.deleteConfirm, { number: item.sampleNumber }), danger: true })) dispatch(biobankActions.deleteRequested(item.id));
  };
  const save = (input: object): void => void dispatch(biobankActions.saveRequested({ scope, id: item.id, input }));
  return (
    <Stack>
      <Group justify="space-between">
        <Group>
          <Title order={1}>{intl.formatMessage(messages.sampleTitle, { number: item.sampleNumber })}</Title>
          <Badge size="lg">{intl.formatMessage(stateMessages[item.state])}</Badge>
        </Group>
        <Group>
          {mayUpdate && !editing && <Button onClick={() => setEditing(true)}>{intl.formatMessage(messages.edit)}</Button>}
          {mayUpdate && !item.arrivedToBiobankAt && (
            <Button variant="light" onClick={() => save({ arrivedToBiobankAt: new Date().toISOString(), version: item.version })}>
              {intl.formatMessage(messages.markArrived)}
            </Button>
          )}
          {mayCreate && (
            <Button variant="light" component={Link} to={newSamplePath(scope, item.id)}>
              {intl.formatMessage(messages.derive)}
            </Button>
          )}
          <Button variant="default" component={Link} to={labelsPath(scope, [item.id])}>
            {intl.formatMessage(messages.printLabel)}
          </Button>
          {central && mayUpdate && (
            <Button color="red" variant="subtle" onClick={() => void remove()}>
              {intl.formatMessage(messages.delete)}
            </Button>
          )}
        </Group>
      </Group>
      {editor.status === 'failed' && !editor.positionTaken && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.saveFailed, { reason: editor.error?.message ?? '' })}
        </Alert>
      )}
      {editing ? (
        <SampleForm sample={item} saving={editor.status === 'saving'} onSubmit={save} onCancel={() => setEditing(false)} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Section title={intl.formatMessage(messages.detailsTitle)}>
            <Details sample={item} patientSampleCount={sample.family.length} />
          </Section>
          <Section title={intl.formatMessage(messages.storageTitle)}>
            <StoragePanel mayChange={mayUpdate} />
          </Section>
          <Section title={intl.formatMessage(messages.lineageTitle)}>
            <LineageTree sample={item} family={sample.family} scope={scope} />
          </Section>
          <Section title={intl.formatMessage(messages.formsTitle)}>
            <ConnectedForms mayChange={mayAttach} />
          </Section>
          <Section title={intl.formatMessage(messages.historyTitle)}>
            <CustodyHistory entries={sample.history} />
          </Section>
        </SimpleGrid>
      )}
      {dialog}
    </Stack>
  );
}

export function CentralSamplePage(): ReactElement {
  return <SamplePage central />;
}
