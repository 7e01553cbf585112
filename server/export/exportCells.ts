// Form values as typed spreadsheet cells: numbers as numbers, dates as Excel dates in the
// institute's time zone, booleans, choices as their labels (the codes go to the codebook sheet),
// multiple values joined by the array separator, texts cut at the maximum cell size.
import type { ExportParameters } from '../../src/domain/export/exportParameters';
import { FIELD_TYPES, optionLabel } from '../../src/domain/forms';
import type { ExportField } from './exportCatalog';
import { excelSerial, type Cell } from './xlsx/sheetXml';

/** Excel's own limit for the characters of one cell. */
const EXCEL_CELL_LIMIT = 32_767;

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const TIME_ONLY = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** An instant (ISO with Z or offset) as wall-clock parts in `timeZone`. */
export function wallClock(instant: string, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** A stored timestamp (UTC instant) as an Excel date-time in the institute's time zone. */
export function instantCell(instant: string | null, timeZone: string): Cell {
  if (!instant) return null;
  const w = wallClock(instant, timeZone);
  return w ? { serial: excelSerial(w.year, w.month, w.day, w.hour, w.minute, w.second), kind: 'datetime' } : instant;
}

/** A date or date-time field value: wall-clock texts are already the institute's local time. */
function dateCell(value: string, kind: 'date' | 'datetime' | 'time', timeZone: string): Cell {
  if (kind === 'time') {
    const t = TIME_ONLY.exec(value);
    return t ? { serial: (Number(t[1]) * 3600 + Number(t[2]) * 60 + Number(t[3] ?? 0)) / 86_400, kind } : value;
  }
  const m = WALL_CLOCK.exec(value);
  if (m) return { serial: excelSerial(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)), kind };
  const w = wallClock(value, timeZone);
  return w ? { serial: excelSerial(w.year, w.month, w.day, kind === 'date' ? 0 : w.hour, kind === 'date' ? 0 : w.minute, 0), kind } : value;
}

export function cutText(text: string, parameters: ExportParameters): string {
  const limit = Math.min(parameters.maxCellSize, EXCEL_CELL_LIMIT);
  return text.length > limit ? text.slice(0, limit) : text;
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** One field value as a cell. */
export function fieldCell(field: ExportField, value: unknown, parameters: ExportParameters, timeZone: string): Cell {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  const descriptorField = field.field;
  switch (descriptorField.type) {
    case FIELD_TYPES.integer:
    case FIELD_TYPES.decimal:
    case FIELD_TYPES.calculated:
      return asNumber(value) ?? cutText(textOf(value), parameters);
    case FIELD_TYPES.boolean:
      return typeof value === 'boolean' ? value : cutText(textOf(value), parameters);
    case FIELD_TYPES.date:
    case FIELD_TYPES.datetime:
    case FIELD_TYPES.time:
      return typeof value === 'string' ? dateCell(value, descriptorField.type, timeZone) : cutText(textOf(value), parameters);
    case FIELD_TYPES.singleChoice:
      return cutText(optionLabel(field.descriptor, descriptorField.options, textOf(value)), parameters);
    case FIELD_TYPES.multipleChoice: {
      const values = Array.isArray(value) ? value : [value];
      return cutText(values.map((v) => optionLabel(field.descriptor, descriptorField.options, textOf(v))).join(parameters.arraySeparator), parameters);
    }
    case FIELD_TYPES.fileUpload: {
      const files = Array.isArray(value) ? value : [value];
      return cutText(files.map((f) => (f && typeof f === 'object' && 'fileName' in f ? String(f.fileName) : textOf(f))).join(parameters.arraySeparator), parameters);
    }
    default:
      return cutText(textOf(value), parameters);
  }
}
