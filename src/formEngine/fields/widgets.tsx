// Editable inputs per field type: native elements (fast to mount, labelled by <label for> or
// <fieldset><legend>), all reporting through onChange/onBlur to the engine store.
import { useState, type ChangeEvent, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { SEARCHABLE_OPTION_THRESHOLD, toBooleanValue, type FieldDescriptor, type FieldValue, type FormDescriptor } from '../../domain/forms';
import { messages } from '../messages';
import styles from '../formEngine.module.css';

export interface WidgetProps {
  descriptor: FormDescriptor;
  field: FieldDescriptor;
  id: string;
  label: string;
  value: FieldValue;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
}

const text = (value: FieldValue): string => (value === null || value === undefined ? '' : String(value));

const DATE_INPUT_TYPES = { date: 'date', datetime: 'datetime-local', time: 'time' } as const;

/** Whether the field renders as a group of choices (fieldset + legend) when editable. */
export function isGroupWidget(field: FieldDescriptor): boolean {
  return (
    (field.type === 'singleChoice' && field.widget === 'radio') || field.type === 'multipleChoice' || field.type === 'boolean' || field.type === 'geneList'
  );
}

export function TextWidget({ field, id, value, describedBy, invalid, required, onChange, onBlur }: WidgetProps): ReactElement {
  const common = {
    id,
    value: text(value),
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    onBlur,
  };
  if (field.type === 'longText') {
    return <textarea {...common} className={styles.textarea} onChange={(e) => onChange(e.target.value)} />;
  }
  if (field.type === 'date' || field.type === 'datetime' || field.type === 'time') {
    return <input {...common} type={DATE_INPUT_TYPES[field.type]} className={styles.input} onChange={(e) => onChange(e.target.value)} />;
  }
  const numeric = field.type === 'integer' || field.type === 'decimal';
  return (
    <input
      {...common}
      type="text"
      inputMode={field.type === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
      className={styles.input}
      // Numbers keep the text as typed ("12," mid-typing); the domain reads numeric text.
      onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
    />
  );
}

export function SelectWidget({ descriptor, field, id, label, value, describedBy, invalid, required, onChange, onBlur }: WidgetProps): ReactElement {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const options = field.type === 'singleChoice' ? (descriptor.valueLabelMap[field.options] ?? []) : [];
  const searchable = options.length > SEARCHABLE_OPTION_THRESHOLD;
  const needle = query.trim().toLowerCase();
  const shown = needle === '' ? options : options.filter((o) => o.value === value || o.label.toLowerCase().includes(needle));
  return (
    <>
      {searchable && (
        <input
          type="search"
          className={styles.input}
          aria-label={intl.formatMessage(messages.searchOptions, { label })}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <select
        id={id}
        className={styles.input}
        value={text(value)}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{intl.formatMessage(messages.choose)}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}

export function ChoiceGroupWidget({ descriptor, field, id, value, onChange, onBlur }: WidgetProps): ReactElement {
  const intl = useIntl();
  if (field.type === 'boolean') {
    const current = toBooleanValue(value);
    const options = [
      { key: 'true', checked: current === true, label: intl.formatMessage(messages.yes), next: true },
      { key: 'false', checked: current === false, label: intl.formatMessage(messages.no), next: false },
    ];
    return (
      <div className={styles.choices}>
        {options.map((o, i) => (
          <label key={o.key} className={styles.choice}>
            <input type="radio" id={i === 0 ? id : undefined} name={id} checked={o.checked} onChange={() => onChange(o.next)} onBlur={onBlur} />
            {o.label}
          </label>
        ))}
      </div>
    );
  }
  const optionsKey = field.type === 'singleChoice' || field.type === 'multipleChoice' ? field.options : '';
  const options = descriptor.valueLabelMap[optionsKey] ?? [];
  const multiple = field.type === 'multipleChoice';
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const toggle = (option: string, on: boolean): void => {
    const next = on ? [...selected, option] : selected.filter((v) => v !== option);
    // Keep the descriptor's option order so that equal selections compare equal.
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <div className={styles.choices}>
      {options.map((o, i) => (
        <label key={o.value} className={styles.choice}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            id={i === 0 ? id : undefined}
            name={id}
            value={o.value}
            checked={multiple ? selected.includes(o.value) : text(value) === o.value}
            onChange={(e) => (multiple ? toggle(o.value, e.target.checked) : onChange(o.value))}
            onBlur={onBlur}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
