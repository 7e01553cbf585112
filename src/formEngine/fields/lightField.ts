// The light field: the common case of a 2000-field form (a text, number, time, date, long-text or
// short select input, or a yes/no pair of radios, in new or edit view, no review, no fix) painted
// straight into its wrapper (<div>, or <fieldset> for the yes/no group)
// instead of as React elements. React keeps one fiber for the wrapper; the label, input, unit,
// help and issues are plain DOM, built once from HTML (no JS wrappers, no React value tracker or
// per-input listeners) and patched in place when the field's channel is bumped. Input events are
// handled by one delegated listener per form (lightListeners.ts), so a field holds no closures.
// A held submit thus paints its ~800 field errors without rendering a single React component.
import { SEARCHABLE_OPTION_THRESHOLD, type FieldDescriptor, type RenderMode } from '../../domain/forms';
import styles from '../formEngine.module.css';
import dateStyles from './dateInput.module.css';

/** Marks a wrapper painted by this module; the delegated listener handles only its inputs. */
export const LIGHT_ATTRIBUTE = 'data-light';
/** On a date's typed entry: the stored value formatted, which the input shows when nobody types in it. */
export const SHOWN_ATTRIBUTE = 'data-shown';
/** On a date's typed entry while the user types (until they leave it): the typed text stays. */
export const DRAFT_ATTRIBUTE = 'data-draft';
/** On a date's calendar button: the delegated listener opens the calendar (LightCalendar). */
export const CALENDAR_ATTRIBUTE = 'data-light-calendar';

export interface LightIssue {
  text: string;
  error: boolean;
}

/** Everything a light field shows; made per paint and dropped, never kept per field. */
export interface LightView {
  id: string;
  className: string;
  labelClass: string;
  label: string;
  /** The "changed" badge text, when the value differs from the saved one. */
  dirtyBadge: string | null;
  value: string;
  required: boolean;
  unit?: string;
  help?: string;
  issues: readonly LightIssue[];
  /** The select's options as HTML (shared per option list), for a single choice. */
  optionsHtml?: string;
  /** The "Yes" and "No" texts of a yes/no field, whose value is then "true", "false" or "". */
  yesNo?: readonly [string, string];
  /** A read-only output (a calculated value): `value` is its display text. */
  output?: boolean;
  /** A date or date-time: `value` is the stored value formatted; the input's hint and the calendar button's name. */
  date?: LightDate;
}

export interface LightDate {
  placeholder: string;
  calendarLabel: string;
}

/** Whether the field is painted by this module in this render mode. */
export function isLightField(field: FieldDescriptor, mode: RenderMode, reviewed: boolean, optionCount: number): boolean {
  if ((mode !== 'new' && mode !== 'edit') || reviewed) return false;
  switch (field.type) {
    case 'text':
    case 'longText':
    case 'integer':
    case 'decimal':
    case 'time':
    case 'boolean':
    case 'date':
    case 'datetime':
      return true;
    case 'singleChoice':
      return field.widget !== 'radio' && optionCount <= SEARCHABLE_OPTION_THRESHOLD;
    default:
      return false;
  }
}

export const escapeHtml = (raw: string): string => raw.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a field's description and issues depend on: enough to repaint its issues alone. */
export type LightIssuesView = Pick<LightView, 'id' | 'help' | 'unit' | 'issues' | 'yesNo' | 'output'>;

const describedByOf = (view: LightIssuesView): string =>
  [view.help ? `${view.id}-help` : '', view.issues.length > 0 ? `${view.id}-issues` : '', view.unit ? `${view.id}-unit` : ''].filter(Boolean).join(' ');

function badgeHtml(text: string): string {
  return `<span class="${styles.badges}"><span class="${styles.badgeDirty}"><span aria-hidden="true">✎ </span>${escapeHtml(text)}</span></span>`;
}

/** The issues element: built with DOM calls, which a submit showing hundreds of them needs fast. */
function issuesElement(view: LightIssuesView): HTMLElement {
  const cls = (issue: LightIssue): string => (issue.error ? styles.error : styles.warning);
  // One issue (the usual case) is one element; several are a list, as in the React field.
  const single = view.issues.length === 1;
  const element = document.createElement(single ? 'p' : 'ul');
  element.id = `${view.id}-issues`;
  element.className = single ? `${styles.issues} ${cls(view.issues[0])}` : styles.issues;
  if (single) element.textContent = view.issues[0].text;
  else
    for (const issue of view.issues) {
      const item = element.appendChild(document.createElement('li'));
      item.className = cls(issue);
      item.textContent = issue.text;
    }
  return element;
}

function issuesHtml(view: LightView): string {
  if (view.issues.length === 0) return '';
  const cls = (issue: LightIssue): string => (issue.error ? styles.error : styles.warning);
  if (view.issues.length === 1) return `<p id="${view.id}-issues" class="${styles.issues} ${cls(view.issues[0])}">${escapeHtml(view.issues[0].text)}</p>`;
  return `<ul id="${view.id}-issues" class="${styles.issues}">${view.issues.map((issue) => `<li class="${cls(issue)}">${escapeHtml(issue.text)}</li>`).join('')}</ul>`;
}

/** The yes/no radios, as the React group renders them (the first radio carries the field's id). */
function yesNoHtml(view: LightView, [yes, no]: readonly [string, string]): string {
  const radio = (value: string, text: string, first: boolean): string =>
    `<label class="${styles.choice}"><input type="radio"${first ? ` id="${view.id}"` : ''} name="${view.id}" value="${value}"${view.value === value ? ' checked' : ''}>${escapeHtml(text)}</label>`;
  return `<div class="${styles.choices}">${radio('true', yes, true)}${radio('false', no, false)}</div>`;
}

/** The typed entry and the calendar button, as DateFieldInput renders them (the calendar itself loads when opened). */
function dateHtml(common: string, value: string, date: LightDate): string {
  const button = `<button type="button" class="${dateStyles.calendarButton}" aria-label="${escapeHtml(date.calendarLabel)}" aria-haspopup="dialog" aria-expanded="false" ${CALENDAR_ATTRIBUTE}><span aria-hidden="true">📅</span></button>`;
  return `<span class="${dateStyles.dateInput}"><input ${common} type="text" class="${dateStyles.input}" placeholder="${escapeHtml(date.placeholder)}" autocomplete="off" value="${value}" ${SHOWN_ATTRIBUTE}="${value}">${button}</span>`;
}

function controlHtml(field: FieldDescriptor, view: LightView): string {
  if (view.yesNo) return yesNoHtml(view, view.yesNo);
  const describedBy = describedByOf(view);
  // As the React field renders a read-only value: named by its label, focusable by script only.
  if (view.output)
    return `<output id="${view.id}" class="${styles.output}" aria-labelledby="${view.id}-label"${describedBy ? ` aria-describedby="${describedBy}"` : ''} tabindex="-1">${escapeHtml(view.value)}</output>`;
  const invalid = view.issues.some((issue) => issue.error);
  const common = `id="${view.id}"${view.required ? ' aria-required="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${invalid ? ' aria-invalid="true"' : ''}`;
  const value = escapeHtml(view.value);
  if (view.date) return dateHtml(common, value, view.date);
  if (field.type === 'longText') return `<textarea ${common} class="${styles.textarea}">${value}</textarea>`;
  if (field.type === 'singleChoice') {
    const options = (view.optionsHtml ?? '').replace(`<option value="${value}">`, `<option value="${value}" selected>`);
    return `<select ${common} class="${styles.input}">${options}</select>`;
  }
  const type = field.type === 'time' ? 'time' : 'text';
  const mode = field.type === 'integer' ? ' inputmode="numeric"' : field.type === 'decimal' ? ' inputmode="decimal"' : '';
  return `<input ${common} type="${type}"${mode} class="${styles.input}" value="${value}">`;
}

/**
 * Builds the field in its (empty) wrapper as one HTML string: the browser makes the nodes without
 * a JS object for any of them (an object made now would live as long as the node).
 */
export function mountLightField(root: HTMLElement, field: FieldDescriptor, view: LightView): void {
  const badge = view.dirtyBadge === null ? '' : badgeHtml(view.dirtyBadge);
  const unit = view.unit ? `<span id="${view.id}-unit" class="${styles.unit}">${escapeHtml(view.unit)}</span>` : '';
  const help = view.help ? `<p id="${view.id}-help" class="${styles.help}">${escapeHtml(view.help)}</p>` : '';
  root.setAttribute(LIGHT_ATTRIBUTE, '');
  root.className = view.className;
  // A yes/no group is a <fieldset> named by its <legend> and described as a whole, as in React.
  const label = view.yesNo ? `<legend class="${view.labelClass}">${escapeHtml(view.label)}</legend>` : `<label for="${view.id}"${view.output ? ` id="${view.id}-label"` : ''} class="${view.labelClass}">${escapeHtml(view.label)}</label>`;
  if (view.yesNo) setAttr(root, 'aria-describedby', describedByOf(view) || null);
  root.innerHTML = `${label}${badge}${controlHtml(field, view)}${unit}${help}${issuesHtml(view)}`;
}

const setAttr = (element: Element, name: string, value: string | null): void => {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
};

/**
 * Brings a mounted light field to `view`, touching only what differs. `texts`: the language or the
 * descriptor may have changed too (a render), not only the field's state (a store bump), so the
 * label, help and option texts are compared as well.
 */
export function patchLightField(root: HTMLElement, view: LightView, texts: boolean): void {
  if (root.className !== view.className) root.className = view.className;
  const label = root.firstElementChild as HTMLLabelElement;
  if (texts && label.className !== view.labelClass) label.className = view.labelClass;
  if (texts && label.textContent !== view.label) label.textContent = view.label;

  const next = label.nextElementSibling as HTMLElement;
  const badge = next.className === styles.badges ? next : null;
  if (badge && view.dirtyBadge === null) badge.remove();
  else if (!badge && view.dirtyBadge !== null) label.insertAdjacentHTML('afterend', badgeHtml(view.dirtyBadge));
  else if (badge && view.dirtyBadge !== null && badge.textContent !== `✎ ${view.dirtyBadge}`) badge.outerHTML = badgeHtml(view.dirtyBadge);

  let after = label.nextElementSibling as Element;
  if (after.className === styles.badges) after = after.nextElementSibling as Element;
  if (view.yesNo) patchYesNo(root, after, view, view.yesNo, texts);
  else if (view.date) patchDate(after, view, view.date, texts);
  else patchControl(after as HTMLInputElement, view, texts);

  if (texts) patchHelp(after, view);
  const last = root.lastElementChild as HTMLElement;
  const shown = last.id === `${view.id}-issues` ? last : null;
  replaceIssues(root, shown, view);
}

function replaceIssues(root: HTMLElement, shown: HTMLElement | null, view: LightIssuesView): void {
  if (view.issues.length === 0) {
    shown?.remove();
    return;
  }
  if (shown && sameIssues(shown, view)) return;
  if (shown) shown.replaceWith(issuesElement(view));
  else root.appendChild(issuesElement(view));
}

/**
 * Repaints what a change of the field's issues alone changes (a held submit marks ~800 fields at
 * once): the control's description and invalid mark, and the issue element, which is the wrapper's
 * last child whenever `hadIssues`. Nothing else is read back from the DOM.
 */
export function patchLightIssues(root: HTMLElement, view: LightIssuesView, hadIssues: boolean): void {
  // A yes/no group is described as a whole and, as before, not marked invalid; so is an output.
  if (view.yesNo || view.output) setAttr(view.yesNo ? root : (root.ownerDocument.getElementById(view.id) ?? root), 'aria-describedby', describedByOf(view) || null);
  else {
    const control = root.ownerDocument.getElementById(view.id);
    if (control) patchDescription(control, view);
  }
  replaceIssues(root, hadIssues ? (root.lastElementChild as HTMLElement) : null, view);
}

function patchControl(control: HTMLInputElement, view: LightView, texts: boolean): void {
  if (view.output) {
    if (control.textContent !== view.value) control.textContent = view.value;
    setAttr(control, 'aria-describedby', describedByOf(view) || null);
    return;
  }
  // A select gets its options again when the language changes (one shared string per list).
  if (texts && view.optionsHtml !== undefined && control.firstElementChild?.textContent !== optionsHead(view.optionsHtml)) control.innerHTML = view.optionsHtml;
  if (control.value !== view.value) control.value = view.value;
  patchDescription(control, view);
}

function patchDescription(control: Element, view: LightIssuesView): void {
  setAttr(control, 'aria-describedby', describedByOf(view) || null);
  setAttr(control, 'aria-invalid', view.issues.some((issue) => issue.error) ? 'true' : null);
}

/** A date's typed entry keeps the text being typed (until the user leaves it), else shows the stored value formatted. */
function patchDate(box: Element, view: LightView, date: LightDate, texts: boolean): void {
  const input = box.firstElementChild as HTMLInputElement;
  setAttr(input, SHOWN_ATTRIBUTE, view.value);
  if (!input.hasAttribute(DRAFT_ATTRIBUTE) && input.value !== view.value) input.value = view.value;
  patchDescription(input, view);
  if (!texts) return;
  if (input.placeholder !== date.placeholder) input.placeholder = date.placeholder;
  setAttr(input.nextElementSibling as Element, 'aria-label', date.calendarLabel);
}

/** The radios' checked state, the group's description, and on a render the Yes/No texts. */
function patchYesNo(root: HTMLElement, choices: Element, view: LightView, texts: readonly [string, string], withTexts: boolean): void {
  setAttr(root, 'aria-describedby', describedByOf(view) || null);
  const labels = choices.children;
  for (let i = 0; i < 2; i += 1) {
    const radio = labels[i].firstElementChild as HTMLInputElement;
    const checked = view.value === radio.value;
    if (radio.checked !== checked) radio.checked = checked;
    const text = labels[i].lastChild as Text;
    if (withTexts && text.nodeValue !== texts[i]) text.nodeValue = texts[i];
  }
}

function patchHelp(control: Element, view: LightView): void {
  let help = control.nextElementSibling;
  while (help && help.className !== styles.help) help = help.nextElementSibling;
  if (help && view.help !== undefined && help.textContent !== view.help) help.textContent = view.help;
}

/** Whether the shown issue element already says what `view` holds (one issue: the usual case). */
function sameIssues(shown: Element, view: LightIssuesView): boolean {
  if (view.issues.length !== 1 || shown.tagName !== 'P') return false;
  const [issue] = view.issues;
  return shown.textContent === issue.text && shown.className === `${styles.issues} ${issue.error ? styles.error : styles.warning}`;
}

/** The text of the first <option> ("Choose…"), which changes with the language. */
function optionsHead(html: string): string {
  const start = html.indexOf('>') + 1;
  return html.slice(start, html.indexOf('<', start)).replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}
