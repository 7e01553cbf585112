// The validation pane's frame: a dialog on the right (500 px, the full width on a phone) over a
// dimmed page, focus moved into it (the [data-autofocus] entry) and kept there, Escape and the
// close button close it, focus returns where it was. Unlike the shared SlidePane (Mantine's
// Drawer) it opens in the same frame as the submit's field errors: no enter transition (two more
// frames, one of them mounting the whole list) and no scroll lock (react-remove-scroll measures
// the scrollbar and forces a layout of the 2000-field page). The page behind may scroll; the dim
// layer still takes the clicks, as the drawer's did.
import { useId, type ReactElement, type ReactNode } from 'react';
import { CloseButton } from '@mantine/core';
import { useFocusReturn, useFocusTrap, useWindowEvent } from '@mantine/hooks';
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

export function PaneFrame({ opened, onClose, title, children }: PaneFrameProps): ReactElement | null {
  const intl = useIntl();
  const titleId = useId();
  const trapRef = useFocusTrap(opened);
  useFocusReturn({ opened });
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape' && !event.defaultPrevented) onClose();
  });
  if (!opened) return null;
  return (
    <>
      <div className={styles.paneOverlay} aria-hidden="true" />
      <section ref={trapRef} role="dialog" aria-modal="true" aria-labelledby={titleId} className={styles.pane}>
        <header className={styles.paneHeader}>
          <h2 id={titleId} className={styles.paneTitle}>
            {title}
          </h2>
          <CloseButton aria-label={intl.formatMessage(slidePaneMessages.close)} onClick={onClose} />
        </header>
        {children}
      </section>
    </>
  );
}
