// With the read pool, the server's SQLite connection waits for the disk nowhere on its thread: it
// commits at `synchronous = NORMAL` and never checkpoints; WalSync syncs the log in libuv's thread
// pool before a write resolves, WalCheckpointer copies the log into the file in a worker
// (docs/decisions.md "SQLite: commits synced off the event loop").
import type SqliteDatabase from 'better-sqlite3';
import { WalCheckpointer, type CheckpointStats } from './walCheckpointer';
import { WalSync, type FlushFile } from './walSync';

/** SQLite files with the read pool: how commits reach the disk (tests replace the sync, shorten the wait). */
export interface DurabilityOptions {
  /** Syncs the write-ahead log; by default fdatasync in libuv's thread pool (walSync.ts). */
  flushWal?: FlushFile;
  /** Between the worker's checkpoints (walCheckpointer.ts). */
  checkpointEveryMs?: number;
}

/** Syncs of the write-ahead log begun (each covers every commit before it) and the worker's checkpoints. */
export type DurabilityStats = CheckpointStats & { syncs: number };

export interface OffThreadDurability {
  /** Resolves once every commit made so far is on disk; the pooled dialect awaits it after each write. */
  sync(): Promise<void>;
  stats(): DurabilityStats;
  close(): Promise<void>;
}

/** SQLite's own trigger for a checkpoint, in pages of log, for a connection that checkpoints itself. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

/** The main connection commits without waiting for the disk; WalSync and WalCheckpointer wait instead. */
export function offThreadDurability(sqlite: SqliteDatabase.Database, path: string, options: DurabilityOptions): OffThreadDurability {
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('wal_autocheckpoint = 0');
  const walSync = new WalSync(`${path}-wal`, options.flushWal);
  const checkpointer = new WalCheckpointer(
    path,
    () => {
      if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    },
    options.checkpointEveryMs,
  );
  return {
    sync: () => walSync.sync(),
    stats: () => ({ syncs: walSync.syncs, ...checkpointer.stats() }),
    close: async () => {
      await checkpointer.close();
      await walSync.close();
    },
  };
}
