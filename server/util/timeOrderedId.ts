// Keys for append-only tables (the application log, the history of forms and samples) and request ids:
// UUID version 7 (RFC 9562 §5.7), a millisecond timestamp followed by random bits. A random UUID
// (v4) lands on a random page of the key's index, so at 600,000 log rows a batch of 20 request rows
// touched some 40 pages and filled SQLite's WAL fast enough that a checkpoint ran on the server's
// thread every few batches: 1.8-5.3 ms per batch on average, 15 ms at p95. Keys in time order append
// to the index's last page: 0.33 ms, 0.44 ms at p95 (docs/decisions.md "Time-ordered keys").
// Still a UUID for every reader, and still unguessable: 62 random bits beside the time.
import { randomFillSync } from 'node:crypto';

let lastMillis = -1;
let counter = 0;

// Random bytes drawn 4 KiB at a time, as crypto.randomUUID does: two randomBytes calls per key were
// 1.5 % of the main thread under load (docs/decisions.md "Fixed costs per request").
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let poolOffset = POOL_SIZE;

function takeRandom(count: number): Buffer {
  if (poolOffset + count > POOL_SIZE) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const taken = Buffer.from(pool.subarray(poolOffset, poolOffset + count));
  poolOffset += count;
  return taken;
}

/**
 * A UUIDv7 string. Within one millisecond the 12 bits after the version count up from a random
 * start (RFC 9562 method 1), so keys made by this process sort in the order they were made.
 */
export function timeOrderedId(now: number = Date.now()): string {
  if (now > lastMillis) {
    lastMillis = now;
    counter = takeRandom(2).readUInt16BE(0) & 0x7ff;
  } else if (counter < 0xfff) {
    counter += 1;
  } else {
    // 4,096 keys in one millisecond: borrow the next one, as the RFC allows, to keep the order.
    lastMillis += 1;
    counter = 0;
  }
  const bytes = takeRandom(16);
  bytes.writeUIntBE(lastMillis, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
