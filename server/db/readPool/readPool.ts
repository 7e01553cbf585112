// A pool of read-only SQLite connections, each in its own worker thread (readWorker.cjs), so a slow
// read no longer holds the server's one event loop (issue 17; docs/decisions.md "SQLite read pool").
// Queries wait in one queue and go to whichever worker is free. A worker that dies is replaced; the
// query it held fails with an ordinary error. Idle workers do not keep the process alive.
import { join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

export interface ReadPoolOptions {
  /** The SQLite file (WAL mode; the main connection has opened it already). */
  path: string;
  size: number;
  /** V8 heap limits per worker, so a runaway read fails alone instead of growing the process. */
  resourceLimits?: ResourceLimits;
}

export interface ReadPoolStats {
  /** Workers running now (a worker that could not open the file is not counted). */
  workers: number;
  /** Queries answered by each worker slot since the pool started (a replaced worker keeps its slot's count). */
  served: number[];
  /** Workers that died and were replaced. */
  replaced: number;
  /** Queries waiting for a free worker. */
  queued: number;
}

/** A read's rows and how long SQLite took for it in the worker (ms). */
export interface TimedRows {
  rows: unknown[];
  ms: number;
}

interface Job {
  sql: string;
  parameters: readonly unknown[];
  resolve(answer: TimedRows): void;
  reject(error: Error): void;
}

interface WorkerError {
  name?: string;
  message?: string;
  code?: unknown;
}

type WorkerAnswer = { type: 'ready' } | { id: number; rows: unknown[]; ms: number } | { id: number; error: WorkerError };

interface Slot {
  index: number;
  worker: Worker;
  /** 'ready' once its connection is open; a worker that dies before that is not replaced (no crash loop). */
  state: 'starting' | 'ready' | 'exited';
  job: { id: number; job: Job } | null;
  served: number;
}

const WORKER_FILE = join(__dirname, 'readWorker.cjs');
const ERROR_CLASSES: Record<string, new (message: string) => Error> = { TypeError, RangeError, SyntaxError };

/** The error the main connection would have thrown: a SqliteError with its code, or the same class. */
function rebuildError(error: WorkerError): Error {
  const message = error.message ?? 'SQLite read failed';
  if (typeof error.code === 'string') return new SqliteDatabase.SqliteError(message, error.code);
  const ErrorClass = (error.name && ERROR_CLASSES[error.name]) || Error;
  return new ErrorClass(message);
}

/** Structured cloning turns a Buffer into a plain Uint8Array; BLOBs come back as Buffers, as on main. */
function restoreBuffers(rows: unknown[]): unknown[] {
  for (const row of rows) {
    if (row === null || typeof row !== 'object') continue;
    const record = row as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) record[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return rows;
}

export class ReadPool {
  readonly #options: ReadPoolOptions;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #replaced = 0;
  #closing: Promise<void> | null = null;

  constructor(options: ReadPoolOptions) {
    this.#options = options;
    for (let index = 0; index < options.size; index += 1) this.#slots.push(this.#start(index, 0));
  }

  /** Runs a read-only statement on a free worker; the rows are the ones `statement.all()` gives. */
  async run(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    return (await this.runTimed(sql, parameters)).rows;
  }

  /** The same, with the time SQLite took in the worker. */
  runTimed(sql: string, parameters: readonly unknown[]): Promise<TimedRows> {
    if (this.#closing) return Promise.reject(new Error('The SQLite read pool is closed'));
    if (!this.available) return Promise.reject(new Error('The SQLite read workers could not start'));
    return new Promise((resolve, reject) => {
      this.#queue.push({ sql, parameters, resolve, reject });
      this.#dispatch();
    });
  }

  /** False when no worker could open the file: the caller then reads on the main connection. */
  get available(): boolean {
    return this.#slots.some((slot) => slot.state !== 'exited');
  }

  stats(): ReadPoolStats {
    return {
      workers: this.#slots.filter((slot) => slot.state !== 'exited').length,
      served: this.#slots.map((slot) => slot.served),
      replaced: this.#replaced,
      queued: this.#queue.length,
    };
  }

  /** Fails what waits, lets each worker close its connection, and ends the threads. */
  close(): Promise<void> {
    this.#closing ??= this.#closeAll();
    return this.#closing;
  }

  async #closeAll(): Promise<void> {
    for (const job of this.#queue.splice(0)) job.reject(new Error('The SQLite read pool is closed'));
    await Promise.all(
      this.#slots.map(async (slot) => {
        if (slot.state === 'exited') return;
        const exited = new Promise((resolve) => slot.worker.once('exit', resolve));
        slot.worker.postMessage({ type: 'close' });
        // A worker busy with a long read is stopped rather than awaited.
        const timer = setTimeout(() => void slot.worker.terminate(), 1000);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  #start(index: number, served: number): Slot {
    const worker = new Worker(WORKER_FILE, {
      workerData: { path: this.#options.path },
      resourceLimits: this.#options.resourceLimits,
      // The worker is plain JavaScript: tsx's loader (npm start) would only slow its start.
      execArgv: [],
    });
    const slot: Slot = { index, worker, state: 'starting', job: null, served };
    // Only a worker with a query in flight keeps the process alive (see #dispatch).
    worker.unref();
    worker.on('message', (answer: WorkerAnswer) => this.#answer(slot, answer));
    // 'error' (an uncaught exception, out of memory) is always followed by 'exit'.
    worker.on('error', (error) => this.#fail(slot, new Error(`The SQLite read worker stopped: ${error.message}`, { cause: error })));
    // An answer that cannot be read back would otherwise leave its query waiting.
    worker.on('messageerror', (error) => {
      slot.worker.unref();
      this.#fail(slot, new Error('The answer of the SQLite read worker could not be read', { cause: error }));
      this.#dispatch();
    });
    worker.on('exit', (code) => this.#exited(slot, code));
    return slot;
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (this.#queue.length === 0) return;
      if (slot.job || slot.state === 'exited') continue;
      const job = this.#queue.shift() as Job;
      const id = this.#nextId;
      this.#nextId += 1;
      try {
        slot.worker.postMessage({ id, sql: job.sql, parameters: job.parameters });
      } catch (error) {
        // A parameter that cannot be copied to the thread (DataCloneError) fails its query alone.
        job.reject(error as Error);
        continue;
      }
      slot.job = { id, job };
      slot.worker.ref();
    }
  }

  #answer(slot: Slot, answer: WorkerAnswer): void {
    if ('type' in answer) {
      slot.state = 'ready';
      return;
    }
    const current = slot.job;
    if (!current || current.id !== answer.id) return;
    slot.job = null;
    slot.served += 1;
    slot.worker.unref();
    if ('error' in answer) current.job.reject(rebuildError(answer.error));
    else current.job.resolve({ rows: restoreBuffers(answer.rows), ms: answer.ms });
    this.#dispatch();
  }

  /** Fails the query the worker holds, if any. */
  #fail(slot: Slot, error: Error): void {
    const current = slot.job;
    slot.job = null;
    current?.job.reject(error);
  }

  #exited(slot: Slot, code: number): void {
    const wasReady = slot.state === 'ready';
    slot.state = 'exited';
    this.#fail(slot, new Error(`The SQLite read worker stopped: exit code ${code}`));
    if (this.#closing) return;
    if (wasReady) {
      // Replace the dead worker in its slot and hand it the next waiting query.
      this.#replaced += 1;
      this.#slots[slot.index] = this.#start(slot.index, slot.served);
    } else if (!this.available) {
      // No worker can open the file: what waits fails; the driver reads on the main connection from now on.
      for (const job of this.#queue.splice(0)) job.reject(new Error(`The SQLite read workers could not start (exit code ${code})`));
    }
    this.#dispatch();
  }
}
