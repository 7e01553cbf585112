// The custody records of bio samples (bio_sample_history, server/biobank/bioSampleHistory.ts) under the
// same checks as the form record: the chain, the MACs with the record key, the anchor in the sample
// row (deleted samples too), and that each record still extends its head in the given checkpoints.
// audit:verify runs it beside the forms (auditVerify.ts).
import type { Kysely } from 'kysely';
import { sampleHistory, sampleRecord, sampleRecordStates, SAMPLE_RECORD_KIND, toSampleRecordEntry } from '../biobank/bioSampleHistory';
import type { Database } from '../db/database';
import { checkpointBreaks, missingSinceCheckpoint, type CheckpointInput } from './checkpointCheck';
import { verifyRecord, type RecordBreak } from './recordChain';

export interface SampleRecordReport {
  samples: number;
  entries: number;
  breaks: (RecordBreak & { sampleId: string })[];
}

export async function verifySampleRecords(db: Kysely<Database>, key: Buffer | null, checkpoints: readonly CheckpointInput[] = []): Promise<SampleRecordReport> {
  const report: SampleRecordReport = { samples: 0, entries: 0, breaks: [] };
  const seen = new Set<string>();
  for (const sample of await sampleRecordStates(db)) {
    seen.add(sample.id);
    const entries = (await sampleHistory(db, sample.id)).map(toSampleRecordEntry);
    report.samples += 1;
    report.entries += entries.length;
    const breaks = [...verifyRecord(sampleRecord(sample.id), entries, sample.anchor, key), ...checkpointBreaks(SAMPLE_RECORD_KIND, sample.id, entries, checkpoints)];
    report.breaks.push(...breaks.map((b) => ({ sampleId: sample.id, ...b })));
  }
  report.breaks.push(...missingSinceCheckpoint(SAMPLE_RECORD_KIND, seen, checkpoints).map((m) => ({ sampleId: m.id, ...m.break })));
  return report;
}
