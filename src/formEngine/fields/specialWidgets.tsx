// The file upload (records name, size and type; the real upload arrives with the clinical core)
// and the gene list (a gene name is required, a duplicate gene is refused before it is added).
import { useState, type ReactElement } from 'react';
import { Button } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { FileValue, GeneEntry } from '../../domain/forms';
import { issueText } from '../issues';
import { messages } from '../messages';
import styles from '../formEngine.module.css';
import type { WidgetProps } from './widgets';

export function FileWidget({ field, id, value, describedBy, invalid, required, onChange, onBlur }: WidgetProps): ReactElement {
  const intl = useIntl();
  const file = value && typeof value === 'object' && !Array.isArray(value) ? (value as FileValue) : null;
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
          // A local reference until uploads exist; the id marks it as not yet on the server.
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
