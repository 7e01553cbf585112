// A compact way to write the bilingual demo descriptors: each label is a [hu, en] pair next to its
// field, and buildDemoDescriptor turns one source into the descriptor document of one locale (the
// format keeps one locale per descriptor). The output is plain JSON for loadDescriptor.
import type { FieldType, FormLocale, HeaderRole } from '../constants';

/** A label in Hungarian and English. */
export type Bilingual = readonly [hu: string, en: string];

export interface DemoField {
  id: string;
  type: FieldType;
  label: Bilingual;
  help?: Bilingual;
  text?: Bilingual;
  fields?: DemoField[];
  role?: HeaderRole;
  [rule: string]: unknown;
}

export interface DemoForm {
  formTypeId: number;
  version: number;
  displayId: string;
  behaviorType: 'attendance_start' | 'any';
  header: DemoField[];
  sections: { id: string; label: Bilingual; fields: DemoField[] }[];
  /** Option lists: [stored value, hu label, en label]. */
  options: Record<string, readonly (readonly [string, string, string])[]>;
  indispensableFields?: string[];
  personalDataFields?: string[];
}

type Rules = Record<string, unknown>;
const field = (type: FieldType) => (id: string, label: Bilingual, rules: Rules = {}): DemoField => ({ id, type, label, ...rules });

/** Field makers; the third argument carries the rules of the descriptor format. */
export const f = {
  text: field('text'),
  longText: field('longText'),
  integer: field('integer'),
  decimal: field('decimal'),
  date: field('date'),
  datetime: field('datetime'),
  time: field('time'),
  boolean: field('boolean'),
  fileUpload: field('fileUpload'),
  geneList: field('geneList'),
  single: (id: string, label: Bilingual, options: string, rules: Rules = {}): DemoField => ({ id, type: 'singleChoice', label, options, ...rules }),
  multiple: (id: string, label: Bilingual, options: string, rules: Rules = {}): DemoField => ({ id, type: 'multipleChoice', label, options, ...rules }),
  calculated: (id: string, label: Bilingual, formula: string, parameters: string[], rules: Rules = {}): DemoField => ({
    id,
    type: 'calculated',
    label,
    formula,
    parameters,
    ...rules,
  }),
  group: (id: string, label: Bilingual, referenceField: string, condition: string, fields: DemoField[]): DemoField => ({
    id,
    type: 'dependentGroup',
    label,
    referenceField,
    condition,
    fields,
  }),
  multiField: (id: string, label: Bilingual, fields: DemoField[], rules: Rules = {}): DemoField => ({ id, type: 'multiField', label, fields, ...rules }),
  info: (id: string, label: Bilingual, text: Bilingual): DemoField => ({ id, type: 'staticText', label, text }),
};

function pick(text: Bilingual, locale: FormLocale): string {
  return locale === 'hu' ? text[0] : text[1];
}

function buildField(source: DemoField, locale: FormLocale, labels: Record<string, string>): Record<string, unknown> {
  const { label, help, text, fields, ...rules } = source;
  labels[source.id] = pick(label, locale);
  const out: Record<string, unknown> = { ...rules };
  // A unit that is a word ("days") is written in both languages; symbols (mg/L) stay one string.
  if (Array.isArray(rules.unit)) out.unit = pick(rules.unit as unknown as Bilingual, locale);
  if (help) {
    labels[`${source.id}.help`] = pick(help, locale);
    out.help = `${source.id}.help`;
  }
  if (text) {
    labels[`${source.id}.text`] = pick(text, locale);
    out.text = `${source.id}.text`;
  }
  if (fields) out.fields = fields.map((child) => buildField(child, locale, labels));
  return out;
}

export function buildDemoDescriptor(form: DemoForm, locale: FormLocale): Record<string, unknown> {
  const labels: Record<string, string> = {};
  const header = form.header.map((h) => buildField(h, locale, labels));
  const sections = form.sections.map((section) => {
    labels[section.id] = pick(section.label, locale);
    return { id: section.id, fields: section.fields.map((child) => buildField(child, locale, labels)) };
  });
  const valueLabelMap = Object.fromEntries(
    Object.entries(form.options).map(([key, list]) => [key, list.map(([value, hu, en]) => ({ value, label: locale === 'hu' ? hu : en }))]),
  );
  return {
    formTypeId: form.formTypeId,
    version: form.version,
    locale,
    displayId: form.displayId,
    behaviorType: form.behaviorType,
    sections: form.sections.map((s) => ({ id: s.id })),
    commonDataFields: header,
    form: { sections },
    labels,
    valueLabelMap,
    indispensableFields: form.indispensableFields ?? [],
    personalDataFields: form.personalDataFields ?? [],
  };
}
