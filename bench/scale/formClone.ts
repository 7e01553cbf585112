// One grown form from a template form: its values for the grown patient (dates moved back by the
// patient's shift, date of birth and sex the patient's, calculated fields recomputed by the domain
// engine as a save would), and its record: the template's operations, by the grown owner, with
// changes that replay to exactly those values, hash-chained and MAC'd with the real record code.
import { createFormEvaluator, type FormHistoryChange, type FormValues } from '../../src/domain/forms';
import { entryHash, GENESIS_HASH } from '../../server/audit/hashChain';
import { anchorFor, entryMac } from '../../server/audit/recordChain';
import { diffValues, formRecord, hashedContent } from '../../server/forms/history';
import { descriptorKey, type TemplateForm, type Templates } from './templates';

const DAY_MS = 86_400_000;
const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})(.*)$/s;

/** A date or date-time text moved back by whole days; anything else unchanged. */
export function shiftDate(text: string, days: number): string {
  const match = DATE_PREFIX.exec(text);
  if (!match || days === 0) return text;
  const moved = new Date(Date.parse(`${match[1]}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  return `${moved}${match[2]}`;
}

function shiftValue(value: unknown, days: number): unknown {
  if (typeof value === 'string') return shiftDate(value, days);
  if (Array.isArray(value)) return value.map((item) => shiftValue(item, days));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftValue(v, days)]));
  return value;
}

export interface GrownPatient {
  id: string;
  dob: string;
  gender: string;
  /** Days every date of the patient's forms is moved back. */
  shift: number;
  profile: number;
}

/**
 * Values per (template, patient profile, shift), computed once: the evaluator is the expensive
 * part, and grown patients share a few profiles and shifts. Ids are put in per form afterwards.
 */
export function createValueCache(templates: Templates): (form: TemplateForm, patient: GrownPatient) => FormValues {
  const cache = new Map<string, FormValues>();
  return (form, patient) => {
    const key = `${form.row.id}|${patient.profile}|${patient.shift}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const moved = shiftValue(form.values, patient.shift) as FormValues;
    for (const [field, column] of templates.patientFields.get(Number(form.row.form_type_id)) ?? []) {
      if (field in moved) moved[field] = column === 'dob' ? patient.dob : patient.gender;
    }
    const descriptor = templates.descriptors.get(descriptorKey(Number(form.row.form_type_id), Number(form.row.descriptor_version)));
    const values = descriptor ? createFormEvaluator(descriptor, moved).values() : moved;
    cache.set(key, values);
    return values;
  };
}

export interface ClonedEntry {
  id: string;
  position: number;
  at: string;
  userId: string | null;
  userName: string;
  operation: string;
  level: number | null;
  changes: FormHistoryChange[];
  reasons: Record<string, string>;
  notes: Record<string, string>;
  previousHash: string;
  hash: string;
  mac: string;
}

export interface ClonedRecord {
  entries: ClonedEntry[];
  anchor: { count: number; head: string; seal: string };
}

export interface RecordInput {
  formId: string;
  template: TemplateForm;
  values: FormValues;
  /** The template's owner (its physician) becomes the grown form's physician. */
  owner: { id: string; name: string };
  /** The time of each entry, by position (1-based). */
  at: (position: number) => string;
  recordKey: Buffer;
  nextId: () => string;
}

/** The changes of each template entry, rebuilt so that they replay to `values`. */
function changeLists(template: TemplateForm, values: FormValues): FormHistoryChange[][] {
  const [create, ...rest] = template.entries;
  const special = create.changes.filter((change) => change.path.startsWith('$'));
  const updateAt = rest.findIndex((entry) => entry.changes.length > 0);
  if (updateAt < 0) return [[...diffValues({}, values), ...special], ...rest.map(() => [])];
  const createPaths = new Set(create.changes.map((change) => change.path));
  const created = Object.fromEntries(Object.entries(values).filter(([key]) => createPaths.has(key)));
  const lists = rest.map((_, index) => (index === updateAt ? diffValues(created, values) : []));
  return [[...diffValues({}, created), ...special], ...lists];
}

export function cloneRecord(input: RecordInput): ClonedRecord {
  const { template, formId, owner, recordKey } = input;
  const ref = formRecord(formId);
  // JSON round trip: the hash must cover exactly what is stored and read back.
  const lists = JSON.parse(JSON.stringify(changeLists(template, input.values))) as FormHistoryChange[][];
  const entries: ClonedEntry[] = [];
  let previousHash = GENESIS_HASH;
  template.entries.forEach((source, index) => {
    const byOwner = source.userId === template.row.physician_id;
    const partial = {
      formId,
      position: index + 1,
      at: input.at(index + 1),
      userId: byOwner ? owner.id : source.userId,
      userName: byOwner ? owner.name : source.userName,
      onBehalfOf: null,
      operation: source.operation,
      level: source.level,
      changes: lists[index],
      reasons: source.reasons,
      notes: source.notes,
    };
    const hash = entryHash(previousHash, hashedContent(partial));
    entries.push({ id: input.nextId(), ...partial, previousHash, hash, mac: entryMac(recordKey, ref, partial.position, hash) });
    previousHash = hash;
  });
  const last = entries[entries.length - 1];
  return { entries, anchor: anchorFor(recordKey, ref, entries.length, last.mac) };
}
