// The file of a new import: dropped onto the area or chosen with the file input inside it. Only
// .csv and .xlsx are taken; anything else is refused here with a message, before any upload.
import { useState, type DragEvent, type ReactElement } from 'react';
import { Box, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { ImportFileKind } from '../../api/dataImport';
import { useFormatter } from '../../i18n/useFormatter';
import { messages } from './messages';

export function importFileKind(name: string): ImportFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

interface ImportFileDropProps {
  file: File | null;
  /** Already localized (required, wrong type). */
  error: string | null;
  onChange: (file: File | null, refusal: string | null) => void;
}

export function ImportFileDrop({ file, error, onChange }: ImportFileDropProps): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const [over, setOver] = useState(false);
  const take = (chosen: File | undefined): void => {
    if (!chosen) return;
    if (importFileKind(chosen.name)) onChange(chosen, null);
    else onChange(null, intl.formatMessage(messages.wrongFileType));
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };
  return (
    <Box
      onDragOver={(event: DragEvent<HTMLDivElement>) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      p="md"
      style={{ border: `2px dashed var(--mantine-color-${over ? 'blue' : 'gray'}-5)`, borderRadius: 8 }}
    >
      <Text component="label" htmlFor="import-file" fw={500} size="sm" display="block">
        {intl.formatMessage(messages.file)}
      </Text>
      <Text id="import-file-hint" size="sm" c="dimmed" mb="xs">
        {intl.formatMessage(messages.fileHint)}
      </Text>
      <input
        id="import-file"
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-describedby={error ? 'import-file-hint import-file-error' : 'import-file-hint'}
        aria-invalid={error ? true : undefined}
        aria-required
        onChange={(event) => {
          take(event.currentTarget.files?.[0]);
          // Emptied so that choosing the same file again (after fixing it) is a change too.
          event.currentTarget.value = '';
        }}
      />
      {file && (
        <Text size="sm" mt="xs" role="status">
          {intl.formatMessage(messages.chosenFile, { name: file.name, size: format.number(file.size) })}
        </Text>
      )}
      {error && (
        <Text id="import-file-error" size="sm" c="red" mt="xs" role="alert">
          {error}
        </Text>
      )}
    </Box>
  );
}
