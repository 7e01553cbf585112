// A REDCap data dictionary (CSV) -> a form descriptor document and the report of everything that
// was skipped or changed on the way. Pure: the caller loads the document with loadDescriptor and
// stores it only when the user confirms. The mapping is documented in docs/redcap-import.md.
import { RESERVED_WORDS } from '../expression';
import { readDictionary, type DictionaryProblem, type DictionaryRow } from './dictionary';
import type { ExpressionField } from './expression';
import { translateRedcapExpression } from './expression';
import { becomesField, buildFieldBody, expressionKind, plainText, type Json, type ReportEntry } from './fields';

export interface RedcapImportOptions {
  formTypeId: number;
  version: number;
  locale: 'hu' | 'en';
  displayId: string;
  behaviorType: 'attendance_start' | 'any';
  /** The header (patient, physician, ...) with its labels; default: a patient and a physician field. */
  header?: { fields: Json[]; labels: Record<string, string> };
}

export type RedcapImportResult = { ok: true; document: Json; report: ReportEntry[] } | { ok: false; errors: DictionaryProblem[] };

const DEFAULT_HEADER = {
  fields: [
    { id: 'patient', type: 'text', role: 'patient' },
    { id: 'physician', type: 'text', role: 'physician' },
  ],
  labels: { patient: 'Patient', physician: 'Physician' },
};
const VALID_ID = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Section {
  id: string;
  label: string;
  fields: Json[];
  /** The branching logic of the open dependent group, to add the next field with the same logic. */
  openGroup?: { logic: string; group: Json; reads: string[] };
}

function slug(text: string): string {
  const plain = plainText(text).toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40);
  return plain === '' ? 'section' : /^[a-z]/.test(plain) ? plain : `s_${plain}`;
}

function prettyFormName(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function translateRedcapDictionary(csv: string, options: RedcapImportOptions): RedcapImportResult {
  const read = readDictionary(csv);
  if (!read.ok) return read;
  const header = options.header ?? DEFAULT_HEADER;
  const report: ReportEntry[] = [];
  const taken = new Set(header.fields.map((f) => String(f.id)));
  const fields = new Map<string, ExpressionField>();
  const rows: (DictionaryRow & { id: string })[] = [];

  // REDCap's first field is the record id; our forms belong to a patient instead.
  const [first, ...rest] = read.rows;
  report.push({ row: first.row, variable: first.name, code: 'recordId', message: `the record id field "${first.name}" is not imported: a form belongs to a patient` });
  for (const row of rest) {
    if (!VALID_ID.test(row.name) || rows.some((r) => r.name.toLowerCase() === row.name.toLowerCase())) {
      report.push({ row: row.row, variable: row.name, code: 'duplicate', message: `the variable name "${row.name}" is empty, invalid or repeated; the row was skipped` });
      continue;
    }
    const name = row.name.toLowerCase();
    let id = name;
    if (taken.has(id) || RESERVED_WORDS.has(id)) {
      id = `${name}_rc`;
      report.push({ row: row.row, variable: row.name, code: 'renamed', message: `"${row.name}" is a reserved or header name and became "${id}"` });
    }
    taken.add(id);
    // A skipped row (unsupported type, bad choices) is no field: an expression reading it is reported.
    if (becomesField(row)) fields.set(name, { id, kind: expressionKind(row.fieldType) });
    rows.push({ ...row, id });
  }

  const sections: Section[] = [];
  const labels: Record<string, string> = { ...header.labels };
  const valueLabelMap: Record<string, { value: string; label: string }[]> = {};
  const personal: string[] = [];
  const sectionIds = new Set<string>();
  let formName: string | null = null;
  for (const row of rows) {
    const note = (code: ReportEntry['code'], message: string): void => {
      report.push({ row: row.row, variable: row.name, code, message });
    };
    const built = buildFieldBody(row, { id: row.id, fields, report: note });
    if (!built) continue;
    if (row.sectionHeader !== '' || row.formName !== formName || sections.length === 0) {
      let id = slug(row.sectionHeader || row.formName);
      while (sectionIds.has(id) || taken.has(id)) id = `${id}_${sectionIds.size + 1}`;
      sectionIds.add(id);
      const label = row.sectionHeader !== '' ? plainText(row.sectionHeader) : prettyFormName(row.formName || 'Form');
      sections.push({ id, label, fields: [] });
      labels[id] = label;
      formName = row.formName;
    }
    const section = sections[sections.length - 1];
    const field: Json = { id: row.id, ...built.field };
    labels[row.id] = plainText(row.label) || row.id;
    Object.assign(labels, built.labels);
    if (built.options) valueLabelMap[row.id] = built.options;
    if (row.note !== '') {
      const helpKey = `${row.id}_help`;
      labels[helpKey] = [plainText(row.note), typeof field.help === 'string' ? labels[field.help] : ''].filter((t) => t !== '').join('\n');
      field.help = helpKey;
    }
    if (row.required && field.type !== 'staticText' && field.type !== 'calculated') field.mandatory = true;
    if (row.identifier) personal.push(row.id);
    placeField(section, field, row, fields, note, labels);
  }
  if (sections.length === 0) return { ok: false, errors: [{ path: 'csv', message: 'holds no field that could be imported' }] };

  const document: Json = {
    formTypeId: options.formTypeId,
    version: options.version,
    locale: options.locale,
    displayId: options.displayId,
    behaviorType: options.behaviorType,
    sections: sections.map((s) => ({ id: s.id, label: s.id })),
    commonDataFields: header.fields,
    form: { sections: sections.map((s) => ({ id: s.id, fields: s.fields })) },
    labels,
    valueLabelMap,
    personalDataFields: personal,
  };
  return { ok: true, document, report };
}

/**
 * A field with branching logic goes into a dependent group whose condition is the translated
 * logic; consecutive fields with the same logic share the group. Untranslatable logic leaves
 * the field always shown, and the report says so.
 */
function placeField(
  section: Section,
  field: Json,
  row: DictionaryRow,
  fields: ReadonlyMap<string, ExpressionField>,
  note: (code: ReportEntry['code'], message: string) => void,
  labels: Record<string, string>,
): void {
  if (row.branching === '') {
    section.openGroup = undefined;
    section.fields.push(field);
    return;
  }
  const open = section.openGroup;
  if (open && open.logic === row.branching && !open.reads.includes(String(field.id))) {
    (open.group.fields as Json[]).push(field);
    return;
  }
  const translated = translateRedcapExpression(row.branching, fields);
  const reads = translated.ok ? translated.reads : [];
  if (!translated.ok || reads.length === 0 || reads.includes(String(field.id))) {
    const why = translated.ok ? 'it reads no other field' : translated.reason;
    note('branching', `the branching logic "${row.branching}" was not translated (${why}); the field is always shown`);
    section.openGroup = undefined;
    section.fields.push(field);
    return;
  }
  const groupId = `${String(field.id)}_shown`;
  const group: Json = { id: groupId, type: 'dependentGroup', referenceField: reads[0], condition: translated.expression, fields: [field] };
  labels[groupId] = '';
  section.fields.push(group);
  section.openGroup = { logic: row.branching, group, reads };
}
