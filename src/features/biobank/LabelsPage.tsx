// /biobank/labels?ids=a,b[&central=1]: the labels of the chosen samples, three columns to an A4
// page; "Print" opens the browser's print dialog, whose stylesheet prints the labels alone.
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, Loader, SegmentedControl, Stack, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';
import { biobankActions } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';
import { messages } from './messages';
import { SampleLabel, type BarcodeKind } from './SampleLabel';
import { listPath } from './sampleText';
import classes from './labels.module.css';

export function LabelsPage(): ReactElement {
  const intl = useIntl();
  useDocumentTitle(messages.labelsTitle);
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const idList = params.get('ids') ?? '';
  const central = params.get('central') === '1';
  const { labels } = useAppSelector(selectBiobank);
  const ownInstitute = useAppSelector(selectCurrentUser)?.institute?.id ?? null;
  const scope = central ? null : ownInstitute;
  const [kind, setKind] = useState<BarcodeKind>('code128');

  useEffect(() => {
    const ids = idList.split(',').filter(Boolean);
    if (ids.length > 0) dispatch(biobankActions.labelsRequested({ scope, ids }));
  }, [dispatch, idList, scope]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{intl.formatMessage(messages.labelsTitle)}</Title>
        <Group>
          <SegmentedControl
            aria-label={intl.formatMessage(messages.labelsFormat)}
            value={kind}
            onChange={(value) => setKind(value as BarcodeKind)}
            data={[
              { value: 'code128', label: 'Code 128' },
              { value: 'datamatrix', label: 'DataMatrix' },
            ]}
          />
          <Button onClick={() => window.print()} disabled={labels.items.length === 0}>
            {intl.formatMessage(messages.labelsPrint)}
          </Button>
        </Group>
      </Group>
      <Anchor component={Link} to={listPath(scope)}>
        {intl.formatMessage(messages.labelsBack)}
      </Anchor>
      {idList === '' && <Alert color="yellow">{intl.formatMessage(messages.labelsNone)}</Alert>}
      {labels.status === 'loading' && <Loader />}
      {labels.status === 'failed' && <Alert color="red">{intl.formatMessage(messages.sampleLoadError)}</Alert>}
      <div className={classes.sheet}>
        {labels.items.map((sample) => (
          <SampleLabel key={sample.id} sample={sample} kind={kind} />
        ))}
      </div>
    </Stack>
  );
}
