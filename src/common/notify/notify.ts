// The one way a screen tells the user that an action went through (or did not): a short
// notification in words, e.g. "Draft saved" or "Approved at level 1 of 2". One place, so every
// screen's notices look, last and announce themselves alike (Mantine's notifications are a live
// region). The text comes already translated; no notice ever carries a secret.
import { notifications } from '@mantine/notifications';

export type NoticeTone = 'success' | 'info' | 'warning' | 'error';

const COLOR: Record<NoticeTone, string> = { success: 'green', info: 'blue', warning: 'yellow', error: 'red' };

/** How long a notice stays: long enough to read two lines; failures stay until closed. */
const SHOWN_MS = 6000;

export function notify(message: string, tone: NoticeTone = 'success'): void {
  notifications.show({ message, color: COLOR[tone], autoClose: tone === 'error' ? false : SHOWN_MS, withBorder: true });
}
