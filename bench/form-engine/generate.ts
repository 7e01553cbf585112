// Benchmark descriptors: N top-level fields in sections of 25, in a repeating block of 20 slots:
// 40% text, 20% number with min/max, 15% single choice of 5, 10% date, 10% boolean, 5% calculated
// (sum of two earlier numbers). Each boolean gates a dependent group of 3 text fields (so every
// 10th field is a gate; the group fields come on top of N). 30% of the N fields are mandatory.
import type { FormValues } from '../../src/domain/forms';

type Kind = 'text' | 'number' | 'choice' | 'date' | 'gate' | 'calc';
const SLOTS: readonly Kind[] = [
  'text', 'number', 'text', 'choice', 'date', 'text', 'number', 'text', 'choice', 'gate',
  'text', 'number', 'date', 'text', 'choice', 'text', 'number', 'text', 'calc', 'gate',
];
export const SECTION_SIZE = 25;

export function kindAt(i: number): Kind {
  return SLOTS[i % SLOTS.length];
}

const fieldId = (i: number): string => `f${i}`;

/** Builds a descriptor document for loadDescriptor. */
export function generateDescriptor(n: number): Record<string, unknown> {
  const labels: Record<string, string> = { patient: 'Patient', physician: 'Physician' };
  const sections: { id: string; fields: Record<string, unknown>[] }[] = [];
  for (let i = 0; i < n; i += 1) {
    if (i % SECTION_SIZE === 0) {
      const id = `s${i / SECTION_SIZE}`;
      sections.push({ id, fields: [] });
      labels[id] = `Section ${i / SECTION_SIZE + 1}`;
    }
    const id = fieldId(i);
    labels[id] = `Field ${i + 1}`;
    const kind = kindAt(i);
    const mandatory = kind !== 'gate' && kind !== 'calc' && [0, 3, 6].includes(i % 10) ? { mandatory: true } : {};
    const fields = sections[sections.length - 1].fields;
    switch (kind) {
      case 'text':
        fields.push({ id, type: 'text', maxLength: 100, ...mandatory });
        break;
      case 'number':
        fields.push({ id, type: 'integer', min: 0, max: 100, ...mandatory });
        break;
      case 'choice':
        fields.push({ id, type: 'singleChoice', options: 'five', ...mandatory });
        break;
      case 'date':
        fields.push({ id, type: 'date', ...mandatory });
        break;
      case 'calc': {
        // The numbers at slots 11 and 16 of the same block come earlier.
        const block = i - (i % SLOTS.length);
        const params = [fieldId(block + 11), fieldId(block + 16)];
        fields.push({ id, type: 'calculated', formula: `${params[0]} + ${params[1]}`, parameters: params });
        break;
      }
      case 'gate': {
        fields.push({ id, type: 'boolean' });
        const group = `${id}g`;
        labels[group] = `Details of field ${i + 1}`;
        const children = [0, 1, 2].map((k) => {
          labels[`${group}${k}`] = `Detail ${k + 1} of field ${i + 1}`;
          return { id: `${group}${k}`, type: 'text', maxLength: 100 };
        });
        fields.push({ id: group, type: 'dependentGroup', referenceField: id, condition: `${id} = true`, fields: children });
        break;
      }
    }
  }
  return {
    formTypeId: 9000 + n,
    version: 1,
    locale: 'en',
    displayId: `BENCH-${n}`,
    behaviorType: 'any',
    sections: sections.map((s) => ({ id: s.id })),
    commonDataFields: [
      { id: 'patient', type: 'text', role: 'patient' },
      { id: 'physician', type: 'text', role: 'physician' },
    ],
    form: { sections },
    labels,
    valueLabelMap: { five: ['a', 'b', 'c', 'd', 'e'].map((v) => ({ value: v, label: `Option ${v.toUpperCase()}` })) },
    indispensableFields: [],
    personalDataFields: [],
  };
}

/** Header filled (so saving is possible) and every number out of range (invalid on submit). */
export function generateValues(n: number): FormValues {
  const values: FormValues = { patient: 'P-1', physician: 'Dr. Bench' };
  for (let i = 0; i < n; i += 1) if (kindAt(i) === 'number') values[fieldId(i)] = 999;
  return values;
}
