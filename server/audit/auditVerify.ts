// Walks the hash chain of every form's record (form_history) and reports breaks: an edited,
// deleted or reordered entry breaks the chain from that entry on.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { toChained } from '../forms/history';
import { formIdsWithHistory, historyOf } from '../forms/history.repository';
import { verifyChain, type ChainBreak } from './hashChain';

export interface AuditReport {
  forms: number;
  entries: number;
  breaks: (ChainBreak & { formId: string })[];
}

export async function verifyAllChains(db: Kysely<Database>): Promise<AuditReport> {
  const report: AuditReport = { forms: 0, entries: 0, breaks: [] };
  for (const formId of await formIdsWithHistory(db)) {
    const entries = await historyOf(db, formId);
    report.forms += 1;
    report.entries += entries.length;
    const broken = verifyChain(entries.map(toChained));
    if (broken) report.breaks.push({ formId, ...broken });
  }
  return report;
}

export function formatReport(report: AuditReport): string[] {
  return [
    `${report.forms} forms, ${report.entries} entries, ${report.breaks.length} broken`,
    ...report.breaks.map((b) => `broken: form ${b.formId}, entry ${b.entryId} (${b.kind === 'content' ? 'content changed' : 'does not follow the previous entry'})`),
  ];
}
