// Reads known to be quick, answered on a read-only connection in the main thread instead of a read
// worker. Handing a read to a worker and taking its answer back costs the main thread far more than
// a lookup by key costs on its own: 75 µs against 6 µs on the virtual machine of bench/README.md
// "Read pool", plus 190 µs of waiting. docs/decisions.md "Quick reads on the main thread".
//
// A statement (by its SQL text) becomes quick when both hold:
// - its plan only seeks by equality: no scan, no range, no automatic index, no co-routine or
//   materialized subquery, no virtual table (isSeekOnlyPlan);
// - PROBATION_RUNS of its runs in the workers took at most QUICK_MS each, and no more than one
//   longer (a worker that lost its core for a moment should not condemn a statement for good).
// A quick statement that takes longer than SLOW_MS on the main thread goes back to the workers for
// good: parameters can make a seek long (a count over a large registry), and the next run of it
// must not hold the event loop again.
import SqliteDatabase from 'better-sqlite3';
import { STATEMENT_CACHE_SIZE, withStatementCache, type CachingSqliteDatabase } from '../sqliteStatementCache';

/** A worker run of a statement on probation must take at most this long (ms). */
export const QUICK_MS = 1;
/** Runs in the workers before a statement may move to the main thread. */
export const PROBATION_RUNS = 5;
/** A run on the main thread longer than this (ms) sends the statement back to the workers. */
export const SLOW_MS = 5;
/** Verdicts remembered, as many as prepared statements; the oldest are forgotten first (a forgotten verdict starts a new probation). */
const REMEMBERED = STATEMENT_CACHE_SIZE;

type Verdict = { state: 'probation'; quickRuns: number; slowRuns: number } | { state: 'quick' } | { state: 'pool' };

/** A plan line that can make a read long: a scan, a range, a built index, a subquery run whole, FTS. */
const UNBOUNDED = /^SCAN (?!CONSTANT ROW)|AUTOMATIC|CO-ROUTINE|MATERIALIZE|VIRTUAL TABLE|[<>]/;

/** Whether every line of `EXPLAIN QUERY PLAN` only seeks by equality (constant rows and subquery headings pass). */
export function isSeekOnlyPlan(details: readonly string[]): boolean {
  return details.length > 0 && details.every((detail) => !UNBOUNDED.test(detail));
}

export interface QuickReadsStats {
  /** Reads answered on the main thread. */
  answered: number;
  /** Statements that were quick and went back to the workers after a slow run. */
  demoted: number;
}

export class QuickReads {
  readonly #connection: SqliteDatabase.Database;
  /** The same statement cache as the main connection's (booleans bound as 0/1 included). */
  readonly #statements: CachingSqliteDatabase;
  readonly #verdicts = new Map<string, Verdict>();
  #answered = 0;
  #demoted = 0;

  /** `register` adds the SQL functions every connection of the file has (connection.ts). */
  constructor(path: string, register: (connection: SqliteDatabase.Database) => void) {
    this.#connection = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
    this.#connection.pragma('busy_timeout = 5000');
    register(this.#connection);
    this.#statements = withStatementCache(this.#connection);
  }

  /** Whether the statement (with that many parameters) runs here rather than in a worker. */
  isQuick(sql: string, parameterCount: number): boolean {
    return this.#verdict(sql, parameterCount).state === 'quick';
  }

  /** A worker ran the statement in `ms`: a statement on probation is judged by it. */
  ranInWorker(sql: string, ms: number): void {
    const verdict = this.#verdicts.get(sql);
    if (verdict?.state !== 'probation') return;
    if (ms > QUICK_MS) verdict.slowRuns += 1;
    else verdict.quickRuns += 1;
    if (verdict.slowRuns > 1) this.#verdicts.set(sql, { state: 'pool' });
    else if (verdict.quickRuns >= PROBATION_RUNS) this.#verdicts.set(sql, { state: 'quick' });
  }

  /** Runs a quick statement here; one that took long goes back to the workers. */
  run(sql: string, parameters: readonly unknown[]): unknown[] {
    const started = performance.now();
    try {
      return this.#statements.prepare(sql).all(parameters) as unknown[];
    } finally {
      this.#answered += 1;
      if (performance.now() - started > SLOW_MS) {
        this.#verdicts.set(sql, { state: 'pool' });
        this.#demoted += 1;
      }
    }
  }

  stats(): QuickReadsStats {
    return { answered: this.#answered, demoted: this.#demoted };
  }

  close(): void {
    if (this.#connection.open) this.#statements.close();
  }

  #verdict(sql: string, parameterCount: number): Verdict {
    const known = this.#verdicts.get(sql);
    if (known) return known;
    const verdict: Verdict = this.#seeksOnly(sql, parameterCount) ? { state: 'probation', quickRuns: 0, slowRuns: 0 } : { state: 'pool' };
    this.#verdicts.set(sql, verdict);
    if (this.#verdicts.size > REMEMBERED) this.#verdicts.delete(this.#verdicts.keys().next().value as string);
    return verdict;
  }

  /** The plan SQLite chooses, with every parameter unknown (NULL). A statement it cannot plan is not quick. */
  #seeksOnly(sql: string, parameterCount: number): boolean {
    try {
      const plan = this.#connection.prepare(`explain query plan ${sql}`).all(new Array<null>(parameterCount).fill(null)) as Array<{ detail: string }>;
      return isSeekOnlyPlan(plan.map((row) => row.detail));
    } catch {
      return false;
    }
  }
}
