// Where forms keep in-progress copies in the browser: saved form sessions in sessionStorage and
// backups (which survive a crash or an expired session) in localStorage. Spec auth §9: both are
// cleared at startup unless form backup is enabled on the server.
export const FORM_SESSION_PREFIX = 'formSession:';
export const FORM_BACKUP_PREFIX = 'formBackup:';

function removeWithPrefix(storage: Storage, prefix: string): number {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  keys.forEach((key) => storage.removeItem(key));
  return keys.length;
}

/** Answers how many entries were removed. */
export function clearFormBackups(): number {
  try {
    return removeWithPrefix(window.sessionStorage, FORM_SESSION_PREFIX) + removeWithPrefix(window.localStorage, FORM_BACKUP_PREFIX);
  } catch {
    return 0;
  }
}
