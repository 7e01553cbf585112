// Verifies every form's record (form_history): the chain, the MACs (with the record key), the
// anchor in the form row, the replay of its changes against the form's current values (deleted
// forms too), and that every record still extends its head in the given checkpoints; then the bio
// samples' custody records the same way (sampleVerify.ts).
import { basename } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { FORM_RECORD_KIND, formRecord, toRecordEntry } from '../forms/history';
import { formRecordStates, historyOf } from '../forms/history.repository';
import { headsDigest } from './checkpoint';
import { checkpointBreaks, missingSinceCheckpoint, type CheckpointInput } from './checkpointCheck';
import { differingFields, replayValues } from './formReplay';
import { BREAK_TEXT, checkpointMac, verifyRecord, type RecordBreak } from './recordChain';
import { equalText } from '../auth/secrets';
import { verifySampleRecords } from './sampleVerify';

export type { CheckpointInput };

export interface AuditBreak extends RecordBreak {
  /** The form, or with `record` 'bio_sample' the bio sample, whose record is broken. */
  formId: string;
  record?: 'bio_sample';
}

export interface VerifyOptions {
  /** Null or absent: everything but the MACs is checked. */
  recordKey?: Buffer | null;
  checkpoints?: readonly CheckpointInput[];
}

export interface AuditReport {
  forms: number;
  /** Bio samples whose custody record was checked (sampleVerify.ts). */
  bioSamples: number;
  bioSampleEntries: number;
  entries: number;
  macsChecked: boolean;
  checkpoints: string[];
  breaks: AuditBreak[];
  /** A checkpoint file that is not what the server wrote (digest or MAC wrong). */
  checkpointBreaks: { file: string; problem: string }[];
}

function replayBreaks(storedValues: string, entries: { changes: Parameters<typeof replayValues>[0][number] }[]): RecordBreak[] {
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(storedValues) as Record<string, unknown>;
  } catch {
    return [{ kind: 'values_differ', detail: 'stored values are not JSON' }];
  }
  const fields = differingFields(stored, replayValues(entries.map((entry) => entry.changes)));
  return fields.length > 0 ? [{ kind: 'values_differ', detail: fields.join(', ') }] : [];
}

function checkpointFileProblem(input: CheckpointInput, key: Buffer | null): string | null {
  const { checkpoint } = input;
  if (headsDigest(checkpoint.heads) !== checkpoint.digest) return 'heads do not match its digest';
  if (key && !equalText(checkpoint.mac ?? '', checkpointMac(key, checkpoint.at, checkpoint.digest))) return 'forged checkpoint (bad MAC)';
  return null;
}

export async function verifyAllChains(db: Kysely<Database>, options: VerifyOptions = {}): Promise<AuditReport> {
  const key = options.recordKey ?? null;
  const checkpoints = options.checkpoints ?? [];
  const report: AuditReport = { forms: 0, bioSamples: 0, bioSampleEntries: 0, entries: 0, macsChecked: key !== null, checkpoints: checkpoints.map((c) => basename(c.file)), breaks: [], checkpointBreaks: [] };
  for (const input of checkpoints) {
    const problem = checkpointFileProblem(input, key);
    if (problem) report.checkpointBreaks.push({ file: basename(input.file), problem });
  }
  const seen = new Set<string>();
  for (const form of await formRecordStates(db)) {
    seen.add(form.id);
    const history = await historyOf(db, form.id);
    const entries = history.map(toRecordEntry);
    report.forms += 1;
    report.entries += entries.length;
    const breaks = [
      ...verifyRecord(formRecord(form.id), entries, form.anchor, key),
      ...replayBreaks(form.values, history),
      ...checkpointBreaks(FORM_RECORD_KIND, form.id, entries, checkpoints),
    ];
    report.breaks.push(...breaks.map((b) => ({ formId: form.id, ...b })));
  }
  report.breaks.push(...missingSinceCheckpoint(FORM_RECORD_KIND, seen, checkpoints).map((m) => ({ formId: m.id, ...m.break })));
  const samples = await verifySampleRecords(db, key, checkpoints);
  report.bioSamples = samples.samples;
  report.bioSampleEntries = samples.entries;
  report.breaks.push(...samples.breaks.map(({ sampleId, ...b }) => ({ formId: sampleId, record: 'bio_sample' as const, ...b })));
  return report;
}

function describe(b: AuditBreak): string {
  const parts = [b.entryId ? `entry ${b.entryId}` : null, b.detail ?? null].filter((part) => part !== null);
  return `${b.record === 'bio_sample' ? 'bio sample' : 'form'} ${b.formId}: ${BREAK_TEXT[b.kind]}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

export function brokenCount(report: AuditReport): number {
  return report.breaks.length + report.checkpointBreaks.length;
}

export function formatReport(report: AuditReport): string[] {
  const lines = [
    `Checked ${report.forms} forms, ${report.entries} entries: chains, anchors, replay of values${report.macsChecked ? ', MACs' : ''}.`,
    `Checked ${report.bioSamples} bio samples, ${report.bioSampleEntries} custody entries: chains, anchors${report.macsChecked ? ', MACs' : ''}.`,
    report.macsChecked ? 'MACs checked with the record key.' : 'MACs NOT checked: no record key (set AUDIT_KEY_FILE or APP_SECRET).',
    report.checkpoints.length > 0 ? `Checkpoints checked: ${report.checkpoints.join(', ')}.` : 'No checkpoint to check against.',
    ...report.checkpointBreaks.map((c) => `checkpoint ${c.file}: ${c.problem}`),
    ...report.breaks.map(describe),
    `${brokenCount(report)} broken`,
  ];
  return lines;
}
