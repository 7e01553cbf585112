// Does every record still extend its head in the given checkpoints? The same check for every record
// kind a checkpoint covers (forms, bio samples): the entry at the checkpointed count must carry the
// checkpointed MAC, and a checkpointed record must still exist. A checkpoint without heads of a kind
// (one written before that kind was covered) checks nothing for it.
import { basename } from 'node:path';
import type { Checkpoint } from './checkpoint';
import type { RecordBreak, StoredRecordEntry } from './recordChain';

export interface CheckpointInput {
  file: string;
  checkpoint: Checkpoint;
}

export function checkpointBreaks(kind: string, id: string, entries: readonly StoredRecordEntry[], checkpoints: readonly CheckpointInput[]): RecordBreak[] {
  const breaks: RecordBreak[] = [];
  for (const { file, checkpoint } of checkpoints) {
    const head = checkpoint.heads[kind]?.[id];
    if (!head) continue;
    const [count, mac] = head;
    if (entries[count - 1]?.mac !== mac) breaks.push({ kind: 'rewritten_before_checkpoint', detail: basename(file) });
  }
  return breaks;
}

/** The records of a kind some checkpoint holds that are gone now (`seen`: the ids found). */
export function missingSinceCheckpoint(kind: string, seen: ReadonlySet<string>, checkpoints: readonly CheckpointInput[]): { id: string; break: RecordBreak }[] {
  const missing: { id: string; break: RecordBreak }[] = [];
  for (const { file, checkpoint } of checkpoints) {
    for (const id of Object.keys(checkpoint.heads[kind] ?? {})) {
      if (!seen.has(id)) missing.push({ id, break: { kind: 'missing_since_checkpoint', detail: basename(file) } });
    }
  }
  return missing;
}
