// Reference checks of a structurally valid descriptor: every id a field names exists and is
// reachable from where it is named, expressions parse, labels and option lists exist, and the
// calculated fields and group predicates have no dependency cycle.
import { FIELD_TYPES, HEADER_ROLES } from './constants';
import { parseExpression, RESERVED_WORDS } from './expression';
import type { FieldIndex, FieldInfo } from './fieldIndex';
import { labelKeyOf } from './fieldIndex';
import { buildDependencyGraph } from './graph';
import type { Report } from './loaderStructure';
import type { FieldDescriptor, FormDescriptor } from './types';

const ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DATE_TYPES: ReadonlySet<string> = new Set([FIELD_TYPES.date, FIELD_TYPES.datetime, FIELD_TYPES.time]);

function checkTarget(index: FieldIndex, from: FieldInfo, target: string, at: string, report: Report): FieldInfo | undefined {
  const info = index.byId.get(target);
  if (!info) {
    report(at, `refers to unknown field "${target}"`);
    return undefined;
  }
  // Inside an entry a name means the sibling in the same entry; outside, an entry field has no single value.
  if (info.multiField !== null && info.multiField !== from.multiField) {
    report(at, `refers to "${target}" inside multi-field "${info.multiField}", which is not reachable from here`);
    return undefined;
  }
  if (info.field.type === FIELD_TYPES.dependentGroup || info.field.type === FIELD_TYPES.staticText) {
    report(at, `refers to "${target}", which holds no value`);
  }
  return info;
}

/** Whether field `id` sits (at any depth) inside dependent group `groupId`. */
function isInsideGroup(index: FieldIndex, id: string, groupId: string): boolean {
  for (let group = index.byId.get(id)?.group; group; group = index.byId.get(group)?.group) {
    if (group === groupId) return true;
  }
  return false;
}

function checkExpression(index: FieldIndex, info: FieldInfo, source: string, at: string, report: Report): string[] {
  const parsed = parseExpression(source);
  if (!parsed.ok) {
    report(at, parsed.error.message);
    return [];
  }
  for (const ref of parsed.expression.references) checkTarget(index, info, ref, at, report);
  return parsed.expression.references;
}

function checkFieldReferences(descriptor: FormDescriptor, index: FieldIndex, info: FieldInfo, report: Report): void {
  const { field, descriptorPath: at } = info;
  const label = (key: string, path: string): void => {
    if (descriptor.labels[key] === undefined) report(path, `has no label "${key}" in labels`);
  };
  if (!ID_PATTERN.test(field.id) || RESERVED_WORDS.has(field.id)) {
    report(`${at}.id`, 'must start with a letter or _, hold only letters, digits and _, and not be and, or, not, true, false or empty');
  }
  if (field.type === FIELD_TYPES.staticText) label(field.text, `${at}.text`);
  else label(labelKeyOf(field), `${at}.${field.label === undefined ? 'id' : 'label'}`);
  if (field.help !== undefined) label(field.help, `${at}.help`);
  field.atLeastOneOf?.forEach((id, i) => checkTarget(index, info, id, `${at}.atLeastOneOf[${i}]`, report));
  field.requiredWith?.forEach((id, i) => checkTarget(index, info, id, `${at}.requiredWith[${i}]`, report));
  if (field.compareWith) checkTarget(index, info, field.compareWith.field, `${at}.compareWith.field`, report);
  checkTypeReferences(descriptor, index, info, field, report);
}

function checkTypeReferences(descriptor: FormDescriptor, index: FieldIndex, info: FieldInfo, field: FieldDescriptor, report: Report): void {
  const at = info.descriptorPath;
  const options = (key: string, path: string): void => {
    if (!descriptor.valueLabelMap[key]) report(path, `has no option list "${key}" in valueLabelMap`);
  };
  switch (field.type) {
    case FIELD_TYPES.singleChoice:
    case FIELD_TYPES.multipleChoice:
      return options(field.options, `${at}.options`);
    case FIELD_TYPES.geneList:
      if (field.classificationOptions !== undefined) options(field.classificationOptions, `${at}.classificationOptions`);
      return;
    case FIELD_TYPES.date:
    case FIELD_TYPES.datetime:
    case FIELD_TYPES.time: {
      if (field.earlierThan === undefined) return;
      const target = checkTarget(index, info, field.earlierThan, `${at}.earlierThan`, report);
      if (target && !DATE_TYPES.has(target.field.type)) report(`${at}.earlierThan`, `refers to "${field.earlierThan}", which is not a date, date-time or time`);
      return;
    }
    case FIELD_TYPES.calculated: {
      field.parameters.forEach((id, i) => checkTarget(index, info, id, `${at}.parameters[${i}]`, report));
      const refs = checkExpression(index, info, field.formula, `${at}.formula`, report);
      for (const ref of refs) {
        if (!field.parameters.includes(ref)) report(`${at}.formula`, `reads "${ref}", which is not listed in parameters`);
      }
      return;
    }
    case FIELD_TYPES.dependentGroup: {
      checkTarget(index, info, field.referenceField, `${at}.referenceField`, report);
      const refs = checkExpression(index, info, field.condition, `${at}.condition`, report);
      for (const ref of refs) {
        if (isInsideGroup(index, ref, field.id)) report(`${at}.condition`, `reads "${ref}", which is inside this group`);
      }
      if (refs.length > 0 && !refs.includes(field.referenceField)) {
        report(`${at}.condition`, `does not read its referenceField "${field.referenceField}"`);
      }
      return;
    }
    case FIELD_TYPES.multiField:
      if (info.multiField !== null) report(at, 'a multi-field cannot be nested in another multi-field');
      return;
    default:
      return;
  }
}

export function checkReferences(descriptor: FormDescriptor, index: FieldIndex, report: Report): void {
  for (const { id, descriptorPath } of index.duplicates) report(`${descriptorPath}.id`, `duplicate field id "${id}"`);
  for (const info of index.ordered) checkFieldReferences(descriptor, index, info, report);

  descriptor.commonDataFields.forEach((field, i) => {
    if (field.type === FIELD_TYPES.multiField || field.type === FIELD_TYPES.dependentGroup || field.type === FIELD_TYPES.calculated) {
      report(`commonDataFields[${i}].type`, 'a header field must be a plain input');
    }
  });
  for (const role of [HEADER_ROLES.patient, HEADER_ROLES.physician]) {
    const count = descriptor.commonDataFields.filter((field) => field.role === role).length;
    if (count !== 1) report('commonDataFields', `must hold exactly one field with role "${role}" (found ${count})`);
  }

  const sectionIds = descriptor.sections.map((s) => s.id);
  descriptor.sections.forEach((section, i) => {
    const key = section.label ?? section.id;
    if (descriptor.labels[key] === undefined) report(`sections[${i}]`, `has no label "${key}" in labels`);
    if (sectionIds.indexOf(section.id) !== i) report(`sections[${i}].id`, `duplicate section id "${section.id}"`);
  });
  descriptor.form.sections.forEach((section, i) => {
    if (section.id !== sectionIds[i]) report(`form.sections[${i}].id`, `must be "${sectionIds[i] ?? '(none)'}", as in sections`);
  });
  if (descriptor.form.sections.length !== sectionIds.length) report('form.sections', `must hold the ${sectionIds.length} sections of sections`);

  for (const key of ['indispensableFields', 'personalDataFields'] as const) {
    descriptor[key].forEach((id, i) => {
      if (!index.byId.has(id)) report(`${key}[${i}]`, `refers to unknown field "${id}"`);
    });
  }
  for (const [id, sectionId] of Object.entries(descriptor.fieldSections)) {
    if (!index.byId.has(id)) report(`fieldSections.${id}`, `refers to unknown field "${id}"`);
    else if (!sectionIds.includes(sectionId)) report(`fieldSections.${id}`, `refers to unknown section "${sectionId}"`);
  }
  for (const id of Object.keys(descriptor.fieldOrders)) {
    if (!index.byId.has(id)) report(`fieldOrders.${id}`, `refers to unknown field "${id}"`);
  }

  const { cycle } = buildDependencyGraph(index);
  if (cycle) {
    const info = index.byId.get(cycle[0]) as FieldInfo;
    const where = info.field.type === FIELD_TYPES.calculated ? 'formula' : 'condition';
    report(`${info.descriptorPath}.${where}`, `circular dependency: ${cycle.join(' -> ')}`);
  }
}
