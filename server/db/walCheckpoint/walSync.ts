// A commit on the server's SQLite connection is on disk before the write is acknowledged, yet the
// disk's answer is awaited off the server's thread (docs/decisions.md "SQLite: commits synced off
// the event loop"). The connection commits at `synchronous = NORMAL`: SQLite writes the commit to
// the write-ahead log and returns at once; then the log file is synced in libuv's thread pool and
// only that resolves the caller's write. A sync covers everything written to the file before it
// began, so the writes that commit while one sync runs share the next one (group commit): ten
// concurrent saves wait for at most two syncs, not ten in a row.
import { open, type FileHandle } from 'node:fs/promises';

/** Makes everything written to the file so far durable. */
export type FlushFile = (path: string) => Promise<void>;

/** fdatasync of the file, on a handle kept open (the log file lives as long as any connection to the database). */
function keptHandleFlush(): { flush: FlushFile; close(): Promise<void> } {
  let handle: Promise<FileHandle> | undefined;
  return {
    flush: async (path) => {
      // Opened at the first sync: the log file exists once the first commit wrote it.
      handle ??= open(path, 'r');
      try {
        await (await handle).datasync();
      } catch (error) {
        handle = undefined;
        // No log file yet: no commit wrote one (a statement that changed nothing), so nothing to sync.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
    },
    close: async () => {
      const kept = handle;
      handle = undefined;
      await (await kept?.catch(() => undefined))?.close();
    },
  };
}

export class WalSync {
  readonly #path: string;
  readonly #flush: FlushFile;
  readonly #closeFile: () => Promise<void>;
  /** The sync under way. */
  #running: Promise<void> | undefined;
  /** The sync that starts when the running one ends, for the commits made meanwhile. */
  #next: Promise<void> | undefined;
  #syncs = 0;

  /** `path` is the database file's write-ahead log (`<file>-wal`); `flush` replaces fdatasync in tests. */
  constructor(path: string, flush?: FlushFile) {
    this.#path = path;
    // Opens nothing until its first flush, so a replaced one costs nothing.
    const kept = keptHandleFlush();
    this.#flush = flush ?? kept.flush;
    this.#closeFile = kept.close;
  }

  /** Resolves once everything committed before this call is on disk; rejects if the disk refused. */
  sync(): Promise<void> {
    // A running sync may have begun before this caller's commit: only a sync begun afterwards counts.
    if (this.#running) {
      this.#next ??= this.#running
        .catch(() => undefined)
        .then(() => {
          this.#next = undefined;
          return this.sync();
        });
      return this.#next;
    }
    this.#syncs += 1;
    this.#running = this.#flush(this.#path).finally(() => (this.#running = undefined));
    return this.#running;
  }

  /** Syncs begun so far (the read pool's statistics). */
  get syncs(): number {
    return this.#syncs;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.#running, this.#next]);
    await this.#closeFile();
  }
}
