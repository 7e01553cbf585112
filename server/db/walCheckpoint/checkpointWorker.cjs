'use strict';
// Copies the write-ahead log back into the database file, in its own thread (walCheckpointer.ts).
// Plain JavaScript on purpose, like the read workers: a worker thread loads its file with Node itself.
// A checkpoint writes pages all over the file and syncs it: on the server's thread it would hold
// every request for as long as the disk takes (docs/decisions.md "SQLite: commits synced off the
// event loop"). PASSIVE never waits for readers or the writer; it copies what it can.
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

const db = new Database(workerData.path, { fileMustExist: true });
// FULL: the checkpoint syncs the log before copying it and the file after (NORMAL would too); this
// connection commits nothing. It closes before the server's writing connection, which, closed
// last, checkpoints what is left.
db.pragma('synchronous = FULL');

let closing = false;
/** Frames of the log copied by the last checkpoint: the main thread hears only of progress. */
let lastCheckpointed = -1;

function checkpoint() {
  if (closing) return;
  try {
    const [{ checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (checkpointed === lastCheckpointed) return;
    lastCheckpointed = checkpointed;
    parentPort.postMessage('checkpointed');
  } catch {
    // An I/O error, say: tried again at the next tick.
  }
}

const timer = setInterval(checkpoint, workerData.everyMs);

parentPort.on('message', (message) => {
  if (message.type !== 'close') return;
  closing = true;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
