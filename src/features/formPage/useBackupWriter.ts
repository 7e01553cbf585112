// Throttles form-backup writes: the first change is written at once, later ones within the second
// are collected and the latest is written when it ends (at most one write a second, so typing in a
// 2000-field form never serializes it per keystroke). Pending work is written before a save and
// when the page goes away, so the last keystrokes are not lost.
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

export const BACKUP_THROTTLE_MS = 1000;

export interface BackupWriter {
  /** Something changed: write soon (at most once a second). */
  changed: () => void;
  /** Write now if a change is still waiting. */
  flush: () => void;
}

export function useBackupWriter(enabled: boolean, write: () => void): BackupWriter {
  const latestWrite = useRef(write);
  useLayoutEffect(() => {
    latestWrite.current = write;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastRun = useRef(-Infinity);

  const run = useCallback((): void => {
    timer.current = null;
    lastRun.current = Date.now();
    latestWrite.current();
  }, []);

  const changed = useCallback((): void => {
    if (!enabled || timer.current !== null) return;
    const wait = lastRun.current + BACKUP_THROTTLE_MS - Date.now();
    if (wait <= 0) run();
    else timer.current = setTimeout(run, wait);
  }, [enabled, run]);

  const flush = useCallback((): void => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    run();
  }, [run]);

  useEffect(() => flush, [flush]);
  return { changed, flush };
}
