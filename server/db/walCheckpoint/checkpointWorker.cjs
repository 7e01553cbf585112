'use strict';
// Copies the write-ahead log back into the database file, in its own thread (walCheckpointer.ts).
// Plain JavaScript on purpose, like the read workers: a worker thread loads its file with Node itself.
// A checkpoint writes pages all over the file and syncs it: on the server's thread it held every
// request for up to 0.7 s under load on the grown database (docs/decisions.md "SQLite: commits
// synced off the event loop"). PASSIVE never waits for readers or the writer; it copies what it can.
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

const db = new Database(workerData.path, { fileMustExist: true });
// FULL: the checkpoint syncs the log before copying it and the file after (NORMAL would too); this
// connection commits nothing.
db.pragma('synchronous = FULL');
// Nor does it checkpoint when closing: the server's writing connection, closed last, does that.
db.pragma('wal_autocheckpoint = 0');

let closing = false;
/** Frames of the log copied by the last checkpoint: the main thread hears only of progress. */
let lastCheckpointed = -1;

function checkpoint() {
  if (closing) return;
  try {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (checkpointed === lastCheckpointed) return;
    lastCheckpointed = checkpointed;
    parentPort.postMessage({ type: 'checkpointed', log, checkpointed });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: error && error.message, code: error && error.code });
  }
}

const timer = setInterval(checkpoint, workerData.everyMs);

parentPort.on('message', (message) => {
  if (message.type === 'checkpoint') checkpoint();
  if (message.type !== 'close') return;
  closing = true;
  clearInterval(timer);
  db.close();
  parentPort.close();
});

parentPort.postMessage({ type: 'ready' });
