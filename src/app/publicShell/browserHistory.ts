// The address bar for the light public shell: read and written in react-router's own format
// (`{ usr, key, idx }` in history.state), so that the full router, once it takes over, finds the
// same location state (where to return after sign-in) and the same history positions.
import type { NavigateOptions, PublicLocation } from '../../common/routing/publicNavigation';

interface RouterHistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const historyState = (): RouterHistoryState | null => window.history.state as RouterHistoryState | null;

export function currentLocation(): PublicLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: historyState()?.usr ?? null };
}

export function writeHistory(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  const index = historyState()?.idx ?? 0;
  const entry: RouterHistoryState = { usr: state, key: Math.random().toString(36).substring(2, 10), idx: replace ? index : index + 1 };
  if (replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
}
