// The institute biobank card of the dashboard: the institute's samples counted by state, and the
// arrived samples still waiting for a position, each a link to its page. A biobank administrator
// of no institute gets the way to the central biobank instead.
import { useEffect, type ReactElement } from 'react';
import { Anchor, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormatter } from '../../i18n/useFormatter';
import { biobankActions } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';
import { BIO_SAMPLE_STATES } from './biobank.types';
import { messages, stateMessages } from './messages';
import { samplePath } from './sampleText';

export function BiobankCard({ instituteId }: { instituteId: string | null }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const dispatch = useAppDispatch();
  const { summary } = useAppSelector(selectBiobank);
  useEffect(() => {
    if (instituteId) dispatch(biobankActions.summaryRequested(instituteId));
  }, [dispatch, instituteId]);
  const data = instituteId ? summary.data : null;
  return (
    <Card withBorder component="section" aria-labelledby="dashboard-biobank">
      <Title order={2} size="h4" id="dashboard-biobank" mb="sm">
        {intl.formatMessage(messages.cardTitle)}
      </Title>
      {instituteId && summary.status === 'failed' && <Text size="sm">{intl.formatMessage(messages.cardLoadError)}</Text>}
      {data && (
        <Stack gap="xs">
          {BIO_SAMPLE_STATES.map((state) => (
            <Group key={state} justify="space-between">
              <Text size="sm">{intl.formatMessage(stateMessages[state])}</Text>
              <Badge variant="light">{format.number(data.counts[state] ?? 0)}</Badge>
            </Group>
          ))}
          <Text fw={500} mt="xs">
            {intl.formatMessage(messages.cardAwaiting)}
          </Text>
          {data.awaitingLocalization.length === 0 ? (
            <Text size="sm">{intl.formatMessage(messages.cardNoneAwaiting)}</Text>
          ) : (
            <List size="sm">
              {data.awaitingLocalization.map((sample) => (
                <List.Item key={sample.id}>
                  <Anchor component={Link} to={samplePath(instituteId, sample.id)}>
                    {sample.sampleNumber}
                  </Anchor>{' '}
                  · {sample.bioSampleType.name}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
      <Anchor component={Link} to={instituteId ? '/biobank' : '/central-biobank'} mt="sm">
        {intl.formatMessage(instituteId ? messages.cardLink : messages.cardCentralLink)}
      </Anchor>
    </Card>
  );
}
