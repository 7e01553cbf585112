// What a light field shows (lightField.ts), read from the store and the settings at paint time.
import { fieldDisplayModes, labelKeyOf, mandatoryFieldIds, toBooleanValue, type FieldDescriptor, type FieldValue, type RenderMode } from '../../domain/forms';
import { formatWallClock, localeOf } from '../../i18n/format';
import { renderModeOf, type EngineSettings } from '../EngineContext';
import { domIdOf, issueText, plainText } from '../issues';
import { messages } from '../messages';
import styles from '../formEngine.module.css';
import { dateMessages } from './dateMessages';
import { displayText } from './display';
import { isLightField, type LightDate, type LightIssuesView, type LightView } from './lightField';
import { optionsMarkup } from './widgets';

const textOf = (value: FieldValue): string => (value === null || value === undefined ? '' : String(value));

/** The options of a single choice (0 for any other field), to tell a short select from a searchable one. */
export function optionCountOf(settings: EngineSettings, field: FieldDescriptor): number {
  return field.type === 'singleChoice' ? (settings.store.descriptor.valueLabelMap[field.options]?.length ?? 0) : 0;
}

/**
 * Whether a read-only value is painted light: a calculated value in new or edit view with nothing
 * beside it (no review, no field history button, no fix lock), which is all it shows there.
 */
export function isLightOutput(settings: EngineSettings, field: FieldDescriptor, path: string, mode: RenderMode, reviewed: boolean): boolean {
  const { viewType } = settings;
  return (
    field.type === 'calculated' &&
    mode === 'read' &&
    !reviewed &&
    (viewType === 'new' || viewType === 'edit') &&
    settings.fieldHistory === undefined &&
    settings.locks[path] === undefined
  );
}

/** Whether the field at `path` is painted light now (the store's value and reviews, the settings). */
export function isLightNow(settings: EngineSettings, field: FieldDescriptor, path: string): boolean {
  const review = settings.store.reviews()[path];
  const mode = renderModeOf(settings, field, path, review, settings.store.getValue(path));
  return isLightField(field, mode, review !== undefined, optionCountOf(settings, field)) || isLightOutput(settings, field, path, mode, review !== undefined);
}

/** A date's texts: the typed-entry hint and the calendar button's name, as DateFieldInput shows them. */
function dateTexts(settings: EngineSettings, withTime: boolean, label: string): LightDate {
  const { intl } = settings;
  return { placeholder: plainText(intl, withTime ? dateMessages.hintDateTime : dateMessages.hintDate), calendarLabel: intl.formatMessage(dateMessages.openCalendar, { field: label }) };
}

/** The value a date's typed entry shows: the stored value formatted (text that is no date as it is). */
const shownDate = (settings: EngineSettings, value: FieldValue, withTime: boolean): string =>
  typeof value === 'string' && value !== '' ? formatWallClock(localeOf(settings.intl.locale), value, withTime ? 'datetime' : 'date') : '';

/** What a field's issues look like (lightField.ts patchLightIssues): no label, value or options. */
export function lightIssuesViewOf(settings: EngineSettings, field: FieldDescriptor, path: string): LightIssuesView {
  const { store, intl } = settings;
  const output = field.type === 'calculated';
  const unit = 'unit' in field ? field.unit : undefined;
  return {
    id: domIdOf(path),
    unit: (!output && unit) || undefined,
    help: field.help ? store.descriptor.labels[field.help] : undefined,
    issues: store.issuesOf(path).map((issue) => ({ text: issueText(intl, issue), error: issue.severity === 'error' })),
    yesNo: field.type === 'boolean' ? YES_NO_PLACEHOLDER : undefined,
    output,
  };
}

// patchLightIssues only asks whether a field is a yes/no group, never for its texts.
const YES_NO_PLACEHOLDER: readonly [string, string] = ['', ''];

export function lightViewOf(settings: EngineSettings, field: FieldDescriptor, path: string): LightView {
  const { store, intl } = settings;
  const { descriptor } = store;
  const value = store.getValue(path);
  // A light field has no review, so "changed" is the only display mode it can show.
  const dirty = fieldDisplayModes({ initialValue: store.initialValue(path), value }).length > 0;
  const unit = 'unit' in field ? field.unit : undefined;
  const yesNo = field.type === 'boolean';
  const output = field.type === 'calculated';
  const date = field.type === 'date' || field.type === 'datetime';
  const base = yesNo ? styles.fieldset : styles.field;
  const label = descriptor.labels[labelKeyOf(field)] ?? field.id;
  return {
    id: domIdOf(path),
    className: dirty ? `${base} ${styles.dirty}` : base,
    // Bold marks exactly the fields whose errors block even a draft (spec §5), as in Field.tsx.
    labelClass: mandatoryFieldIds(descriptor).has(field.id) ? styles.labelMandatory : styles.label,
    label,
    dirtyBadge: dirty ? plainText(intl, messages.dirty) : null,
    value: output
      ? (settings.valueLabels?.[path] ?? displayText(intl, descriptor, field, value))
      : yesNo
        ? textOf(toBooleanValue(value))
        : date
          ? shownDate(settings, value, field.type === 'datetime')
          : textOf(value),
    required: settings.isMandatory(field.id),
    // A read-only value carries its unit in its text.
    unit: (!output && unit) || undefined,
    help: field.help ? descriptor.labels[field.help] : undefined,
    issues: store.issuesOf(path).map((issue) => ({ text: issueText(intl, issue), error: issue.severity === 'error' })),
    optionsHtml: field.type === 'singleChoice' ? optionsMarkup(intl, descriptor.valueLabelMap[field.options] ?? []).__html : undefined,
    yesNo: yesNo ? [plainText(intl, messages.yes), plainText(intl, messages.no)] : undefined,
    output,
    date: date ? dateTexts(settings, field.type === 'datetime', label) : undefined,
  };
}
