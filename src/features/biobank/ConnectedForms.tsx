// The forms a sample is attached to, each with "detach", and "attach" to another form of the
// patient in the sample's registry. A refused link shows the server's reason.
import { useState, type ReactElement } from 'react';
import { Alert, Anchor, Button, Group, List, Select, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { biobankActions } from './biobank.slice';
import { selectBiobankSample } from './biobank.selectors';
import { messages } from './messages';

export function ConnectedForms({ mayChange }: { mayChange: boolean }): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { item, forms, linkError } = useAppSelector(selectBiobankSample);
  const [formId, setFormId] = useState<string | null>(null);
  if (!item) return null;
  const linked = new Set(item.connectedForms.map((f) => f.id));
  const choices = forms.filter((f) => !linked.has(f.id));
  return (
    <div>
      {linkError && (
        <Alert color="red" role="alert" mb="xs">
          {intl.formatMessage(messages.linkFailed, { reason: linkError.message ?? '' })}
        </Alert>
      )}
      {item.connectedForms.length === 0 ? (
        <Text size="sm">{intl.formatMessage(messages.noForms)}</Text>
      ) : (
        <List spacing="xs">
          {item.connectedForms.map((form) => (
            <List.Item key={form.id}>
              <Group gap="xs">
                <Anchor component={Link} to={`/forms/${form.id}`}>
                  {form.formTypeName} ({form.displayId})
                </Anchor>
                {mayChange && (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => dispatch(biobankActions.detachRequested({ formId: form.id, sampleId: item.id }))}>
                    {intl.formatMessage(messages.detach, { form: form.displayId })}
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {mayChange && choices.length > 0 && (
        <Group align="flex-end" mt="sm">
          <Select label={intl.formatMessage(messages.chooseForm)} data={choices.map((f) => ({ value: f.id, label: `${f.formTypeName} (${f.displayId})` }))} value={formId} onChange={setFormId} />
          <Button
            disabled={!formId}
            onClick={() => {
              if (formId) dispatch(biobankActions.attachRequested({ formId, sampleId: item.id }));
              setFormId(null);
            }}
          >
            {intl.formatMessage(messages.linkToForm)}
          </Button>
        </Group>
      )}
    </div>
  );
}
