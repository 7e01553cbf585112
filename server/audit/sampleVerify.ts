// The custody records of bio samples (bio_sample_history, server/biobank/bioSampleHistory.ts) under the
// same checks as the form record: the chain, the MACs with the record key, and the anchor in the
// sample row (deleted samples too). audit:verify runs it beside the forms (auditVerify.ts).
import type { Kysely } from 'kysely';
import { sampleHistory, sampleRecord, sampleRecordStates, toSampleRecordEntry } from '../biobank/bioSampleHistory';
import type { Database } from '../db/database';
import { verifyRecord, type RecordBreak } from './recordChain';

export interface SampleRecordReport {
  samples: number;
  entries: number;
  breaks: (RecordBreak & { sampleId: string })[];
}

export async function verifySampleRecords(db: Kysely<Database>, key: Buffer | null): Promise<SampleRecordReport> {
  const report: SampleRecordReport = { samples: 0, entries: 0, breaks: [] };
  for (const sample of await sampleRecordStates(db)) {
    const entries = (await sampleHistory(db, sample.id)).map(toSampleRecordEntry);
    report.samples += 1;
    report.entries += entries.length;
    report.breaks.push(...verifyRecord(sampleRecord(sample.id), entries, sample.anchor, key).map((b) => ({ sampleId: sample.id, ...b })));
  }
  return report;
}
