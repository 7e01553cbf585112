// Small descriptors for the tests, built as plain JSON and passed through the real loader.
import { loadDescriptorOrThrow, type FieldDescriptor, type FormDescriptor } from '../../../src/domain/forms';

type AnyField = Record<string, unknown> & { id: string; type: string };

function collectIds(fields: readonly AnyField[], into: string[]): string[] {
  for (const field of fields) {
    into.push((field.label as string | undefined) ?? field.id);
    if (field.type === 'staticText') into.push(field.text as string);
    if (Array.isArray(field.fields)) collectIds(field.fields as AnyField[], into);
  }
  return into;
}

export const HEADER: AnyField[] = [
  { id: 'patient', type: 'text', role: 'patient' },
  { id: 'physician', type: 'text', role: 'physician' },
  { id: 'visitStart', type: 'datetime', role: 'startDatetime' },
];

/** A raw descriptor document: one section holding `fields`, labels made up from the ids. */
export function rawDescriptor(fields: AnyField[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const keys = collectIds([...HEADER, ...fields], []);
  return {
    formTypeId: 1,
    version: 1,
    locale: 'en',
    displayId: 'TEST',
    behaviorType: 'any',
    sections: [{ id: 's1' }],
    commonDataFields: structuredClone(HEADER),
    form: { sections: [{ id: 's1', fields }] },
    labels: Object.fromEntries([...keys, 's1'].map((key) => [key, `L:${key}`])),
    valueLabelMap: {
      yesNoUnknown: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
        { value: 'unknown', label: 'Unknown' },
      ],
    },
    ...extra,
  };
}

export function descriptorOf(fields: AnyField[], extra: Record<string, unknown> = {}): FormDescriptor {
  return loadDescriptorOrThrow(rawDescriptor(fields, extra));
}

export type { AnyField, FieldDescriptor };

/**
 * A raw document the tests edit at arbitrary depth to break it on purpose; typing every edit
 * would only restate the descriptor types that the loader is there to check.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = Record<string, any>;
