// /patients/:patientId/bio-samples: every bio sample of one patient (the patient list's sample count
// links here), each a link to its page.
import { useEffect, type ReactElement } from 'react';
import { Alert, Anchor, Loader, Stack, Table, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { useFormatter } from '../../i18n/useFormatter';
import { biobankActions } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';
import { messages, stateMessages } from './messages';
import { samplePath, usePositionText } from './sampleText';

export function PatientSamplesPage(): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const position = usePositionText();
  const dispatch = useAppDispatch();
  const { patientId = '' } = useParams();
  const scope = useAppSelector(selectCurrentUser)?.institute?.id ?? null;
  const { patient } = useAppSelector(selectBiobank);
  const number = patient.items[0]?.patient.internalPatientNumber ?? '';
  useDocumentTitle(messages.patientSamplesTitle, { number });
  useEffect(() => void dispatch(biobankActions.patientSamplesRequested(patientId)), [dispatch, patientId]);

  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(messages.patientSamplesTitle, { number })}</Title>
      {patient.status === 'loading' && <Loader size="sm" />}
      {patient.status === 'failed' && <Alert color="red">{intl.formatMessage(messages.loadError)}</Alert>}
      {patient.status === 'ready' && patient.items.length === 0 && <Alert color="gray">{intl.formatMessage(messages.patientSamplesNone)}</Alert>}
      {patient.items.length > 0 && (
        <Table aria-label={intl.formatMessage(messages.gridLabel)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(messages.sampleNumber)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.type)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.state)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.collectedAt)}</Table.Th>
              <Table.Th>{intl.formatMessage(messages.position)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {patient.items.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={samplePath(scope, s.id)}>
                    {s.sampleNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{s.bioSampleType.name}</Table.Td>
                <Table.Td>{intl.formatMessage(stateMessages[s.state])}</Table.Td>
                <Table.Td>{format.dateTime(s.sampleCollectedAt)}</Table.Td>
                <Table.Td>{position(s) ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
