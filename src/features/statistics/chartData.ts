// The statistics' JSON answers shaped for the charts: one row per x-axis point, one key per series.
import type { ApprovalLevelRow, RejectionCountRow, UserActivityRow } from '../../api/statistics';
import { FORM_STATES } from '../../domain/forms/lifecycle';

export { FORM_STATES };

/** Forms per institute with one count per state (all registries, form types and levels summed). */
export function statesPerInstitute(rows: readonly ApprovalLevelRow[]): Array<Record<string, string | number>> {
  const byInstitute = new Map<string, Record<string, string | number>>();
  for (const row of rows) {
    const entry = byInstitute.get(row.institute) ?? { institute: row.institute, ...Object.fromEntries(FORM_STATES.map((s) => [s, 0])) };
    entry[row.state] = Number(entry[row.state] ?? 0) + row.count;
    byInstitute.set(row.institute, entry);
  }
  return [...byInstitute.values()].sort((a, b) => String(a.institute).localeCompare(String(b.institute)));
}

export interface FieldRejections {
  field: string;
  rejections: number;
  corrected: number;
}

/** Rejections per field (all institutes, form types and levels summed), most rejected first. */
export function rejectionsPerField(rows: readonly RejectionCountRow[]): FieldRejections[] {
  const byField = new Map<string, FieldRejections>();
  for (const row of rows) {
    const entry = byField.get(row.field) ?? { field: row.field, rejections: 0, corrected: 0 };
    entry.rejections += row.rejections;
    entry.corrected += row.corrected;
    byField.set(row.field, entry);
  }
  return [...byField.values()].sort((a, b) => b.rejections - a.rejections || a.field.localeCompare(b.field));
}

export interface UserOperations {
  user: string;
  created: number;
  saved: number;
  approved: number;
  rejected: number;
  corrected: number;
}

/** Each user's form operations, approvals of every level summed. */
export function operationsPerUser(rows: readonly UserActivityRow[]): UserOperations[] {
  return rows.map((row) => ({
    user: row.userName,
    created: row.created,
    saved: row.saved,
    approved: row.approvedLevel1 + row.approvedLevel2 + row.approvedLevel3,
    rejected: row.rejected,
    corrected: row.corrected,
  }));
}
