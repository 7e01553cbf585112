// The new import: a name, the registry and form type (with its version) it writes, and the file;
// an .xlsx needs its password. Checked here as the server checks it before anything is sent; the
// start uploads the file, posts the job and opens the job's page.
import { useState, type FormEvent, type ReactElement } from 'react';
import { Alert, Button, Group, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { AccessibleRegistry } from '../../api/dashboard';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { startImportJob } from './dataImport.saga';
import { dataImportActions } from './dataImport.slice';
import { selectDataImport } from './dataImport.selectors';
import { ImportFileDrop, importFileKind } from './ImportFileDrop';
import { messages } from './messages';

interface Values {
  name: string;
  registryId: string;
  formTypeId: string;
  version: string;
  password: string;
}

type Problems = Partial<Record<keyof Values | 'file', string>>;

const EMPTY: Values = { name: '', registryId: '', formTypeId: '', version: '', password: '' };

export function ImportJobForm({ registries }: { registries: AccessibleRegistry[] }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const { formTypes, formTypesError, submitting, submitError, templateDownloading, templateError } = useAppSelector(selectDataImport);
  const [values, setValues] = useState<Values>(EMPTY);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const kind = file ? importFileKind(file.name) : null;
  const choices = formTypes?.registryId === values.registryId ? formTypes.items : [];
  const formType = choices.find((t) => String(t.id) === values.formTypeId) ?? null;
  const versions = formType ? Array.from({ length: formType.lastVersion }, (_, i) => formType.lastVersion - i) : [];
  const required = intl.formatMessage(messages.required);

  const set = (changes: Partial<Values>): void => {
    setValues((old) => ({ ...old, ...changes }));
    setProblems((old) => ({ ...old, ...Object.fromEntries(Object.keys(changes).map((key) => [key, undefined])) }));
  };
  const chooseRegistry = (registryId: string): void => {
    set({ registryId, formTypeId: '', version: '' });
    dispatch(dataImportActions.registryChosen(registryId || null));
  };
  const chooseFormType = (formTypeId: string): void => {
    const chosen = choices.find((t) => String(t.id) === formTypeId);
    set({ formTypeId, version: chosen ? String(chosen.lastVersion) : '' });
  };

  const check = (): Problems => {
    const found: Problems = {};
    if (!values.name.trim()) found.name = required;
    if (!values.registryId) found.registryId = required;
    if (!values.formTypeId) found.formTypeId = required;
    if (!values.version) found.version = required;
    if (!file) found.file = problems.file ?? required;
    if (kind === 'xlsx' && !values.password) found.password = required;
    return found;
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0 || !file || !formType) return;
    const job = await store.runSaga(
      startImportJob,
      {
        name: values.name.trim(),
        registryId: values.registryId,
        formTypeId: String(formType.id),
        formTypeVersion: Number(values.version),
        // A CSV carries no password; the server refuses one.
        ...(kind === 'xlsx' ? { password: values.password } : {}),
      },
      file,
    );
    if (job) void navigate(`/data-import/jobs/${encodeURIComponent(job.id)}`);
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="sm" maw={560}>
        <TextInput label={intl.formatMessage(messages.name)} value={values.name} onChange={(e) => set({ name: e.currentTarget.value })} error={problems.name} withAsterisk />
        <NativeSelect
          label={intl.formatMessage(messages.registry)}
          value={values.registryId}
          onChange={(e) => chooseRegistry(e.currentTarget.value)}
          data={[{ value: '', label: '—' }, ...registries.map((r) => ({ value: r.id, label: r.name }))]}
          error={problems.registryId}
          withAsterisk
        />
        {formTypesError && (
          <Alert color="red" role="alert">
            {intl.formatMessage(messages.formTypesError, { message: formTypesError.message ?? formTypesError.code })}
          </Alert>
        )}
        <NativeSelect
          label={intl.formatMessage(messages.formType)}
          value={values.formTypeId}
          onChange={(e) => chooseFormType(e.currentTarget.value)}
          data={[{ value: '', label: '—' }, ...choices.map((t) => ({ value: String(t.id), label: t.name }))]}
          disabled={!values.registryId}
          error={problems.formTypeId}
          withAsterisk
        />
        <NativeSelect
          label={intl.formatMessage(messages.version)}
          value={values.version}
          onChange={(e) => set({ version: e.currentTarget.value })}
          data={versions.map((v) => ({ value: String(v), label: intl.formatMessage(messages.versionOption, { version: v }) }))}
          disabled={!formType}
          error={problems.version}
          withAsterisk
        />
        <Group>
          <Button
            variant="default"
            disabled={!formType || !values.version}
            loading={templateDownloading}
            onClick={() => formType && dispatch(dataImportActions.templateRequested({ formTypeId: formType.id, version: Number(values.version), shortName: formType.shortName }))}
          >
            {intl.formatMessage(messages.template)}
          </Button>
        </Group>
        {templateError && (
          <Alert color="red" role="alert">
            {intl.formatMessage(messages.templateError, { message: templateError.message ?? templateError.code })}
          </Alert>
        )}
        <ImportFileDrop
          file={file}
          error={problems.file ?? null}
          onChange={(chosen, refusal) => {
            setFile(chosen);
            setProblems((old) => ({ ...old, file: refusal ?? undefined }));
          }}
        />
        {kind === 'xlsx' && (
          <PasswordInput
            label={intl.formatMessage(messages.password)}
            value={values.password}
            onChange={(e) => set({ password: e.currentTarget.value })}
            error={problems.password}
            autoComplete="off"
            withAsterisk
          />
        )}
        {submitError && (
          <Alert color="red" role="alert">
            {intl.formatMessage(messages.submitError, { message: submitError.message ?? submitError.code })}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={submitting !== null}>
            {intl.formatMessage(messages.submit)}
          </Button>
          {submitting && <span role="status">{intl.formatMessage(submitting === 'uploading' ? messages.uploading : messages.posting)}</span>}
        </Group>
      </Stack>
    </form>
  );
}
