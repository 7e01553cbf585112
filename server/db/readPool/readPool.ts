// A pool of read-only SQLite connections, each in its own worker thread (readWorker.cjs), so a slow
// read no longer holds the server's one event loop (issue 17; docs/decisions.md "SQLite read pool").
// Queries wait in one queue and go to whichever worker is free, those of one event-loop turn
// together in one message. A worker that dies is replaced; the query that killed it fails with an
// ordinary error. Idle workers do not keep the process alive.
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
  /** Queries a worker holds now. */
  running: number;
  /** Messages that carried the queries to the workers (several queries of one turn share one). */
  messages: number;
}

/** A read's rows and how long SQLite took for it in the worker (ms). */
export interface TimedRows {
  rows: unknown[];
  ms: number;
}

interface Job {
  sql: string;
  parameters: readonly unknown[];
  /** Sent in a message of its own: it shared one with a query that killed the worker (see #fail). */
  alone?: boolean;
  resolve(answer: TimedRows): void;
  reject(error: Error): void;
}

interface WorkerError {
  name?: string;
  message?: string;
  code?: unknown;
}

type JobAnswer = { id: number; rows: unknown[]; ms: number } | { id: number; error: WorkerError };
type WorkerAnswer = { type: 'ready' } | { answers: JobAnswer[] };

interface Slot {
  index: number;
  worker: Worker;
  /** 'ready' once its connection is open; a worker that dies before that is not replaced (no crash loop). */
  state: 'starting' | 'ready' | 'exited';
  /** The queries sent to the worker in one message, by id; empty when the worker is free. */
  jobs: Map<number, Job>;
  served: number;
}

/**
 * At most this many queries go to a worker in one message. A message wakes the worker's thread,
 * which costs the main thread about 0.2 ms on a small VM, more than most reads of a page; a request
 * that reads several things at once (Promise.all) or ten requests arriving together share that cost.
 */
const BATCH_SIZE = 8;

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
  #dispatchScheduled = false;
  #messages = 0;
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
      this.#scheduleDispatch();
    });
  }

  /**
   * Dispatches once the current turn of the event loop is done, so that the reads it started
   * (one request's Promise.all, or several requests) leave in as few messages as possible.
   */
  #scheduleDispatch(): void {
    if (this.#dispatchScheduled) return;
    this.#dispatchScheduled = true;
    setImmediate(() => {
      this.#dispatchScheduled = false;
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
      running: this.#slots.reduce((sum, slot) => sum + slot.jobs.size, 0),
      messages: this.#messages,
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
    const slot: Slot = { index, worker, state: 'starting', jobs: new Map(), served };
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
    const free = this.#slots.filter((slot) => slot.jobs.size === 0 && slot.state !== 'exited');
    for (const [index, slot] of free.entries()) {
      if (this.#queue.length === 0) return;
      // Shared among the free workers, so that a slow read does not hold the others up while one idles.
      const batch = this.#takeBatch(Math.ceil(this.#queue.length / (free.length - index))).map((job) => ({ id: this.#takeId(), job }));
      if (this.#send(slot, batch) === undefined) continue;
      // A parameter that cannot be copied to the thread (DataCloneError) fails its query alone.
      for (const one of batch) {
        const error = this.#send(slot, [one]);
        if (error) one.job.reject(error);
      }
    }
  }

  /** Up to `size` queries from the head of the queue; a query to be sent alone goes alone. */
  #takeBatch(size: number): Job[] {
    if (this.#queue[0].alone) return this.#queue.splice(0, 1);
    let count = 1;
    while (count < Math.min(size, BATCH_SIZE, this.#queue.length) && !this.#queue[count].alone) count += 1;
    return this.#queue.splice(0, count);
  }

  #takeId(): number {
    const id = this.#nextId;
    this.#nextId += 1;
    return id;
  }

  /** Posts the batch to the worker, which is busy until it has answered them all; the error when nothing could be sent. */
  #send(slot: Slot, batch: readonly { id: number; job: Job }[]): Error | undefined {
    try {
      slot.worker.postMessage({ jobs: batch.map(({ id, job }) => ({ id, sql: job.sql, parameters: job.parameters })) });
    } catch (error) {
      return error as Error;
    }
    this.#messages += 1;
    for (const { id, job } of batch) slot.jobs.set(id, job);
    slot.worker.ref();
    return undefined;
  }

  #answer(slot: Slot, answer: WorkerAnswer): void {
    if ('type' in answer) {
      slot.state = 'ready';
      return;
    }
    for (const one of answer.answers) {
      const job = slot.jobs.get(one.id);
      if (!job) continue;
      slot.jobs.delete(one.id);
      slot.served += 1;
      if ('error' in one) job.reject(rebuildError(one.error));
      else job.resolve({ rows: restoreBuffers(one.rows), ms: one.ms });
    }
    if (slot.jobs.size === 0) slot.worker.unref();
    this.#dispatch();
  }

  /**
   * The worker stopped or its answer was lost. A query it held alone fails. Queries it held
   * together go back to the head of the queue, each to be sent alone: the one that killed the
   * worker then fails by itself and the others are answered.
   */
  #fail(slot: Slot, error: Error): void {
    const jobs = [...slot.jobs.values()];
    slot.jobs.clear();
    if (jobs.length === 1 || this.#closing) {
      for (const job of jobs) job.reject(error);
      return;
    }
    this.#queue.unshift(...jobs.map((job) => ({ ...job, alone: true })));
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
