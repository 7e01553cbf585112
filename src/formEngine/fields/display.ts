// Read-only text of a stored value (read, inspect and censored views, rejected values).
import type { IntlShape } from 'react-intl';
import {
  isEmptyFieldValue,
  optionLabel,
  toBooleanValue,
  toNumber,
  type FieldDescriptor,
  type FieldValue,
  type FileValue,
  type FormDescriptor,
  type GeneEntry,
} from '../../domain/forms';
import { formatNumber, formatWallClock, localeOf } from '../../i18n/format';
import { plainText } from '../issues';
import { messages } from '../messages';

export function displayText(intl: IntlShape, descriptor: FormDescriptor, field: FieldDescriptor, value: FieldValue): string {
  if (isEmptyFieldValue(value)) return plainText(intl, messages.notFilled);
  switch (field.type) {
    case 'singleChoice':
      return optionLabel(descriptor, field.options, String(value));
    case 'multipleChoice':
      return Array.isArray(value) ? (value as string[]).map((v) => optionLabel(descriptor, field.options, v)).join(', ') : String(value);
    case 'boolean': {
      const b = toBooleanValue(value);
      return b === true ? plainText(intl, messages.yes) : b === false ? plainText(intl, messages.no) : String(value);
    }
    case 'integer':
    case 'decimal':
    case 'calculated': {
      const n = typeof value === 'number' || typeof value === 'string' ? toNumber(value) : null;
      const text = n === null ? String(value) : formatNumber(localeOf(intl.locale), n);
      return field.unit ? `${text} ${field.unit}` : text;
    }
    case 'date':
    case 'datetime':
    case 'time':
      // "2026. 01. 12. 9:00", not the stored "2026-01-12T09:00"; a typed reading has no time zone.
      return typeof value === 'string' ? formatWallClock(localeOf(intl.locale), value, field.type) : String(value);
    case 'fileUpload': {
      // The name and size; a host with a file store shows a download button instead (Field.tsx).
      const file = value as FileValue;
      return typeof file.size === 'number' ? intl.formatMessage(messages.selectedFile, { name: file.fileName, size: file.size }) : (file.fileName ?? '');
    }
    case 'geneList':
      return (value as GeneEntry[]).map((g) => [g.gene, g.variant].filter(Boolean).join(' ')).join(', ');
    case 'multiField':
      return String((value as unknown[]).length);
    default:
      return String(value);
  }
}
