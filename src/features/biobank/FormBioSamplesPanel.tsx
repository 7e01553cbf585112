// The form page's small "Bio samples" panel: the samples attached to this form, each with
// "detach", and one of the patient's other samples to attach. Shown to the roles biobank entries
// are granted to; a caller the server refuses (403) does not see it at all.
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Select, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BIOBANK_ROLES } from '../../app/navigation';
import { selectCurrentUser } from '../../app/startup/clientConfiguration.selectors';
import { hasAnyRole } from '../../domain/permissions/roles';
import { biobankActions } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';
import { messages } from './messages';
import { samplePath } from './sampleText';

export function FormBioSamplesPanel({ formId, patientId }: { formId: string; patientId: string }): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const { form } = useAppSelector(selectBiobank);
  const [choice, setChoice] = useState<string | null>(null);
  const shown = hasAnyRole(user?.roles ?? [], BIOBANK_ROLES);
  useEffect(() => {
    if (shown) dispatch(biobankActions.formSamplesRequested({ formId, patientId }));
  }, [dispatch, shown, formId, patientId]);

  if (!shown || form.formId !== formId || (form.status === 'failed' && form.error?.status === 403)) return null;
  const scope = user?.institute?.id ?? null;
  return (
    <Card withBorder component="section" aria-labelledby="form-bio-samples">
      <Title order={2} size="h5" id="form-bio-samples" mb="xs">
        {intl.formatMessage(messages.panelTitle)}
      </Title>
      {form.error && (
        <Alert color="red" role="alert" mb="xs">
          {intl.formatMessage(messages.linkFailed, { reason: form.error.message ?? '' })}
        </Alert>
      )}
      {form.attached.length === 0 ? (
        <Text size="sm">{intl.formatMessage(messages.panelNone)}</Text>
      ) : (
        <List size="sm">
          {form.attached.map((sample) => (
            <List.Item key={sample.id}>
              <Group gap="xs">
                <Anchor component={Link} to={samplePath(scope, sample.id)}>
                  {sample.sampleNumber}
                </Anchor>
                <Text size="sm">{sample.bioSampleType.name}</Text>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => dispatch(biobankActions.detachRequested({ formId, sampleId: sample.id }))}>
                  {intl.formatMessage(messages.panelDetach, { number: sample.sampleNumber })}
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {form.attachable.length > 0 && (
        <Group align="flex-end" mt="xs">
          <Select
            label={intl.formatMessage(messages.panelAttachable)}
            data={form.attachable.map((s) => ({ value: s.id, label: `${s.sampleNumber} · ${s.bioSampleType.name}` }))}
            value={choice}
            onChange={setChoice}
          />
          <Button
            disabled={!choice}
            onClick={() => {
              if (choice) dispatch(biobankActions.attachRequested({ formId, sampleId: choice }));
              setChoice(null);
            }}
          >
            {intl.formatMessage(messages.attach)}
          </Button>
        </Group>
      )}
    </Card>
  );
}
