// The file upload (with the host's file store: checked here, uploaded, offered for download; in
// the sandbox: a local reference of name, size and type) and the gene list (a gene name is
// required, a duplicate gene is refused before it is added).
import { useContext, useEffect, useRef, useState, type ReactElement } from 'react';
import { Button } from '@mantine/core';
import { useIntl, type IntlShape } from 'react-intl';
import type { FieldDescriptor, FileValue, GeneEntry } from '../../domain/forms';
import { EngineSettingsContext } from '../EngineContext';
import { issueText } from '../issues';
import { messages } from '../messages';
import type { FormFiles } from '../types';
import styles from '../formEngine.module.css';
import type { WidgetProps } from './widgets';

export function fileValueOf(value: unknown): FileValue | null {
  return value && typeof value === 'object' && !Array.isArray(value) && typeof (value as FileValue).fileName === 'string' ? (value as FileValue) : null;
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const MEGABYTE = 1024 * 1024;

/** "300 bytes", "12 kB", "10 MB" (MB as the server counts them: 1024 × 1024 bytes). */
function sizeText(intl: IntlShape, bytes: number): string {
  if (bytes < 1024) return intl.formatNumber(bytes, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  const [amount, unit] = bytes < MEGABYTE ? [bytes / 1024, 'kilobyte'] : [bytes / MEGABYTE, 'megabyte'];
  return intl.formatNumber(amount, { style: 'unit', unit, maximumFractionDigits: 1 });
}

/**
 * Why the chosen file cannot go to this field, or null: the rule of the server's upload check
 * (an `accept` entry starting with a dot is an extension of the name, anything else a MIME type),
 * so a refusal costs no upload.
 */
function refusalOf(intl: IntlShape, field: FieldDescriptor, file: File): string | null {
  if (field.type !== 'fileUpload') return null;
  const { accept, maxSizeBytes } = field;
  if (accept && accept.length > 0) {
    const name = file.name.toLowerCase();
    const type = file.type.split(';')[0].trim().toLowerCase() || 'application/octet-stream';
    const accepted = accept.some((entry) => (entry.startsWith('.') ? name.endsWith(entry.toLowerCase()) : entry.toLowerCase() === type));
    if (!accepted) return intl.formatMessage(messages.fileTypeRefused, { name: file.name, types: accept.join(', ') });
  }
  if (maxSizeBytes !== undefined && file.size > maxSizeBytes) {
    return intl.formatMessage(messages.fileTooLarge, { name: file.name, size: sizeText(intl, file.size), limit: sizeText(intl, maxSizeBytes) });
  }
  return null;
}

interface DownloadProps {
  files: FormFiles;
  path: string;
  file: FileValue;
  /** The field's DOM id, for the ids of the failure text. */
  id: string;
}

/** The stored file as a "Download <name>" button and its size; a failed download says why next to it. */
export function FileDownload({ files, path, file, id }: DownloadProps): ReactElement {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = `${id}-download-failure`;
  const download = (): void => {
    setBusy(true);
    setFailure(null);
    files.download(path, file).then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        setFailure(intl.formatMessage(messages.downloadFailed, { name: file.fileName, reason: reasonOf(error) }));
      },
    );
  };
  return (
    <>
      <Button size="compact-sm" variant="light" loading={busy} aria-describedby={failure ? failureId : undefined} onClick={download}>
        {intl.formatMessage(messages.downloadFile, { name: file.fileName })}
      </Button>
      {file.size !== undefined && <span>{intl.formatMessage(messages.fileSize, { size: file.size })}</span>}
      {failure && (
        <span id={failureId} className={`${styles.issues} ${styles.error}`} role="alert">
          {failure}
        </span>
      )}
    </>
  );
}

export function FileWidget(props: WidgetProps & { path: string }): ReactElement {
  const files = useContext(EngineSettingsContext)?.files;
  return files ? <UploadingFileWidget {...props} files={files} /> : <LocalFileWidget {...props} />;
}

/** The sandbox: no store, so the chosen file is recorded by name, size and type only. */
function LocalFileWidget({ field, id, value, describedBy, invalid, required, onChange, onBlur }: WidgetProps): ReactElement {
  const intl = useIntl();
  const file = fileValueOf(value);
  const accept = field.type === 'fileUpload' ? field.accept?.join(',') : undefined;
  return (
    <div className={styles.row}>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onBlur={onBlur}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (!chosen) return;
          // The id marks the reference as never uploaded.
          onChange({ fileId: `local:${chosen.name}:${chosen.size}`, fileName: chosen.name, size: chosen.size, mimeType: chosen.type });
        }}
      />
      {file && (
        <>
          <span>{intl.formatMessage(messages.selectedFile, { name: file.fileName, size: file.size ?? 0 })}</span>
          <Button size="compact-sm" variant="default" onClick={() => onChange(null)}>
            {intl.formatMessage(messages.removeFile)}
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * With the host's store: a chosen file is checked against the field's `accept` and
 * `maxSizeBytes`, uploaded (the input disabled, "Uploading <name>…" meanwhile) and only then
 * becomes the value. A refusal is shown at the field and the previous value stays.
 */
function UploadingFileWidget({ field, id, path, value, describedBy, invalid, required, onChange, onBlur, files }: WidgetProps & { path: string; files: FormFiles }): ReactElement {
  const intl = useIntl();
  const [uploading, setUploading] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // An upload that ends after the field left the screen (a section switch, a reload) changes nothing.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const file = fileValueOf(value);
  const accept = field.type === 'fileUpload' ? field.accept?.join(',') : undefined;
  const statusId = `${id}-upload-status`;
  const refusalId = `${id}-upload-refusal`;
  const described = [describedBy, uploading ? statusId : undefined, refusal ? refusalId : undefined].filter(Boolean).join(' ') || undefined;

  const upload = async (chosen: File): Promise<void> => {
    const refused = refusalOf(intl, field, chosen);
    setRefusal(refused);
    if (refused) return;
    setUploading(chosen.name);
    try {
      const stored = await files.upload(path, chosen);
      if (mounted.current) onChange(stored);
    } catch (error) {
      if (mounted.current) setRefusal(intl.formatMessage(messages.uploadFailed, { name: chosen.name, reason: reasonOf(error) }));
    } finally {
      if (mounted.current) setUploading(null);
    }
  };

  return (
    <div>
      <div className={styles.row}>
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={uploading !== null}
          aria-describedby={described}
          aria-invalid={invalid || refusal !== null || undefined}
          aria-required={required || undefined}
          onBlur={onBlur}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            // Emptied, so that choosing the same file again (after a refusal) is a change too; the
            // value is shown next to the input.
            e.target.value = '';
            if (chosen) void upload(chosen);
          }}
        />
        {file && <FileDownload files={files} path={path} file={file} id={id} />}
        {file && (
          <Button size="compact-sm" variant="default" disabled={uploading !== null} onClick={() => onChange(null)}>
            {intl.formatMessage(messages.removeFile)}
          </Button>
        )}
      </div>
      {uploading !== null && (
        <p id={statusId} className={styles.help} role="status">
          {intl.formatMessage(messages.uploading, { name: uploading })}
        </p>
      )}
      {refusal && (
        <p id={refusalId} className={`${styles.issues} ${styles.error}`} role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

export function GeneListWidget({ descriptor, field, id, value, describedBy, onChange, onBlur }: WidgetProps): ReactElement {
  const intl = useIntl();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const genes = Array.isArray(value) ? (value as GeneEntry[]) : [];
  const classes = field.type === 'geneList' && field.classificationOptions ? (descriptor.valueLabelMap[field.classificationOptions] ?? []) : [];
  const refusalId = `${id}-refusal`;

  const add = (): void => {
    const gene = draft.trim();
    if (gene === '') return setRefusal(issueText(intl, { key: 'form.geneRequired', context: {} }));
    if (genes.some((g) => g.gene.trim().toUpperCase() === gene.toUpperCase())) {
      return setRefusal(issueText(intl, { key: 'form.geneDuplicate', context: { gene } }));
    }
    setRefusal(null);
    setDraft('');
    onChange([...genes, { gene }]);
  };
  const update = (i: number, patch: Partial<GeneEntry>): void => onChange(genes.map((g, j) => (j === i ? { ...g, ...patch } : g)));

  return (
    <div>
      {genes.map((g, i) => (
        <div key={g.gene} className={styles.row}>
          <strong>{g.gene}</strong>
          <input
            className={styles.input}
            aria-label={`${g.gene}: ${intl.formatMessage(messages.variant)}`}
            value={g.variant ?? ''}
            onChange={(e) => update(i, { variant: e.target.value })}
            onBlur={onBlur}
          />
          {classes.length > 0 && (
            <select
              className={styles.input}
              aria-label={`${g.gene}: ${intl.formatMessage(messages.classification)}`}
              value={g.classification ?? ''}
              onChange={(e) => update(i, { classification: e.target.value })}
              onBlur={onBlur}
            >
              <option value="">{intl.formatMessage(messages.choose)}</option>
              {classes.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
          <Button size="compact-sm" variant="default" onClick={() => onChange(genes.filter((_, j) => j !== i))}>
            {intl.formatMessage(messages.removeGene, { gene: g.gene })}
          </Button>
        </div>
      ))}
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          aria-label={intl.formatMessage(messages.newGene)}
          aria-describedby={[describedBy, refusal ? refusalId : undefined].filter(Boolean).join(' ') || undefined}
          aria-invalid={refusal ? true : undefined}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the gene instead of submitting the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button size="compact-sm" onClick={add}>
          {intl.formatMessage(messages.addGene)}
        </Button>
      </div>
      {refusal && (
        <p id={refusalId} className={`${styles.issues} ${styles.error}`} role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
