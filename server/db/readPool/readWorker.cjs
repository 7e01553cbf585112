'use strict';
// One read-only connection to the SQLite file, in its own thread (server/db/readPool/readPool.ts).
// Plain JavaScript on purpose: a worker thread loads its file with Node itself, outside tsx and jest's
// transforms. It answers a batch of queries at a time: { jobs: [{ id, sql, parameters }] } -> { answers: [{ id, rows, ms } or { id, error }] }.
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

/** Same as STATEMENT_CACHE_SIZE on the main connection (server/db/sqliteStatementCache.ts). */
const STATEMENT_CACHE_SIZE = 500;

// readonly: a statement that would write fails here instead of writing beside the main connection.
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
// A reader can meet SQLITE_BUSY while another connection recovers the WAL: wait as the main one does.
db.pragma('busy_timeout = 5000');
// The reads of the server run here, so the page cache that matters is here: 64 MB (SQLite's default
// is 2 MB). At 100,000 patients one surname's rows lie all over the table, and with 2 MB a name
// search read most of them from the file again on every request (docs/decisions.md "SQLite read
// pool"). Filled only as a database grows; the main connection (writes) keeps the default.
db.pragma('cache_size = -65536');
// Keep in step with registerSqliteFunctions (server/db/connection.ts); the read pool test compares
// the two connections' function lists.
db.function('casefold', { deterministic: true }, (value) => (typeof value === 'string' ? value.toLowerCase() : value));

const statements = new Map();

function prepare(sql) {
  const cached = statements.get(sql);
  if (cached) {
    statements.delete(sql);
    statements.set(sql, cached);
    return cached;
  }
  const statement = db.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
  return statement;
}

parentPort.on('message', (message) => {
  if (message.type === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  // One message, one answer: each wakes the other thread, which costs more than most reads.
  parentPort.postMessage({ answers: message.jobs.map(run) });
});

function run({ id, sql, parameters }) {
  try {
    const statement = prepare(sql);
    const started = performance.now();
    const rows = statement.all(parameters);
    // How long SQLite took, for the main thread's choice of quick reads (quickReads.ts).
    return { id, rows, ms: performance.now() - started };
  } catch (error) {
    // The main thread rebuilds the error with the same class name, message and SQLite code.
    return { id, error: { name: error && error.name, message: error && error.message, code: error && error.code } };
  }
}

parentPort.postMessage({ type: 'ready' });
