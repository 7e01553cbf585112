// Editable inputs per field type: native elements (fast to mount, labelled by <label for> or
// <fieldset><legend>), all reporting through onChange/onBlur to the engine store.
import { useState, type ChangeEvent, type ReactElement } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { SEARCHABLE_OPTION_THRESHOLD, toBooleanValue, type FieldDescriptor, type FieldValue, type FormDescriptor, type ValueLabel } from '../../domain/forms';
import { plainText } from '../issues';
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


/** Whether the field renders as a group of choices (fieldset + legend) when editable. */
export function isGroupWidget(field: FieldDescriptor): boolean {
  return (
    (field.type === 'singleChoice' && field.widget === 'radio') || field.type === 'multipleChoice' || field.type === 'boolean' || field.type === 'geneList'
  );
}

/** Text, number, time and long-text inputs: a plain render function (no hooks), one fiber per field. */
export function textInput({ field, id, value, describedBy, invalid, required, onChange, onBlur }: WidgetProps): ReactElement {
  // Numbers keep the text as typed ("12," mid-typing); the domain reads numeric text.
  const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void => onChange(e.target.value);
  // Written out rather than spread: this runs for every field of a submit, and spreads compile to helpers.
  if (field.type === 'longText') {
    return (
      <textarea
        id={id}
        value={text(value)}
        className={styles.textarea}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        onChange={change}
        onBlur={onBlur}
      />
    );
  }
  // Dates and date-times have their own input (DateFieldInput); a time of day is the browser's own.
  return (
    <input
      id={id}
      type={field.type === 'time' ? 'time' : 'text'}
      inputMode={field.type === 'integer' ? 'numeric' : field.type === 'decimal' ? 'decimal' : undefined}
      value={text(value)}
      className={styles.input}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      onChange={change}
      onBlur={onBlur}
    />
  );
}

/** A select of a few options: a plain render function; past the threshold, SearchableSelect. */
export function selectInput(props: WidgetProps, intl: IntlShape): ReactElement {
  const { descriptor, field } = props;
  const options = field.type === 'singleChoice' ? (descriptor.valueLabelMap[field.options] ?? []) : [];
  if (options.length > SEARCHABLE_OPTION_THRESHOLD) return <SearchableSelect {...props} />;
  return selectElement(props, { dangerouslySetInnerHTML: optionsMarkup(intl, options) });
}

// A fixed option list goes in as one HTML string shared by every select of that list: as React
// children, five options and "Choose…" are six more fibers, elements and DOM wrappers per select,
// a sixth of everything a 2000-field form keeps in memory. The options are real <option>s either
// way; React's `value` still selects among them. Labels and values are escaped.
const markupCache = new WeakMap<IntlShape, WeakMap<readonly ValueLabel[], { __html: string }>>();
const escapeHtml = (raw: string): string => raw.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function optionsMarkup(intl: IntlShape, options: readonly ValueLabel[]): { __html: string } {
  let byList = markupCache.get(intl);
  if (!byList) markupCache.set(intl, (byList = new WeakMap()));
  let markup = byList.get(options);
  if (!markup) {
    const html = [{ value: '', label: plainText(intl, messages.choose) }, ...options]
      .map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`)
      .join('');
    // One object per list, so React sees an unchanged prop and never rewrites the options.
    byList.set(options, (markup = { __html: html }));
  }
  return markup;
}

function selectElement(
  { id, value, describedBy, invalid, required, onChange, onBlur }: WidgetProps,
  content: { children: ReactElement[] } | { dangerouslySetInnerHTML: { __html: string } },
): ReactElement {
  return (
    <select
      id={id}
      className={styles.input}
      value={text(value)}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      {...content}
    />
  );
}

function SearchableSelect(props: WidgetProps): ReactElement {
  const { descriptor, field, label, value } = props;
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const options = field.type === 'singleChoice' ? (descriptor.valueLabelMap[field.options] ?? []) : [];
  const needle = query.trim().toLowerCase();
  const shown = needle === '' ? options : options.filter((o) => o.value === value || o.label.toLowerCase().includes(needle));
  return (
    <>
      <input
        type="search"
        className={styles.input}
        aria-label={intl.formatMessage(messages.searchOptions, { label })}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {selectElement(props, {
        children: [
          <option key="" value="">
            {plainText(intl, messages.choose)}
          </option>,
          ...shown.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          )),
        ],
      })}
    </>
  );
}

/** Radios and checkboxes (boolean, radio choice, multiple choice): a plain render function. */
export function choiceGroup({ descriptor, field, id, value, onChange, onBlur }: WidgetProps, intl: IntlShape): ReactElement {
  if (field.type === 'boolean') {
    const current = toBooleanValue(value);
    const options = [
      { key: 'true', checked: current === true, label: plainText(intl, messages.yes), next: true },
      { key: 'false', checked: current === false, label: plainText(intl, messages.no), next: false },
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
