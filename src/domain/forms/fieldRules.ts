// The value rules of one field type each, applied to a non-empty value. Type errors (not a number,
// not a date) are always errors; range, length and pattern rules take the field's severity.
import { isValidEmail } from '../auth/email';
import { DATE_FORMATS, FIELD_TYPES, SEVERITIES, type Severity } from './constants';
import { datePart, isValidDateTime, isValidTime, parseDate } from './dates';
import { toNumber } from './expression';
import { createLruCache } from './lruCache';
import type { FieldDescriptor, FieldValue, FileValue, FormDescriptor, GeneEntry } from './types';
import { VALIDATION_KEYS as K } from './validationKeys';
import { toBooleanValue } from './values';

export interface ValidationIssue {
  /** Value path, e.g. `esr` or `meds[2].dose`. */
  path: string;
  key: string;
  context: Record<string, unknown>;
  severity: Severity;
}

export interface RuleContext {
  descriptor: FormDescriptor;
  path: string;
  /** Severity of range, length, pattern and cross-field rules. */
  severity: Severity;
  today?: () => string;
}

type Add = (key: string, context?: Record<string, unknown>, severity?: Severity, path?: string) => void;

// Descriptor patterns are compiled once; anchored so that the whole value must match.
const patternCache = createLruCache<string, RegExp | null>(500);
function compiledPattern(regex: string): RegExp | null {
  if (patternCache.has(regex)) return patternCache.get(regex) ?? null;
  let compiled: RegExp | null;
  try {
    compiled = new RegExp(`^(?:${regex})$`, 'u');
  } catch {
    compiled = null;
  }
  patternCache.set(regex, compiled);
  return compiled;
}

function decimals(value: FieldValue): number {
  const text = String(value).replace(',', '.');
  if (/e/i.test(text)) return 0;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

function checkRange(field: { min?: number; max?: number; softMin?: number; softMax?: number }, n: number, add: Add, severity: Severity): void {
  if (field.min !== undefined && n < field.min) add(K.numberMin, { limit: field.min }, severity);
  if (field.max !== undefined && n > field.max) add(K.numberMax, { limit: field.max }, severity);
  if (field.softMin !== undefined && n < field.softMin) add(K.numberMin, { limit: field.softMin }, SEVERITIES.warning);
  if (field.softMax !== undefined && n > field.softMax) add(K.numberMax, { limit: field.softMax }, SEVERITIES.warning);
}

function optionValues(descriptor: FormDescriptor, key: string): string[] {
  return (descriptor.valueLabelMap[key] ?? []).map((o) => o.value);
}

function checkGenes(descriptor: FormDescriptor, optionsKey: string | undefined, value: FieldValue, ctx: RuleContext, add: Add): void {
  if (!Array.isArray(value)) return add(K.arrayBase, {}, SEVERITIES.error);
  const seen = new Set<string>();
  const valids = optionsKey ? optionValues(descriptor, optionsKey) : [];
  (value as GeneEntry[]).forEach((entry, i) => {
    const gene = typeof entry?.gene === 'string' ? entry.gene.trim() : '';
    if (gene === '') return add(K.geneRequired, {}, SEVERITIES.error, `${ctx.path}[${i}].gene`);
    // HGNC symbols are upper case; "brca1" and "BRCA1" are the same gene.
    const normalized = gene.toUpperCase();
    if (seen.has(normalized)) add(K.geneDuplicate, { gene }, SEVERITIES.error, `${ctx.path}[${i}].gene`);
    seen.add(normalized);
    const classification = entry.classification;
    if (optionsKey && classification !== undefined && classification !== '' && !valids.includes(classification)) {
      add(K.anyOnly, { valids: valids.join(', ') }, SEVERITIES.error, `${ctx.path}[${i}].classification`);
    }
  });
}

function checkFile(field: { accept?: string[]; maxSizeBytes?: number }, value: FieldValue, add: Add, severity: Severity): void {
  const file = value as FileValue;
  if (typeof file !== 'object' || Array.isArray(file) || typeof file.fileId !== 'string' || typeof file.fileName !== 'string') {
    return add(K.fileInvalid, {}, SEVERITIES.error);
  }
  if (field.accept && field.accept.length > 0) {
    const name = file.fileName.toLowerCase();
    const ok = field.accept.some((a) => (a.startsWith('.') ? name.endsWith(a.toLowerCase()) : a === file.mimeType));
    if (!ok) add(K.fileType, { types: field.accept.join(', ') }, severity);
  }
  if (field.maxSizeBytes !== undefined && (file.size ?? 0) > field.maxSizeBytes) add(K.fileSize, { limit: field.maxSizeBytes }, severity);
}

/** Rules on a present (non-empty) value of `field`. */
export function checkPresentValue(field: FieldDescriptor, value: FieldValue, ctx: RuleContext, add: Add): void {
  const { severity, descriptor } = ctx;
  switch (field.type) {
    case FIELD_TYPES.text:
    case FIELD_TYPES.longText: {
      if (typeof value !== 'string') return add(K.stringBase, {}, SEVERITIES.error);
      const length = [...value].length;
      if (field.length !== undefined && length !== field.length) add(K.stringLength, { limit: field.length }, severity);
      if (field.minLength !== undefined && length < field.minLength) add(K.stringMin, { limit: field.minLength }, severity);
      if (field.maxLength !== undefined && length > field.maxLength) add(K.stringMax, { limit: field.maxLength }, severity);
      if (field.format === 'email' && !isValidEmail(value)) add(K.stringEmail, {}, severity);
      if (field.pattern && !compiledPattern(field.pattern.regex)?.test(value)) {
        add(field.pattern.message ?? K.stringRegexBase, {}, severity);
      }
      return;
    }
    case FIELD_TYPES.integer:
    case FIELD_TYPES.decimal: {
      const n = typeof value === 'boolean' ? null : toNumber(value as string | number);
      if (n === null) return add(K.numberBase, {}, SEVERITIES.error);
      if (field.type === FIELD_TYPES.integer && !Number.isInteger(n)) return add(K.numberInteger, {}, SEVERITIES.error);
      if (field.precision !== undefined && decimals(value) > field.precision) {
        add(K.numberPrecision, { limit: field.precision }, SEVERITIES.error);
      }
      return checkRange(field, n, add, severity);
    }
    case FIELD_TYPES.calculated: {
      const n = toNumber(value as number);
      if (n !== null) checkRange({ softMin: field.softMin, softMax: field.softMax }, n, add, severity);
      return;
    }
    case FIELD_TYPES.date:
    case FIELD_TYPES.datetime:
    case FIELD_TYPES.time: {
      const text = typeof value === 'string' ? value : '';
      const valid = field.type === 'date' ? parseDate(text) !== null : field.type === 'datetime' ? isValidDateTime(text) : isValidTime(text);
      if (!valid) return add(K.dateFormat, { format: DATE_FORMATS[field.type] }, SEVERITIES.error);
      const today = ctx.today?.();
      const day = field.type === 'time' ? null : datePart(text);
      const todayDate = today ? datePart(today) : null;
      if (field.notInFuture && day && todayDate && Date.UTC(day.year, day.month - 1, day.day) > Date.UTC(todayDate.year, todayDate.month - 1, todayDate.day)) {
        add(K.dateFuture, {}, severity);
      }
      return;
    }
    case FIELD_TYPES.singleChoice: {
      const valids = optionValues(descriptor, field.options);
      if (!valids.includes(String(value))) add(K.anyOnly, { valids: valids.join(', ') }, SEVERITIES.error);
      return;
    }
    case FIELD_TYPES.multipleChoice: {
      const valids = optionValues(descriptor, field.options);
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !valids.includes(v))) {
        return add(K.anyOnly, { valids: valids.join(', ') }, SEVERITIES.error);
      }
      if (field.maxSelected !== undefined && value.length > field.maxSelected) add(K.arrayMax, { limit: field.maxSelected }, severity);
      return;
    }
    case FIELD_TYPES.boolean:
      if (toBooleanValue(value) === 'invalid') add(K.booleanInvalid, {}, SEVERITIES.error);
      return;
    case FIELD_TYPES.multiField: {
      if (!Array.isArray(value)) return add(K.arrayBase, {}, SEVERITIES.error);
      if (field.minEntries !== undefined && value.length < field.minEntries) add(K.arrayMin, { limit: field.minEntries }, severity);
      if (field.maxEntries !== undefined && value.length > field.maxEntries) add(K.arrayMax, { limit: field.maxEntries }, severity);
      return;
    }
    case FIELD_TYPES.fileUpload:
      return checkFile(field, value, add, severity);
    case FIELD_TYPES.geneList:
      return checkGenes(descriptor, field.classificationOptions, value, ctx, add);
    default:
      return;
  }
}
