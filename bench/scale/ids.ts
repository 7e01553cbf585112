// Ids for grown rows: valid UUIDs (version 7 layout) whose leading bytes grow with every call, so
// millions of primary-key inserts append to the end of each B-tree instead of splitting pages all
// over it (random v4 ids make the grower several times slower at full size).
import { randomBytes } from 'node:crypto';

export interface IdSource {
  next(): string;
}

/** Ids in increasing order: 48 bits of a start time, then a 74-bit counter, with the v7 marks. */
export function sequentialIds(startMs: number = Date.now()): IdSource {
  const prefix = startMs.toString(16).padStart(12, '0').slice(-12);
  const salt = randomBytes(2).toString('hex').slice(0, 3);
  let counter = 0;
  return {
    next(): string {
      counter += 1;
      const tail = counter.toString(16).padStart(15, '0');
      // xxxxxxxx-xxxx-7xxx-8xxx-xxxxxxxxxxxx: version 7, RFC 4122 variant.
      return `${prefix.slice(0, 8)}-${prefix.slice(8, 12)}-7${salt}-8${tail.slice(0, 3)}-${tail.slice(3, 15)}`;
    },
  };
}
