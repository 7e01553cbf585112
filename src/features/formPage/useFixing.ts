// Fixing on the form page (docs/form-lifecycle.md "Fixing"): the engine's fix locks from the form's
// locks (with their holders' names), taking a lock when the user starts fixing a field, renewing
// it while they type, and on "Finish fixing" sending the fixed value (or just releasing the lock
// when nothing changed).
import { useCallback, useMemo, type MutableRefObject } from 'react';
import { useAppDispatch } from '../../app/hooks';
import type { ClinicalForm } from '../../api/forms';
import { getAt, isSameValue, type FieldLockMap, type FormValues } from '../../domain/forms';
import { formPageActions } from './formPage.slice';

export interface Fixing {
  locks: FieldLockMap;
  onStartFix: (path: string) => void;
  onEndFix: (path: string) => void;
  /** Call on every change: a change of a field being fixed keeps its lock alive. */
  touched: (path: string) => void;
}

export function useFixing(form: ClinicalForm | null, userId: string | undefined, editing: MutableRefObject<FormValues>): Fixing {
  const dispatch = useAppDispatch();
  const serverLocks = form?.locks;
  const locks = useMemo<FieldLockMap>(
    () => Object.fromEntries((serverLocks ?? []).map((lock) => [lock.path, { userId: lock.userId, userName: lock.userName, since: lock.expiresAt }])),
    [serverLocks],
  );
  const stored = form?.values;
  const onStartFix = useCallback((path: string) => dispatch(formPageActions.fixStartRequested(path)), [dispatch]);
  const onEndFix = useCallback(
    (path: string) => {
      const value = getAt(editing.current, path) ?? null;
      const changed = !isSameValue(value, stored ? getAt(stored, path) : undefined);
      dispatch(formPageActions.fixEndRequested({ path, value, changed }));
    },
    [dispatch, editing, stored],
  );
  const touched = useCallback(
    (path: string) => {
      if (userId !== undefined && locks[path]?.userId === userId) dispatch(formPageActions.fixRenewRequested(path));
    },
    [dispatch, locks, userId],
  );
  return { locks, onStartFix, onEndFix, touched };
}
