// A trial's permuted randomisation blocks while a commit starts visits: the first start at an
// institute locks, reads and keeps its block (on PostgreSQL the row lock holds until the commit
// ends, so a concurrent start there waits, as it did for each start before); the following starts
// deal from the kept block, and the blocks dealt from are written with each batch (one statement
// per block, a few institutes at most) instead of three statements per start.
import type { Kysely } from 'kysely';
import { lockBlock, storeBlock } from '../attendances/attendances.repository';
import type { BlockKeeper } from '../attendances/attendanceStart';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';

export interface KeptBlocks extends BlockKeeper {
  /** Writes the blocks dealt from since the last write. */
  write(): Promise<void>;
}

interface Block {
  registryId: string;
  instituteId: string;
  remaining: readonly string[];
  at: string;
}

export function keptBlocks(trx: Kysely<Database>, dialect: DatabaseDialect): KeptBlocks {
  // One per (registry, institute) the file starts visits at: a handful, kept whole.
  const blocks = new Map<string, Block>();
  const unwritten = new Set<string>();
  return {
    async remaining(registryId, instituteId, at) {
      const key = `${registryId}|${instituteId}`;
      const kept = blocks.get(key);
      if (kept) return [...kept.remaining];
      const remaining = await lockBlock(trx, dialect, registryId, instituteId, at);
      blocks.set(key, { registryId, instituteId, remaining, at });
      return [...remaining];
    },
    store(registryId, instituteId, remaining, at) {
      const key = `${registryId}|${instituteId}`;
      blocks.set(key, { registryId, instituteId, remaining, at });
      unwritten.add(key);
    },
    async write() {
      for (const key of unwritten) {
        const block = blocks.get(key);
        if (block) await storeBlock(trx, block.registryId, block.instituteId, block.remaining, block.at);
      }
      unwritten.clear();
    },
  };
}
