// Keeps the user from losing a half-filled clinical form (spec §2: the leave prompt). In-app
// navigation is held by react-router's blocker, closing or reloading the tab by `beforeunload`.
// useBlocker only works under a data router (createBrowserRouter / createMemoryRouter).
import { useEffect, type ReactElement } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../confirmDialog/ConfirmDialog';
import { messages } from './messages';

function handleBeforeUnload(event: BeforeUnloadEvent): void {
  // Browsers show their own fixed text; preventDefault plus returnValue covers old and new ones.
  event.preventDefault();
  event.returnValue = '';
}

/**
 * The answers are the dialog's defaults (Igen / Mégse, Yes / Cancel), matching the question.
 * While `isDirty`, navigation to another location asks first. Returns the prompt element, which
 * the caller renders. Clear the dirty flag before navigating away after a successful save.
 */
export function useUnsavedChangesGuard(isDirty: boolean): ReactElement {
  const intl = useIntl();
  // Only a real change of page counts: changing the hash or re-visiting the same URL loses nothing.
  const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) =>
    isDirty &&
    (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!isDirty) return undefined;
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isDirty]);

  // The form got clean while the prompt was open (reset elsewhere): drop the stale prompt rather
  // than navigate on the user's behalf.
  useEffect(() => {
    if (!isDirty && blocker.state === 'blocked') blocker.reset();
  }, [isDirty, blocker]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={intl.formatMessage(messages.title)}
      body={intl.formatMessage(messages.body)}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/** Component form of the guard for JSX-only callers: `<UnsavedChangesGuard isDirty={dirty} />`. */
export function UnsavedChangesGuard({ isDirty }: { isDirty: boolean }): ReactElement {
  return useUnsavedChangesGuard(isDirty);
}
