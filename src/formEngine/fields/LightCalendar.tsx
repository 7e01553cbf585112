// The calendar of a light date field (lightField.ts). The form's delegated listener reports a click
// on a date's calendar button; this one component per form then mounts the lazy calendar
// (CalendarPopover, the UI kit's localized picker) in a portal into that field's box, for as long
// as it is open. 200 date fields thus hold no React component each; the calendar's code still
// loads only when a user opens one.
import { lazy, Suspense, useImperativeHandle, useLayoutEffect, useState, type ReactElement, type Ref } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { fieldIndexOf, pathFieldId } from '../../domain/forms';
import { parseTypedDate } from '../../common/dateInputs/parseTypedDate';
import { localeOf } from '../../i18n/format';
import type { EngineStore } from '../engineStore';
import { endDateDraft } from './lightListeners';

const CalendarPopover = lazy(async () => ({ default: (await import('./CalendarPopover')).CalendarPopover }));

/** Opens the calendar of the light date field at `path`, beside its calendar button. */
export interface CalendarHandle {
  open(path: string, button: HTMLButtonElement): void;
}

/** The popover brings its own target button (with aria-expanded): the light one steps aside meanwhile. */
function HiddenWhileOpen({ button }: { button: HTMLButtonElement }): null {
  useLayoutEffect(() => {
    button.toggleAttribute('hidden', true);
    return () => {
      button.toggleAttribute('hidden', false);
    };
  }, [button]);
  return null;
}

export function LightCalendar({ handle, store }: { handle: Ref<CalendarHandle>; store: EngineStore }): ReactElement | null {
  const intl = useIntl();
  const [opened, setOpened] = useState<{ path: string; button: HTMLButtonElement } | null>(null);
  useImperativeHandle(handle, () => ({ open: (path, button) => setOpened({ path, button }) }), []);
  const box = opened?.button.parentElement;
  if (!opened || !box) return null;
  const { path, button } = opened;
  const input = button.previousElementSibling as HTMLInputElement;
  const withTime = fieldIndexOf(store.descriptor).byId.get(pathFieldId(path))?.field.type === 'datetime';
  const stored = store.getValue(path);
  const close = (picked?: string): void => {
    setOpened(null);
    if (picked !== undefined) {
      // A picked day replaces what was being typed, and shows formatted at once.
      endDateDraft(input);
      store.setValue(path, picked);
    }
    // Back to the typed entry, where the picked value can still be adjusted.
    input.focus();
  };
  return createPortal(
    <Suspense fallback={null}>
      <HiddenWhileOpen button={button} />
      <CalendarPopover
        value={parseTypedDate(input.value, withTime) ?? (typeof stored === 'string' ? stored : '')}
        withTime={withTime}
        locale={localeOf(intl.locale)}
        buttonLabel={button.getAttribute('aria-label') ?? ''}
        onClose={close}
      />
    </Suspense>,
    box,
    path,
  );
}
