// PostgreSQL: statements outside a transaction share a few pipelined connections
// (docs/decisions.md "PostgreSQL: statements pipelined on a few shared connections").
// pg sends a statement on a pipelined connection without waiting for the ones before it to be
// answered, so ten requests' statements reach one server process back to back: it works through
// them without going to sleep between them, and one read brings several answers back. With a pooled
// connection per statement each one woke a server process of its own, and on a two-core machine
// that wake-up cost more than most statements (bench/README.md: ten clients' req/s ×1.4 with two
// shared connections, ×1.24 more with one).
// A transaction or a cursor takes a pooled connection, and so does every statement while all
// shared connections are held up by a slow one (STALLED_AFTER_MS) or have many waiting
// (MAX_DEPTH): a slow list holds up only what was sent behind it before that. Session state set
// outside a transaction lands on a shared session: only the Migrator does that (its advisory lock,
// taken and released by one lease), and work that may run long uses DatabaseHandle.background.
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

/** A shared connection whose oldest statement has run this long takes no more. */
export const STALLED_AFTER_MS = 20;
/** Statements sent and not yet answered on one shared connection, at most. */
export const MAX_DEPTH = 32;

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
/** How Kysely ends a transaction (`rollback to savepoint` does not end one). */
const TRANSACTION_END = /^\s*(commit|rollback)\s*;?\s*$/i;

type Query = (...args: unknown[]) => Promise<unknown>;

interface SharedConnection {
  client: pg.Client;
  connected: Promise<unknown>;
  ready: boolean;
  /** Statements sent and not yet answered. */
  depth: number;
  /** Since when the oldest of them has been the one PostgreSQL is working on. */
  busySince: number;
  broken: boolean;
}

export interface PipelineStats {
  /** Statements sent on a shared connection; leases that took a pooled connection instead (a transaction counts once). */
  pipelined: number;
  pooled: number;
}

/**
 * A pool for Kysely whose leases send on the least busy shared connection, except transactions
 * and cursors, which take pooled ones (the lease below). `prepare` gives a new shared connection
 * what the pool's connections get (named statements: preparedStatements.ts).
 */
export function pipelinedPool(pool: pg.Pool, config: pg.ClientConfig, size: number, prepare: (client: pg.Client) => void) {
  const shared: (SharedConnection | undefined)[] = new Array(size).fill(undefined);
  const stats: PipelineStats = { pipelined: 0, pooled: 0 };
  let ended = false;

  const open = (): SharedConnection => {
    const client = new pg.Client({ ...config, pipeline: true } as pg.ClientConfig);
    prepare(client);
    const connection: SharedConnection = { client, connected: client.connect(), ready: false, depth: 0, busySince: 0, broken: false };
    // A lost connection fails what was sent on it (as a pooled one would) and is replaced at the next
    // statement; an 'error' without a listener would end the process.
    const lost = () => {
      connection.broken = true;
    };
    client.on('error', lost);
    client.on('end', lost);
    // Connecting is not a stall: the statements sent meanwhile start when it is done.
    void connection.connected.then(() => {
      connection.ready = true;
      connection.busySince = Date.now();
    }, lost);
    return connection;
  };

  /** The shared connection to send on, or undefined when every one is stalled or full. */
  const pick = (): SharedConnection | undefined => {
    let best: SharedConnection | undefined;
    for (let index = 0; index < shared.length; index += 1) {
      let connection = shared[index];
      if (!connection || connection.broken) {
        if (connection) void connection.client.end().catch(() => undefined);
        connection = shared[index] = open();
      }
      const stalled = connection.ready && connection.depth > 0 && Date.now() - connection.busySince > STALLED_AFTER_MS;
      if (stalled || connection.depth >= MAX_DEPTH) continue;
      if (!best || connection.depth < best.depth) best = connection;
    }
    return best;
  };

  const runShared = async (connection: SharedConnection, args: unknown[]): Promise<unknown> => {
    if (connection.depth === 0) connection.busySince = Date.now();
    connection.depth += 1;
    stats.pipelined += 1;
    try {
      await connection.connected;
      return await (connection.client.query as unknown as Query)(...args);
    } finally {
      connection.depth -= 1;
      // Answers come back in order: the next statement is the one being worked on now.
      connection.busySince = Date.now();
    }
  };

  const dialectPool: PostgresPool = {
    async connect() {
      // As pg's pool does once ended (the health check then answers 503).
      if (ended) throw new Error('Cannot use a pool after calling end on the pool');
      // A lease keeps the session its first statement went to until Kysely releases it, so that
      // several statements of one lease (db.connection(): the Migrator's advisory lock and its
      // release) share a session. One on a shared connection runs a transaction or cursor on a
      // pooled connection (`aside`) and comes back after the transaction's end.
      let home: SharedConnection | undefined;
      let own: pg.PoolClient | undefined;
      let aside: pg.PoolClient | undefined;
      const pooled = async (): Promise<pg.PoolClient> => {
        stats.pooled += 1;
        return await pool.connect();
      };
      // pg's query(), whatever Kysely passes it (a text and values, or a cursor), passed on as it came.
      const lease = {
        async query(...args: unknown[]) {
          const [text] = args;
          const needsOwn = typeof text !== 'string' || TRANSACTION_START.test(text);
          if (!home && !own) {
            home = needsOwn ? undefined : pick();
            if (!home) own = await pooled();
          }
          if (own) return await (own.query as unknown as Query)(...args);
          if (!aside && !needsOwn) return await runShared(home as SharedConnection, args);
          aside ??= await pooled();
          const connection = aside;
          try {
            return await (connection.query as unknown as Query)(...args);
          } finally {
            if (typeof text === 'string' && TRANSACTION_END.test(text)) {
              connection.release();
              aside = undefined;
            }
          }
        },
        release() {
          own?.release();
          aside?.release();
          home = own = aside = undefined;
        },
      };
      return lease as unknown as PostgresPoolClient;
    },
    async end() {
      if (ended) return;
      ended = true;
      await Promise.all(shared.map((connection) => connection?.client.end().catch(() => undefined)));
      if (!pool.ended) await pool.end();
    },
  };
  return { dialectPool, stats: () => ({ ...stats }) };
}
