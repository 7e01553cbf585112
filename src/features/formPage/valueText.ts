// How the form page names a field and shows a stored value outside the engine (the changes table
// and the history): labels from the descriptor where it has them, the raw path otherwise.
import type { IntlShape } from 'react-intl';
import {
  fieldIndexOf,
  fieldLabel,
  isEmptyFieldValue,
  optionLabel,
  parsePath,
  toBooleanValue,
  type FieldValue,
  type FormDescriptor,
} from '../../domain/forms';
import { messages } from './messages';

/** `meds[1].dose` -> "Medication 2 › Dose"; the raw path when the descriptor does not know it. */
export function pathLabel(intl: IntlShape, descriptor: FormDescriptor | null, path: string): string {
  const segments = parsePath(path);
  if (!descriptor || !segments || segments.some((s) => !fieldIndexOf(descriptor).byId.has(s.id))) return path;
  return segments
    .map((s) => {
      const label = fieldLabel(descriptor, s.id);
      return s.index === undefined ? label : intl.formatMessage(messages.entryLabel, { field: label, number: s.index + 1 });
    })
    .join(' › ');
}

/** The document order of a path's field, for listing changes as the form shows them. */
export function pathOrder(descriptor: FormDescriptor | null, path: string): number {
  const id = parsePath(path)?.[0]?.id ?? path;
  return (descriptor && fieldIndexOf(descriptor).byId.get(id)?.order) ?? Number.MAX_SAFE_INTEGER;
}

export function valueText(intl: IntlShape, descriptor: FormDescriptor | null, path: string, value: unknown): string {
  if (isEmptyFieldValue(value)) return intl.formatMessage(messages.emptyValue);
  const id = parsePath(path)?.at(-1)?.id;
  const field = descriptor && id ? fieldIndexOf(descriptor).byId.get(id)?.field : undefined;
  if (field?.type === 'singleChoice' && typeof value === 'string') return optionLabel(descriptor as FormDescriptor, field.options, value);
  if (field?.type === 'multipleChoice' && Array.isArray(value)) {
    return value.map((v) => optionLabel(descriptor as FormDescriptor, field.options, String(v))).join(', ');
  }
  if (field?.type === 'boolean') {
    const b = toBooleanValue(value as FieldValue);
    if (b === true) return intl.formatMessage(messages.yes);
    if (b === false) return intl.formatMessage(messages.no);
  }
  if (field?.type === 'geneList' && Array.isArray(value)) {
    return (value as { gene?: string; variant?: string }[]).map((g) => [g.gene, g.variant].filter(Boolean).join(' ')).join(', ');
  }
  if (field?.type === 'fileUpload' && typeof value === 'object' && value !== null && 'fileName' in value) return String(value.fileName);
  if (Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null)) {
    return intl.formatMessage(messages.entryCount, { count: value.length });
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}
