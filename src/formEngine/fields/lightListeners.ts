// The input listeners of every light field (lightField.ts) of one form: one set on the <form>, so
// a 2000-field form holds no listener closures per field. Typing and choosing go to the store (the
// value as typed, as the React inputs pass it), leaving a field marks it for live validation, and
// a date's calendar button asks the form's LightCalendar to open.
import { fieldIndexOf, pathFieldId, toBooleanValue, type FieldValue } from '../../domain/forms';
import { parseTypedDate } from '../../common/dateInputs/parseTypedDate';
import type { EngineStore } from '../engineStore';
import { CALENDAR_ATTRIBUTE, DRAFT_ATTRIBUTE, LIGHT_ATTRIBUTE, SHOWN_ATTRIBUTE } from './lightField';

const textOf = (value: FieldValue): string => (value === null || value === undefined ? '' : String(value));

/**
 * The path of the light field whose own control `target` is, or null for any other element. A
 * control sits at most three levels down in its wrapper (a radio: label, choices, wrapper); an open
 * calendar's controls, mounted in the field's box, are deeper and are not the field's.
 */
function lightPathOf(target: EventTarget | null): string | null {
  let element = target instanceof Element ? target.parentElement : null;
  for (let depth = 0; element !== null && depth < 3; depth += 1, element = element.parentElement) {
    if (element.hasAttribute(LIGHT_ATTRIBUTE)) return element.getAttribute('data-field');
  }
  return null;
}

function chooseYesNo(store: EngineStore, path: string, radio: HTMLInputElement): void {
  const chosen = radio.value === 'true';
  store.setValue(path, chosen);
  // Like a controlled radio: a choice the store did not take is undone.
  if (toBooleanValue(store.getValue(path)) !== chosen) radio.checked = false;
}

/**
 * A date typed in any European form is stored as the date it reads as; text that is no date yet is
 * stored as typed (validation says what is wrong). The input keeps the typed text until left.
 */
function typeDate(store: EngineStore, path: string, input: HTMLInputElement): void {
  input.setAttribute(DRAFT_ATTRIBUTE, '');
  const withTime = fieldIndexOf(store.descriptor).byId.get(pathFieldId(path))?.field.type === 'datetime';
  const text = input.value;
  store.setValue(path, text.trim() === '' ? '' : (parseTypedDate(text, withTime) ?? text));
}

/** Leaving a date's typed entry shows the stored value formatted again. */
function leaveDate(input: HTMLInputElement): void {
  if (!input.hasAttribute(DRAFT_ATTRIBUTE)) return;
  input.removeAttribute(DRAFT_ATTRIBUTE);
  input.value = input.getAttribute(SHOWN_ATTRIBUTE) ?? input.value;
}

/** Ends typing in a date's entry, as picking from the calendar does: the next paint shows the stored value. */
export function endDateDraft(input: HTMLInputElement): void {
  input.removeAttribute(DRAFT_ATTRIBUTE);
}

export function listenToLightFields(form: HTMLElement, store: EngineStore, openCalendar: (path: string, button: HTMLButtonElement) => void): () => void {
  const change = (event: Event): void => {
    const path = lightPathOf(event.target);
    if (path === null) return;
    const control = event.target as HTMLInputElement;
    if (control.type === 'radio') {
      // A radio reports once, on change (it fires input too); its value is the yes/no boolean.
      if (event.type === 'change') chooseYesNo(store, path, control);
      return;
    }
    if (control.hasAttribute(SHOWN_ATTRIBUTE)) return typeDate(store, path, control);
    store.setValue(path, control.value);
    // Like a controlled input: a value the store did not take is put back.
    const held = textOf(store.getValue(path));
    if (control.value !== held) control.value = held;
  };
  const blur = (event: Event): void => {
    const path = lightPathOf(event.target);
    // Leaving the calendar button is not leaving the field's value.
    if (path === null || (event.target as Element).tagName === 'BUTTON') return;
    const control = event.target as HTMLInputElement;
    if (control.hasAttribute(SHOWN_ATTRIBUTE)) leaveDate(control);
    store.touch(path);
  };
  const click = (event: Event): void => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>(`button[${CALENDAR_ATTRIBUTE}]`) : null;
    const path = button ? lightPathOf(button) : null;
    if (button && path !== null) openCalendar(path, button);
  };
  form.addEventListener('input', change);
  form.addEventListener('change', change);
  form.addEventListener('focusout', blur);
  form.addEventListener('click', click);
  return () => {
    form.removeEventListener('input', change);
    form.removeEventListener('change', change);
    form.removeEventListener('focusout', blur);
    form.removeEventListener('click', click);
  };
}
