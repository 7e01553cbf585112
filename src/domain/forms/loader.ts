// loadDescriptor: the one way a descriptor document enters the engine (seed, database, upload).
// It checks the structure, then the references, and returns a normalised descriptor or every
// problem found, each naming its path, e.g. `form.sections[2].fields[5].min: must be a number`.
import { ALWAYS_MANDATORY_HEADER_ROLES } from './constants';
import { buildFieldIndex } from './fieldIndex';
import { checkReferences } from './loaderReferences';
import {
  checkField,
  checkFieldList,
  checkTopLevel,
  expect,
  isObject,
  rejectUnknownKeys,
  type DescriptorIssue,
  type Json,
  type Report,
} from './loaderStructure';
import type { FormDescriptor } from './types';

export { COMMON_FIELD_PROPERTIES, FIELD_PROPERTIES_BY_TYPE, type DescriptorIssue } from './loaderStructure';

export type LoadResult = { ok: true; descriptor: FormDescriptor } | { ok: false; errors: DescriptorIssue[] };

/** Thrown by loadDescriptorOrThrow; the message lists the first problems with their paths. */
export class DescriptorError extends Error {
  constructor(readonly errors: DescriptorIssue[]) {
    const shown = errors.slice(0, 10).map((e) => `${e.path}: ${e.message}`);
    super(`Invalid form descriptor: ${shown.join('; ')}${errors.length > 10 ? `; and ${errors.length - 10} more` : ''}`);
    this.name = 'DescriptorError';
  }
}

function checkRecord(doc: Json, key: string, report: Report, valueCheck: (value: unknown, path: string) => void): void {
  const value = doc[key];
  if (value === undefined) return;
  if (!isObject(value)) return report(key, 'must be an object');
  for (const [name, item] of Object.entries(value)) valueCheck(item, `${key}.${name}`);
}

function checkStructure(doc: Json, report: Report): void {
  checkTopLevel(doc, report);
  if (!Array.isArray(doc.sections)) report('sections', doc.sections === undefined ? 'is required' : 'must be an array');
  else {
    if (doc.sections.length === 0) report('sections', 'must not be empty');
    doc.sections.forEach((section, i) => {
      if (!isObject(section)) return report(`sections[${i}]`, 'must be an object');
      rejectUnknownKeys(section, `sections[${i}]`, ['id', 'label'], report);
      expect(section, 'id', `sections[${i}]`, 'string', report, true);
      expect(section, 'label', `sections[${i}]`, 'string', report);
    });
  }
  if (!Array.isArray(doc.commonDataFields)) {
    report('commonDataFields', doc.commonDataFields === undefined ? 'is required' : 'must be an array');
  } else doc.commonDataFields.forEach((field, i) => checkField(field, `commonDataFields[${i}]`, report, true));
  if (!isObject(doc.form)) report('form', doc.form === undefined ? 'is required' : 'must be an object');
  else {
    rejectUnknownKeys(doc.form, 'form', ['sections'], report);
    if (!Array.isArray(doc.form.sections)) report('form.sections', 'must be an array');
    else {
      doc.form.sections.forEach((section, i) => {
        const at = `form.sections[${i}]`;
        if (!isObject(section)) return report(at, 'must be an object');
        rejectUnknownKeys(section, at, ['id', 'fields'], report);
        expect(section, 'id', at, 'string', report, true);
        checkFieldList(section.fields, `${at}.fields`, report);
      });
    }
  }
  if (!isObject(doc.labels)) report('labels', doc.labels === undefined ? 'is required' : 'must be an object');
  else checkRecord(doc, 'labels', report, (value, path) => typeof value !== 'string' && report(path, 'must be a string'));
  checkRecord(doc, 'valueLabelMap', report, (list, path) => {
    if (!Array.isArray(list)) return report(path, 'must be an array');
    const seen = new Set<string>();
    list.forEach((option, i) => {
      const at = `${path}[${i}]`;
      if (!isObject(option)) return report(at, 'must be an object');
      rejectUnknownKeys(option, at, ['value', 'label'], report);
      expect(option, 'label', at, 'string', report, true);
      if (expect(option, 'value', at, 'string', report, true)) {
        if (seen.has(option.value as string)) report(`${at}.value`, `duplicate option value "${option.value as string}"`);
        seen.add(option.value as string);
      }
    });
  });
  checkRecord(doc, 'fieldSections', report, (value, path) => typeof value !== 'string' && report(path, 'must be a string'));
  checkRecord(doc, 'fieldOrders', report, (value, path) => !Number.isFinite(value) && report(path, 'must be a number'));
}

/** Fills the derived parts: field sections and orders when absent. */
function normalise(doc: Json): FormDescriptor {
  const draft = {
    ...doc,
    valueLabelMap: doc.valueLabelMap ?? {},
    indispensableFields: doc.indispensableFields ?? [],
    personalDataFields: doc.personalDataFields ?? [],
    fieldSections: doc.fieldSections ?? {},
    fieldOrders: doc.fieldOrders ?? {},
  } as FormDescriptor;
  const index = buildFieldIndex(draft);
  const descriptor: FormDescriptor = structuredClone(draft);
  if (doc.fieldSections === undefined) {
    for (const info of index.ordered) if (info.sectionId) descriptor.fieldSections[info.field.id] = info.sectionId;
  }
  if (doc.fieldOrders === undefined) {
    for (const info of index.ordered) descriptor.fieldOrders[info.field.id] = info.order;
  }
  return descriptor;
}

function withMandatoryHeader(descriptor: FormDescriptor): FormDescriptor {
  const header = descriptor.commonDataFields.filter((f) => ALWAYS_MANDATORY_HEADER_ROLES.includes(f.role)).map((f) => f.id);
  return { ...descriptor, indispensableFields: [...new Set([...header, ...descriptor.indispensableFields])] };
}

export function loadDescriptor(json: unknown): LoadResult {
  const errors: DescriptorIssue[] = [];
  const report: Report = (path, message) => {
    errors.push({ path, message });
  };
  if (!isObject(json)) return { ok: false, errors: [{ path: '', message: 'must be an object' }] };
  checkStructure(json, report);
  // References are only meaningful over a well-formed tree.
  if (errors.length > 0) return { ok: false, errors };
  const descriptor = normalise(json);
  checkReferences(descriptor, buildFieldIndex(descriptor), report);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, descriptor: withMandatoryHeader(descriptor) };
}

export function loadDescriptorOrThrow(json: unknown): FormDescriptor {
  const result = loadDescriptor(json);
  if (!result.ok) throw new DescriptorError(result.errors);
  return result.descriptor;
}

/** `path: message` lines, for logs and the upload dialog. */
export function formatDescriptorErrors(errors: readonly DescriptorIssue[]): string[] {
  return errors.map((e) => (e.path === '' ? e.message : `${e.path}: ${e.message}`));
}
