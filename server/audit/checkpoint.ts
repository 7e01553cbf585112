// Checkpoints: a digest over the heads of all records (per record: kind, id, entry count, MAC of
// the last entry; the kinds are forms and bio samples' custody records), itself MAC'd, written OUTSIDE the database: one JSON file per checkpoint in
// AUDIT_CHECKPOINT_DIR and, when AUDIT_CHECKPOINT_EMAIL is set, a mail with the file attached.
// A later verify checks that every record still extends its checkpointed head, so even someone
// holding the key and the database cannot rewrite history before the last checkpoint unnoticed.
// A plain function: the server's timer (checkpointSchedule.ts) and `npm run audit:checkpoint` call it.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { sampleAnchors, SAMPLE_RECORD_KIND } from '../biobank/bioSampleHistory';
import { FORM_RECORD_KIND } from '../forms/history';
import { formAnchors } from '../forms/history.repository';
import { checkpointMailFor } from '../mail/templates/auditMails';
import type { Mailer } from '../mail/mailer';
import { checkpointMac } from './recordChain';

/**
 * Heads by record kind ('form', 'bio_sample'), then by id: [entry count, MAC of the last entry].
 * Checkpoints written before bio samples were covered have no 'bio_sample' heads: they still verify
 * (the digest covers whatever kinds a file holds) and check nothing for samples.
 */
export type CheckpointHeads = Record<string, Record<string, [number, string]>>;

export interface Checkpoint {
  version: 1;
  at: string;
  /** How many records (forms and bio samples) the checkpoint covers. */
  records: number;
  digest: string;
  mac: string;
  heads: CheckpointHeads;
}

const PREFIX = 'checkpoint-';

export function headsDigest(heads: CheckpointHeads): string {
  const hash = createHash('sha256');
  for (const kind of Object.keys(heads).sort()) {
    for (const id of Object.keys(heads[kind]).sort()) {
      const [count, head] = heads[kind][id];
      hash.update(`${kind} ${id} ${count} ${head}\n`);
    }
  }
  return hash.digest('hex');
}

export async function buildCheckpoint(db: Kysely<Database>, recordKey: Buffer, at: Date): Promise<Checkpoint> {
  const headsOf = (anchors: { id: string; count: number; head: string }[]): Record<string, [number, string]> =>
    Object.fromEntries(anchors.map((anchor) => [anchor.id, [anchor.count, anchor.head]]));
  const heads: CheckpointHeads = { [FORM_RECORD_KIND]: headsOf(await formAnchors(db)), [SAMPLE_RECORD_KIND]: headsOf(await sampleAnchors(db)) };
  // An empty kind adds nothing to the digest: with no samples the digest is what it was before.
  const digest = headsDigest(heads);
  const iso = at.toISOString();
  const records = Object.values(heads).reduce((sum, kind) => sum + Object.keys(kind).length, 0);
  return { version: 1, at: iso, records, digest, mac: checkpointMac(recordKey, iso, digest), heads };
}

/** Newest last: names start with the time. */
export function checkpointFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.startsWith(PREFIX) && name.endsWith('.json')).sort().map((name) => join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export function readCheckpoint(file: string): Checkpoint {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Checkpoint;
  if (parsed.version !== 1 || typeof parsed.at !== 'string' || typeof parsed.digest !== 'string' || typeof parsed.heads !== 'object' || parsed.heads === null) {
    throw new Error(`${basename(file)} is not a checkpoint file`);
  }
  return parsed;
}

export interface CheckpointTarget {
  db: Kysely<Database>;
  recordKey: Buffer;
  dir: string;
  now?: Date;
  /** When AUDIT_CHECKPOINT_EMAIL is set: the mailer and the address. */
  mail?: { mailer: Mailer; to: string };
}

export interface CheckpointResult {
  /** The file written, or null when nothing changed since the newest checkpoint. */
  file: string | null;
  checkpoint: Checkpoint;
}

export async function writeCheckpoint(target: CheckpointTarget): Promise<CheckpointResult> {
  const checkpoint = await buildCheckpoint(target.db, target.recordKey, target.now ?? new Date());
  const newest = checkpointFiles(target.dir).at(-1);
  if (newest && readCheckpoint(newest).digest === checkpoint.digest) return { file: null, checkpoint };
  mkdirSync(target.dir, { recursive: true });
  // Time and digest in the name: several instances writing at once never overwrite each other.
  const stamp = checkpoint.at.replace(/[:.]/g, '-');
  const file = join(target.dir, `${PREFIX}${stamp}-${checkpoint.digest.slice(0, 12)}.json`);
  const content = `${JSON.stringify(checkpoint, null, 1)}\n`;
  writeFileSync(file, content, { flag: 'wx', mode: 0o640 });
  if (target.mail) target.mail.mailer.send(checkpointMailFor(target.mail.to, checkpoint, basename(file), content), 'audit checkpoint');
  return { file, checkpoint };
}
