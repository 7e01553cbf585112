// /admin/access/{kind}/new and /admin/access/{kind}/{entryId}: trustee (a user or a group, searched),
// scheme, and the optional conditions, each "All" when unset and narrowed by the ones above
// (form types of the chosen registry, physicians of the chosen institute).
import { useEffect, useState, type ReactElement } from 'react';
import { Alert, Button, Checkbox, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import type { AccessEntry, AccessEntryInput } from '../../api/accessLists';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../common/confirmDialog';
import { serverFieldErrors } from '../../common/forms/serverFieldErrors';
import type { AccessEntryKind } from '../../domain/permissions/entries';
import { PERMISSION_SCHEMES } from '../../domain/permissions/schemes';
import { accessListsActions, selectAccessChoices, selectAccessDetail, selectAccessEditor, selectTrustees, trusteeValue } from './accessLists.slice';
import { messages } from './messages';
import { useDocumentTitle } from '../../common/pages/useDocumentTitle';

interface Values {
  trustee: string | null;
  scheme: string | null;
  registryId: string | null;
  formTypeId: string | null;
  instituteId: string | null;
  physicianId: string | null;
  attachPermission: boolean;
}

const EMPTY: Values = { trustee: null, scheme: null, registryId: null, formTypeId: null, instituteId: null, physicianId: null, attachPermission: false };

function valuesOf(entry: AccessEntry): Values {
  return {
    trustee: trusteeValue(entry.trustee),
    scheme: entry.scheme,
    registryId: entry.registryId,
    formTypeId: entry.formTypeId === null ? null : String(entry.formTypeId),
    instituteId: entry.instituteId,
    physicianId: entry.physicianId,
    attachPermission: entry.attachPermission,
  };
}

function inputOf(values: Values): AccessEntryInput {
  const [type, id] = (values.trustee ?? ':').split(/:(.*)/s);
  return {
    trusteeUserId: type === 'user' ? id : null,
    trusteeGroupId: type === 'group' ? id : null,
    scheme: values.scheme ?? '',
    registryId: values.registryId,
    formTypeId: values.formTypeId === null ? null : Number(values.formTypeId),
    instituteId: values.instituteId,
    physicianId: values.physicianId,
    attachPermission: values.attachPermission,
  };
}

export function AccessEntryFormPage({ kind }: { kind: AccessEntryKind }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { entryId } = useParams();
  const detail = useAppSelector(selectAccessDetail);
  const choices = useAppSelector(selectAccessChoices);
  const editor = useAppSelector(selectAccessEditor);
  const entry = entryId && detail.entry?.id === entryId ? detail.entry : null;

  useEffect(() => void dispatch(accessListsActions.editorOpened({ kind, id: entryId ?? null })), [dispatch, kind, entryId]);
  useEffect(() => {
    if (editor.status === 'saved' || editor.status === 'deleted') navigate(`/admin/access/${kind}`);
  }, [editor.status, kind, navigate]);

  if (detail.error || choices.error) {
    return (
      <Alert color="red" role="alert">
        {intl.formatMessage(messages.loadError)}
      </Alert>
    );
  }
  if (entryId && !entry) return <Text>…</Text>;
  // Keyed by the entry: its values start from the loaded entry and stay the user's afterwards.
  return <EntryEditor key={entry?.id ?? 'new'} kind={kind} entry={entry} />;
}

function EntryEditor({ kind, entry }: { kind: AccessEntryKind; entry: AccessEntry | null }): ReactElement {
  const intl = useIntl();
  useDocumentTitle(entry ? messages.editEntry : messages.newEntry);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const choices = useAppSelector(selectAccessChoices);
  const trustees = useAppSelector(selectTrustees);
  const editor = useAppSelector(selectAccessEditor);
  const [values, setValues] = useState<Values>(entry ? valuesOf(entry) : EMPTY);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const all = intl.formatMessage(messages.all);
  const fromServer = editor.status === 'failed' ? serverFieldErrors(intl, editor.error) : {};
  const missing = (value: string | null): string | undefined => (touched && !value ? intl.formatMessage(messages.required) : undefined);
  const set = (patch: Partial<Values>): void => setValues((current) => ({ ...current, ...patch }));
  const condition = (label: keyof typeof messages, key: 'registryId' | 'formTypeId' | 'instituteId' | 'physicianId', data: { value: string; label: string }[], onChange: (value: string | null) => void): ReactElement => (
    <Select label={intl.formatMessage(messages[label])} placeholder={all} data={data} value={values[key]} onChange={onChange} clearable searchable error={fromServer[key]} />
  );
  const submit = (): void => {
    setTouched(true);
    if (!values.trustee || !values.scheme) return;
    dispatch(accessListsActions.saveRequested({ kind, id: entry?.id ?? null, entry: inputOf(values) }));
  };

  return (
    <Stack>
      <Title order={1}>{intl.formatMessage(entry ? messages.editEntry : messages.newEntry)}</Title>
      {editor.status === 'failed' && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.saveFailed)}
          {editor.error?.message ? `: ${editor.error.message}` : ''}
        </Alert>
      )}
      <Select
        label={intl.formatMessage(messages.trustee)}
        placeholder={intl.formatMessage(messages.trusteeSearch)}
        required
        searchable
        data={trustees.items}
        value={values.trustee}
        onChange={(value) => set({ trustee: value })}
        onSearchChange={(term) => dispatch(accessListsActions.trusteeSearchChanged(term))}
        filter={({ options }) => options}
        error={missing(values.trustee) ?? fromServer.trusteeUserId ?? fromServer.trusteeGroupId}
      />
      <Select
        label={intl.formatMessage(messages.scheme)}
        required
        data={[...PERMISSION_SCHEMES]}
        value={values.scheme}
        onChange={(value) => set({ scheme: value })}
        error={missing(values.scheme) ?? fromServer.scheme}
      />
      {condition('registry', 'registryId', choices.registries, (value) => {
        set({ registryId: value, formTypeId: null });
        dispatch(accessListsActions.registryChosen(value));
      })}
      {condition('formType', 'formTypeId', choices.formTypes, (value) => set({ formTypeId: value }))}
      {condition('institute', 'instituteId', choices.institutes, (value) => {
        set({ instituteId: value, physicianId: null });
        dispatch(accessListsActions.instituteChosen(value));
      })}
      {condition('physician', 'physicianId', choices.physicians, (value) => set({ physicianId: value }))}
      {kind === 'biobank' && (
        <Checkbox label={intl.formatMessage(messages.attachPermission)} checked={values.attachPermission} onChange={(e) => set({ attachPermission: e.currentTarget.checked })} />
      )}
      <Group justify="space-between">
        {entry ? (
          <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
            {intl.formatMessage(messages.delete)}
          </Button>
        ) : (
          <span />
        )}
        <Group>
          <Button variant="default" onClick={() => navigate(`/admin/access/${kind}`)}>
            {intl.formatMessage(messages.cancel)}
          </Button>
          <Button onClick={submit} loading={editor.status === 'saving'}>
            {intl.formatMessage(messages.save)}
          </Button>
        </Group>
      </Group>
      {entry && (
        <ConfirmDialog
          opened={confirming}
          title={intl.formatMessage(messages.deleteConfirm)}
          danger
          onConfirm={() => {
            dispatch(accessListsActions.deleteRequested({ kind, id: entry.id }));
            setConfirming(false);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
