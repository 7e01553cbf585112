// The validation pane's frame: a dialog on the right (500 px, the full width on a phone) over a
// dimmed page, focus moved into it (the [data-autofocus] entry) and kept there, Escape and the
// close button close it, focus returns where it was. Unlike the shared SlidePane (Mantine's
// Drawer) it opens in the same frame as the submit's field errors: no enter transition (two more
// frames, one of them mounting the whole list) and no scroll lock (react-remove-scroll measures
// the scrollbar and forces a layout of the 2000-field page). The page behind may scroll; the dim
// layer still takes the clicks, as the drawer's did.
import { useId, useLayoutEffect, useRef, type ReactElement, type ReactNode, type RefObject } from 'react';
import { CloseButton } from '@mantine/core';
import { useFocusTrap, useMergedRef, useWindowEvent } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { slidePaneMessages } from '../common/slidePane';
import styles from './formEngine.module.css';

interface PaneFrameProps {
  opened: boolean;
  onClose: () => void;
  /** Already localized; also the dialog's accessible name. */
  title: string;
  children: ReactNode;
}

export function PaneFrame({ opened, onClose, title, children }: PaneFrameProps): ReactElement {
  const intl = useIntl();
  const titleId = useId();
  const paneRef = useRef<HTMLElement>(null);
  // The trap keeps Tab inside; its own focusing comes a task later and finds the entry focused.
  const trapRef = useMergedRef(paneRef, useFocusTrap(opened));
  useFocusOnOpen(opened, paneRef);
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape' && !event.defaultPrevented) onClose();
  });
  // The frame stays mounted, hidden, while closed: its header with the UI kit's close button is then
  // not built in a held submit's task. The body comes and goes with the open state.
  return (
    <>
      {opened && <div className={styles.paneOverlay} aria-hidden="true" />}
      <section ref={trapRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.pane} hidden={!opened}>
        <header className={styles.paneHeader}>
          <h2 id={titleId} className={styles.paneTitle}>
            {title}
          </h2>
          <CloseButton aria-label={intl.formatMessage(slidePaneMessages.close)} onClick={onClose} />
        </header>
        {opened && children}
      </section>
    </>
  );
}

/**
 * Focus goes to the pane's [data-autofocus] entry in the commit that opens it, so the pane is
 * painted once, already focused (Mantine's trap focuses a task later: a second style pass and
 * frame). On closing, focus returns where it was unless something else took it meanwhile, as
 * Mantine's useFocusReturn does; that hook reads the focused element only after this one moved it.
 */
function useFocusOnOpen(opened: boolean, paneRef: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const pane = paneRef.current;
    if (!opened || !pane) return;
    const before = document.activeElement;
    (pane.querySelector<HTMLElement>('[data-autofocus]') ?? pane.querySelector<HTMLElement>('button'))?.focus({ preventScroll: true });
    return () => {
      const atClose = document.activeElement;
      // A jump to a field (the usual way out) focuses it in an effect right after this.
      window.setTimeout(() => {
        const now = document.activeElement;
        const free = now === null || now === document.body || now === atClose || !now.isConnected;
        if (free && before instanceof HTMLElement && before.isConnected) before.focus({ preventScroll: true });
      }, 10);
    };
  }, [opened, paneRef]);
}
