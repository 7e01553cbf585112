// Details and edit of one institute (or a new one) in the slide pane: every field of spec §3, a
// searchable IANA time-zone picker, coordinates in range. A new time zone or short name asks first,
// saying how many forms and attendances it touches; delete asks too, and is offered only when no
// patient or user belongs to the institute (the server refuses it anyway: 409).
import { useState, type ReactElement } from 'react';
import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { Institute, InstituteInput } from '../../api/institutes';
import { useConfirm } from '../../common/confirmDialog';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import { SlidePane } from '../../common/slidePane';
import { institutesActions } from './institutes.slice';
import { messages } from './messages';
import { timeZoneOptions } from './timeZones';

type TextField = 'name' | 'nameHu' | 'nameEn' | 'shortName' | 'country' | 'city' | 'postCode' | 'region' | 'address' | 'contactName' | 'contactEmail' | 'contactPhone';
const TEXT_FIELDS: readonly TextField[] = ['name', 'nameHu', 'nameEn', 'shortName', 'country', 'city', 'postCode', 'region', 'address', 'contactName', 'contactEmail', 'contactPhone'];

const EMPTY: InstituteInput = {
  name: '', nameHu: null, nameEn: null, shortName: '', country: null, city: null, contactName: null, contactEmail: null,
  contactPhone: null, notes: null, timeZone: 'Europe/Budapest', postCode: null, region: null, address: null, lat: null, lon: null,
};

function inputOf(institute: Institute | null): InstituteInput {
  if (!institute) return EMPTY;
  const { id: _id, createdAt: _c, updatedAt: _u, ...input } = institute;
  return input;
}

export function InstitutePane({ opened, onClose }: { opened: boolean; onClose: () => void }): ReactElement {
  const intl = useIntl();
  const original = useAppSelector((state) => state.institutes.editor.institute);
  const title = original ? intl.formatMessage(messages.editTitle, { name: original.name }) : intl.formatMessage(messages.newTitle);
  return (
    <SlidePane opened={opened} onClose={onClose} title={title} closeOnClickOutside={false} width={640}>
      {/* Keyed by the loaded institute: its form starts from that institute's values. */}
      <InstituteForm key={original ? `${original.id}:${original.updatedAt}` : 'new'} original={original} />
    </SlidePane>
  );
}

function InstituteForm({ original }: { original: Institute | null }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const editor = useAppSelector((state) => state.institutes.editor);
  const { confirm, dialog } = useConfirm();
  const [values, setValues] = useState<InstituteInput>(() => inputOf(original));

  const errors = serverFieldErrors(intl, editor.error);
  const set = <K extends keyof InstituteInput>(key: K, value: InstituteInput[K]): void => setValues((v) => ({ ...v, [key]: value }));
  const busy = editor.status === 'loading' || editor.status === 'saving';
  const usage = editor.usage;

  const submit = async (): Promise<void> => {
    if (original && usage && (values.timeZone !== original.timeZone || values.shortName !== original.shortName) && usage.forms + usage.attendances > 0) {
      const yes = await confirm({
        title: intl.formatMessage(messages.timeZoneTitle),
        body: intl.formatMessage(messages.timeZoneBody, { forms: usage.forms, attendances: usage.attendances }),
        confirmLabel: intl.formatMessage(messages.timeZoneConfirm),
      });
      if (!yes) return;
    }
    dispatch(institutesActions.saveRequested({ id: original?.id ?? null, input: values }));
  };

  const remove = async (): Promise<void> => {
    if (!original) return;
    const yes = await confirm({ title: intl.formatMessage(messages.deleteTitle), body: intl.formatMessage(messages.deleteBody, { name: original.name }), danger: true, confirmLabel: intl.formatMessage(messages.delete) });
    if (yes) dispatch(institutesActions.deleteRequested(original.id));
  };

  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {editor.error && (
            <Alert color="red" role="alert">
              {editor.error.message}
            </Alert>
          )}
          {usage && <Text size="sm">{intl.formatMessage(messages.usage, usage)}</Text>}
          <SimpleGrid cols={2}>
            {TEXT_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={intl.formatMessage(messages[field])}
                required={field === 'name' || field === 'shortName'}
                value={values[field] ?? ''}
                error={errors[field]}
                onChange={(event) => set(field, event.currentTarget.value === '' && field !== 'name' && field !== 'shortName' ? null : event.currentTarget.value)}
              />
            ))}
            <NumberInput label={intl.formatMessage(messages.lat)} min={-90} max={90} decimalScale={6} value={values.lat ?? ''} error={errors.lat} onChange={(value) => set('lat', typeof value === 'number' ? value : null)} />
            <NumberInput label={intl.formatMessage(messages.lon)} min={-180} max={180} decimalScale={6} value={values.lon ?? ''} error={errors.lon} onChange={(value) => set('lon', typeof value === 'number' ? value : null)} />
          </SimpleGrid>
          <Select
            label={intl.formatMessage(messages.timeZone)}
            required
            searchable
            data={timeZoneOptions(values.timeZone)}
            value={values.timeZone}
            error={errors.timeZone}
            onChange={(value) => set('timeZone', value ?? '')}
            limit={50}
          />
          <Textarea label={intl.formatMessage(messages.notes)} value={values.notes ?? ''} error={errors.notes} onChange={(event) => set('notes', event.currentTarget.value || null)} />
          {original && usage && usage.patients + usage.users > 0 && <Text size="sm">{intl.formatMessage(messages.inUse)}</Text>}
          <Group justify="space-between">
            {original ? (
              <Button color="red" variant="light" disabled={busy || !usage || usage.patients + usage.users + usage.forms > 0} onClick={() => void remove()}>
                {intl.formatMessage(messages.delete)}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={busy}>
              {intl.formatMessage(messages.save)}
            </Button>
          </Group>
        </Stack>
      </form>
      {dialog}
    </>
  );
}
