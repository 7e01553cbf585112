// Feedback after an action on the form page: the notice in words (through the app's one
// notification helper), and focus kept where the user was although the engine remounts with the
// saved form. A control that is gone after the action (Approve, once approved) hands focus to the
// form's standing in the title row, which now says what changed.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { ClinicalForm } from '../../api/forms';
import { notify } from '../../common/notify';
import { noticeText } from './formNotices';
import type { FormPageState } from './formPage.slice';

/** Shows each new notice once (not one already there when the page mounts). */
export function useFormNotices(notice: FormPageState['notice']): void {
  const intl = useIntl();
  const shown = useRef(notice);
  useEffect(() => {
    if (!notice || notice === shown.current) return;
    shown.current = notice;
    notify(noticeText(intl, notice.notice));
  }, [notice, intl]);
}

interface FocusKey {
  id: string | null;
  key: string | null;
}

/** How a control is found again after a remount: its id (fields), else its data-focus-key (buttons). */
function focusKeyOf(element: Element | null): FocusKey | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  return { id: element.id || null, key: element.getAttribute('data-focus-key') };
}

function findAgain(focus: FocusKey | null): HTMLElement | null {
  if (!focus) return null;
  if (focus.id) return document.getElementById(focus.id);
  return [...document.querySelectorAll<HTMLElement>('[data-focus-key]')].find((element) => element.dataset.focusKey === focus.key) ?? null;
}

/**
 * Returns `keep`, called before a write: it notes the focused control. When the page then shows
 * another form object (the write's answer), focus returns to that control, or to `fallback`.
 */
export function useFocusKept(form: ClinicalForm | null, fallback: RefObject<HTMLElement | null>): () => void {
  const kept = useRef<{ form: ClinicalForm | null; focus: FocusKey | null } | null>(null);
  const keep = useCallback((): void => {
    kept.current = { form, focus: focusKeyOf(document.activeElement) };
  }, [form]);
  useEffect(() => {
    const was = kept.current;
    if (!was || was.form === form) return;
    kept.current = null;
    const target = findAgain(was.focus);
    if (target && !target.hasAttribute('disabled')) target.focus();
    else fallback.current?.focus();
  }, [form, fallback]);
  return keep;
}
