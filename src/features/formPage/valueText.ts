// How the form page names a field and shows a stored value outside the engine (the changes table
// and the history): labels from the descriptor where it has them, the raw path otherwise; values
// as the form's read view shows them (option labels, units, dates and decimal comma per language).
import type { IntlShape } from 'react-intl';
import { fieldIndexOf, fieldLabel, isEmptyFieldValue, parsePath, type FieldValue, type FormDescriptor } from '../../domain/forms';
import { displayText } from '../../formEngine/fields/display';
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

/** The section of a path's field and the field's label: "Laboratory › ESR" (the path alone if unknown). */
export function sectionedPathLabel(intl: IntlShape, descriptor: FormDescriptor | null, path: string): string {
  const label = pathLabel(intl, descriptor, path);
  const id = parsePath(path)?.[0]?.id;
  const sectionId = descriptor && id ? fieldIndexOf(descriptor).byId.get(id)?.sectionId : undefined;
  const section = sectionId ? descriptor?.sections.find((s) => s.id === sectionId) : undefined;
  if (!descriptor || !section) return label;
  return `${descriptor.labels[section.label ?? section.id] ?? section.id} › ${label}`;
}

export function valueText(intl: IntlShape, descriptor: FormDescriptor | null, path: string, value: unknown): string {
  if (isEmptyFieldValue(value)) return intl.formatMessage(messages.emptyValue);
  const id = parsePath(path)?.at(-1)?.id;
  const field = descriptor && id ? fieldIndexOf(descriptor).byId.get(id)?.field : undefined;
  // A multi-field's entries are counted, not spelled out: each entry's own changes are listed.
  if (Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null) && field?.type !== 'geneList' && field?.type !== 'multipleChoice') {
    return intl.formatMessage(messages.entryCount, { count: value.length });
  }
  if (descriptor && field) return displayText(intl, descriptor, field, value as FieldValue);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}
