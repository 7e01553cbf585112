// The two ways an administrator adds a version to a form type: a descriptor JSON file (checked by
// the server's loader; its errors name the bad paths) and a REDCap data dictionary (translated,
// shown with its report and preview, saved only on confirmation).
import { useState, type ReactElement } from 'react';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { FormType } from '../../api/registries';
import { DescriptorPreview } from './DescriptorPreview';
import { formTypesActions } from './formTypes.slice';
import { messages } from './messages';

function FilePicker({ id, label, accept, onText }: { id: string; label: string; accept: string; onText: (text: string) => void }): ReactElement {
  return (
    <div>
      <label htmlFor={id}>
        <Text size="sm" fw={500}>{label}</Text>
      </label>
      <input id={id} type="file" accept={accept} onChange={(e) => void e.currentTarget.files?.[0]?.text().then(onText)} />
    </div>
  );
}

export function DescriptorUpload({ formType }: { formType: FormType }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const upload = useAppSelector((state) => state.formTypes.upload);
  const [parsed, setParsed] = useState<unknown[] | null>(null);
  const [notJson, setNotJson] = useState<string | null>(null);
  const read = (text: string): void => {
    try {
      const json: unknown = JSON.parse(text);
      setParsed(Array.isArray(json) ? json : [json]);
      setNotJson(null);
    } catch (error) {
      setParsed(null);
      setNotJson(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <section aria-label={intl.formatMessage(messages.uploadTitle)}>
      <Stack gap="xs">
        <Title order={2} size="h4">{intl.formatMessage(messages.uploadTitle)}</Title>
        <FilePicker id="descriptor-file" label={intl.formatMessage(messages.uploadFile)} accept=".json,application/json" onText={read} />
        {notJson && <Alert color="red" role="alert">{intl.formatMessage(messages.uploadNotJson, { details: notJson })}</Alert>}
        {upload.status === 'failed' && <Alert color="red" role="alert">{upload.error?.message}</Alert>}
        {upload.status === 'done' && <Alert color="green" role="status">{intl.formatMessage(messages.uploadDone, { version: formType.lastVersion })}</Alert>}
        <Group>
          <Button disabled={!parsed || upload.status === 'working'} onClick={() => parsed && dispatch(formTypesActions.uploadRequested({ id: formType.id, descriptors: parsed }))}>
            {intl.formatMessage(messages.uploadButton, { version: formType.lastVersion + 1 })}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}

export function RedcapImport({ formType }: { formType: FormType }): ReactElement {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const redcap = useAppSelector((state) => state.formTypes.redcap);
  const [csv, setCsv] = useState<string | null>(null);
  const answer = redcap.answer;
  return (
    <section aria-label={intl.formatMessage(messages.redcapTitle)}>
      <Stack gap="xs">
        <Title order={2} size="h4">{intl.formatMessage(messages.redcapTitle)}</Title>
        <FilePicker id="redcap-file" label={intl.formatMessage(messages.redcapFile)} accept=".csv,text/csv" onText={setCsv} />
        {redcap.status === 'failed' && <Alert color="red" role="alert">{redcap.error?.message}</Alert>}
        {redcap.status === 'done' && answer && <Alert color="green" role="status">{intl.formatMessage(messages.redcapSaved, { version: answer.version })}</Alert>}
        <Group>
          <Button disabled={csv === null || redcap.status === 'working'} onClick={() => csv !== null && dispatch(formTypesActions.redcapRequested({ id: formType.id, csv, confirm: false }))}>
            {intl.formatMessage(messages.redcapPreview)}
          </Button>
        </Group>
        {answer && !answer.saved && (
          <Stack gap="xs">
            <Text fw={600}>{intl.formatMessage(messages.redcapReport, { count: answer.report.length })}</Text>
            {answer.report.length === 0 ? (
              <Text size="sm">{intl.formatMessage(messages.redcapReportEmpty)}</Text>
            ) : (
              <List size="sm" aria-label={intl.formatMessage(messages.redcapReport, { count: answer.report.length })}>
                {answer.report.map((entry) => (
                  <List.Item key={`${entry.row}-${entry.code}-${entry.message}`}>{intl.formatMessage(messages.redcapReportRow, { row: entry.row, variable: entry.variable, message: entry.message })}</List.Item>
                ))}
              </List>
            )}
            <Group>
              <Button color="green" disabled={csv === null || redcap.status === 'working'} onClick={() => csv !== null && dispatch(formTypesActions.redcapRequested({ id: formType.id, csv, confirm: true }))}>
                {intl.formatMessage(messages.redcapConfirm, { version: answer.version })}
              </Button>
              <Button variant="default" onClick={() => dispatch(formTypesActions.redcapCleared())}>
                {intl.formatMessage(messages.redcapCancel)}
              </Button>
            </Group>
            <Title order={3} size="h5">{intl.formatMessage(messages.redcapPreviewTitle)}</Title>
            <DescriptorPreview document={answer.descriptor} />
          </Stack>
        )}
      </Stack>
    </section>
  );
}
