// Right-side panel for "new patient", details and similar side tasks (spec §9: 500px wide,
// 200 ms animation). Mantine's Drawer already traps focus, closes on Escape and restores focus.
import type { ReactElement, ReactNode } from 'react';
import { Drawer } from '@mantine/core';
import { useIntl } from 'react-intl';
import { messages } from './messages';

export const SLIDE_PANE_WIDTH = 500;
export const SLIDE_PANE_ANIMATION_MS = 200;

export interface SlidePaneProps {
  opened: boolean;
  onClose: () => void;
  /** Already localized title; also the accessible name of the dialog. */
  title: ReactNode;
  children?: ReactNode;
  /** Pixels or any CSS width; narrow screens still get at most the full viewport width. */
  width?: number | string;
  /**
   * A click on the dimmed page closes the pane by default; panes holding a form pass false so a
   * stray click cannot throw away typed data.
   */
  closeOnClickOutside?: boolean;
}

export function SlidePane({
  opened,
  onClose,
  title,
  children,
  width = SLIDE_PANE_WIDTH,
  closeOnClickOutside = true,
}: SlidePaneProps): ReactElement {
  const intl = useIntl();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position="right"
      size={width}
      styles={{ content: { maxWidth: '100vw' } }}
      transitionProps={{ duration: SLIDE_PANE_ANIMATION_MS, transition: 'slide-left' }}
      trapFocus
      closeOnEscape
      closeOnClickOutside={closeOnClickOutside}
      closeButtonProps={{ 'aria-label': intl.formatMessage(messages.close) }}
    >
      {children}
    </Drawer>
  );
}
