// The day's sequence numbers of the visits a commit starts, kept in memory: the first start of a
// (institute, registry, day) takes its number from the database by the usual upsert, which locks
// the counter row until the commit ends (a concurrent start of that day waits, as it did for each
// start before), so the following numbers are simply counted on. The advanced counters are written
// with each batch (one statement), so a counter the RecentMap forgets is already in the database
// and is read again from there.
import type { Kysely } from 'kysely';
import { nextSequence, storeSequenceCounters, type SequenceCounter } from '../attendances/attendances.repository';
import type { Database } from '../db/database';
import { RecentMap } from './recentMap';

export interface KeptSequences {
  next(instituteId: string, registryId: string, dayKey: string): Promise<number>;
  /** Writes the counters advanced since the last write. */
  write(): Promise<void>;
}

/** `beforeRead`: waits for a write of the counters in flight (importFormBatch's overlap). */
export function keptSequences(trx: Kysely<Database>, beforeRead: () => Promise<void> = () => Promise.resolve()): KeptSequences {
  const known = new RecentMap<string, SequenceCounter>();
  let unwritten = new Map<string, SequenceCounter>();
  return {
    async next(instituteId, registryId, dayKey) {
      const key = `${instituteId}|${registryId}|${dayKey}`;
      const counter = unwritten.get(key) ?? known.get(key);
      if (!counter) {
        await beforeRead();
        const last = await nextSequence(trx, instituteId, registryId, dayKey);
        known.set(key, { instituteId, registryId, dayKey, last });
        return last;
      }
      counter.last += 1;
      unwritten.set(key, counter);
      known.set(key, counter);
      return counter.last;
    },
    async write() {
      if (unwritten.size === 0) return;
      const counters = [...unwritten.values()];
      unwritten = new Map();
      await storeSequenceCounters(trx, counters);
    },
  };
}
