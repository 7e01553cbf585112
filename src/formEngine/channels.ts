// The engine store's subscription channels: one per value path (a field, a group, a multi-field)
// plus FORM_KEY. A bump raises the channel's version and calls its listeners; bumps made inside
// batch() are delivered once, after the operation, so that a listener never reads a half-applied
// change and a path bumped twice wakes its field once.

/**
 * What a channel calls on a bump: a function, or an object with `storeChanged` (a field component
 * subscribes itself, so 2000 fields hold no listener closures).
 */
export type Listener = (() => void) | { storeChanged(): void };

export interface Channel {
  subscribe: (listener: () => void) => () => void;
  version: () => number;
}

export interface Channels {
  subscribe(key: string, listener: Listener): () => void;
  /** Removes a listener without the closure subscribe() hands back. */
  unsubscribe(key: string, listener: Listener): void;
  version(key: string): number;
  /** Stable subscribe/version functions of one channel, for useSyncExternalStore. */
  channel(key: string): Channel;
  bump(key: string): void;
  /** Bumps every channel with a listener whose key starts with `prefix`. */
  bumpPrefix(prefix: string): void;
  batch(run: () => void): void;
  clear(): void;
}

export function createChannels(): Channels {
  // Plain arrays: nearly every channel has one listener, and a Set per field costs more memory.
  const listeners = new Map<string, Listener[]>();
  const versions = new Map<string, number>();
  const channels = new Map<string, Channel>();
  const queued = new Set<string>();
  let depth = 0;

  const notify = (listener: Listener): void => (typeof listener === 'function' ? listener() : listener.storeChanged());
  const flush = (): void => {
    const keys = [...queued];
    queued.clear();
    for (const key of keys) versions.set(key, (versions.get(key) ?? 0) + 1);
    for (const key of keys) for (const listener of listeners.get(key) ?? []) notify(listener);
  };
  const bump = (key: string): void => {
    queued.add(key);
    if (depth === 0) flush();
  };
  const unsubscribe = (key: string, listener: Listener): void => {
    const rest = (listeners.get(key) ?? []).filter((l) => l !== listener);
    if (rest.length === 0) listeners.delete(key);
    else listeners.set(key, rest);
  };
  const subscribe = (key: string, listener: Listener): (() => void) => {
    const current = listeners.get(key);
    // The usual single listener is a one-element array of its own.
    listeners.set(key, current ? [...current, listener] : [listener]);
    return () => unsubscribe(key, listener);
  };
  const version = (key: string): number => versions.get(key) ?? 0;

  return {
    subscribe,
    unsubscribe,
    version,
    channel(key) {
      let found = channels.get(key);
      if (!found) channels.set(key, (found = { subscribe: (listener) => subscribe(key, listener), version: () => version(key) }));
      return found;
    },
    bump,
    bumpPrefix(prefix) {
      for (const key of listeners.keys()) if (key.startsWith(prefix)) bump(key);
    },
    batch(run) {
      depth += 1;
      try {
        run();
      } finally {
        depth -= 1;
        if (depth === 0) flush();
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
