// A flat index over the field tree of a (structurally valid) descriptor: where each field sits,
// which multi-field and dependent group enclose it, and its document order. Built once per
// descriptor; everything per keystroke is then a Map lookup instead of a tree walk.
import { FIELD_TYPES, type HeaderRole } from './constants';
import type { FieldDescriptor, FormDescriptor } from './types';

export interface FieldInfo {
  field: FieldDescriptor;
  /** Where the field sits in the descriptor document, for loader messages. */
  descriptorPath: string;
  /** Section id; `null` for header (commonDataFields) fields. */
  sectionId: string | null;
  role?: HeaderRole;
  /** The enclosing multi-field: its children live in entries (`meds[2].dose`). */
  multiField: string | null;
  /** The nearest enclosing dependent group; the field is hidden while that group is. */
  group: string | null;
  /** Position in document order, header first. */
  order: number;
}

export interface FieldIndex {
  byId: ReadonlyMap<string, FieldInfo>;
  /** Every field in document order. */
  ordered: readonly FieldInfo[];
  /** Ids met more than once (the index keeps the first). */
  duplicates: readonly { id: string; descriptorPath: string }[];
}

export function childFields(field: FieldDescriptor): readonly FieldDescriptor[] {
  return field.type === FIELD_TYPES.multiField || field.type === FIELD_TYPES.dependentGroup ? field.fields : [];
}

/**
 * One indexed field. Its descriptor path is built when asked (the loader's messages): stored, it
 * would be a few string concatenations per field kept as long as the form is open, which on a
 * 2000-field form is a few hundred kilobytes for text nobody reads.
 */
class IndexedField implements FieldInfo {
  constructor(
    readonly field: FieldDescriptor,
    private readonly listPath: string,
    private readonly position: number,
    readonly sectionId: string | null,
    readonly multiField: string | null,
    readonly group: string | null,
    readonly order: number,
    readonly role?: HeaderRole,
  ) {}

  get descriptorPath(): string {
    return `${this.listPath}[${this.position}]`;
  }
}

export function buildFieldIndex(descriptor: FormDescriptor): FieldIndex {
  const byId = new Map<string, FieldInfo>();
  const ordered: FieldInfo[] = [];
  const duplicates: { id: string; descriptorPath: string }[] = [];

  const add = (info: IndexedField): void => {
    if (byId.has(info.field.id)) {
      duplicates.push({ id: info.field.id, descriptorPath: info.descriptorPath });
      return;
    }
    byId.set(info.field.id, info);
    ordered.push(info);
  };

  const walk = (
    fields: readonly FieldDescriptor[],
    listPath: string,
    sectionId: string | null,
    multiField: string | null,
    group: string | null,
  ): void => {
    fields.forEach((field, i) => {
      add(new IndexedField(field, listPath, i, sectionId, multiField, group, ordered.length));
      if (field.type === FIELD_TYPES.multiField) walk(field.fields, `${listPath}[${i}].fields`, sectionId, field.id, group);
      if (field.type === FIELD_TYPES.dependentGroup) {
        walk(field.fields, `${listPath}[${i}].fields`, sectionId, multiField, field.id);
      }
    });
  };

  descriptor.commonDataFields.forEach((field, i) => {
    add(new IndexedField(field, 'commonDataFields', i, null, null, null, ordered.length, field.role));
  });
  descriptor.form.sections.forEach((section, s) => {
    walk(section.fields, `form.sections[${s}].fields`, section.id, null, null);
  });
  return { byId, ordered, duplicates };
}

// The index is derived data of an immutable descriptor, so one per descriptor object suffices.
const indexCache = new WeakMap<FormDescriptor, FieldIndex>();

export function fieldIndexOf(descriptor: FormDescriptor): FieldIndex {
  let index = indexCache.get(descriptor);
  if (!index) {
    index = buildFieldIndex(descriptor);
    indexCache.set(descriptor, index);
  }
  return index;
}

/** The label key of a field (its id unless it names another). */
export function labelKeyOf(field: FieldDescriptor): string {
  return field.label ?? field.id;
}

/** A field's label in the descriptor's locale, falling back to its id. */
export function fieldLabel(descriptor: FormDescriptor, fieldId: string): string {
  const info = fieldIndexOf(descriptor).byId.get(fieldId);
  const key = info ? labelKeyOf(info.field) : fieldId;
  return descriptor.labels[key] ?? fieldId;
}

/** Labels of the field and its enclosing groups, outermost first, for the validation pane. */
export function fieldLabelPath(descriptor: FormDescriptor, fieldId: string): string[] {
  const index = fieldIndexOf(descriptor);
  const chain: string[] = [];
  let info = index.byId.get(fieldId);
  while (info) {
    chain.unshift(fieldLabel(descriptor, info.field.id));
    const parent = info.group && info.multiField ? deeper(index, info.group, info.multiField) : (info.group ?? info.multiField);
    info = parent ? index.byId.get(parent) : undefined;
  }
  const sectionId = index.byId.get(fieldId)?.sectionId;
  if (sectionId) {
    const section = descriptor.sections.find((s) => s.id === sectionId);
    chain.unshift(descriptor.labels[section?.label ?? sectionId] ?? sectionId);
  }
  return chain;
}

/** Of a group and a multi-field that both enclose a field, the one nested deeper. */
function deeper(index: FieldIndex, a: string, b: string): string {
  const infoA = index.byId.get(a);
  const infoB = index.byId.get(b);
  return (infoA?.order ?? 0) > (infoB?.order ?? 0) ? a : b;
}

/** Option labels of a choice field; empty when the list is missing. */
export function optionLabel(descriptor: FormDescriptor, optionsKey: string, value: string): string {
  return descriptor.valueLabelMap[optionsKey]?.find((o) => o.value === value)?.label ?? value;
}
