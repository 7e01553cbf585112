// The period rule (forms/periodRules.ts) for the rows of one commit, without four statements per
// row. The first form an attendance gets in the commit meets the rule exactly as a user's add does
// (the attendance row read, on PostgreSQL locked until the commit ends, its live forms counted);
// after that the counts are kept here. No one else can add to that attendance meanwhile: every
// add takes the same lock on PostgreSQL, and SQLite has one writer. A refusal by the kept counts is
// checked again against the database (another user may have deleted a form), so the answer is the
// one the per-row check gave. Forms the commit created but has not written yet (importFormBatch)
// are written first by `beforeRead` whenever the database is asked about their attendance.
import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { AttendanceRow, Database } from '../db/database';
import { assertPeriodTakes, liveCount, periodRefusal } from '../forms/periodRules';
import { periodFormTypeRule } from '../registries/registryPeriods';
import { RecentMap } from './recentMap';

interface KeptAttendance {
  row: AttendanceRow;
  inAttendance: number;
  inPeriod: Map<string, number>;
  /** Started by this commit: a period not counted yet holds none of the form type. */
  fresh: boolean;
}

export interface PeriodCheck {
  /** The attendance as the new form takes it; throws the period's refusal (409) like assertPeriodTakes. */
  takes(attendanceId: string, period: { id: string; index: number }): Promise<AttendanceRow>;
  /** A form of the type was created there. */
  added(attendanceId: string, periodId: string): void;
  /**
   * The commit started this attendance and the form type is not a start form type: it has no form
   * of the type yet, in any period (nobody else sees it before the commit ends).
   */
  startedEmpty(row: AttendanceRow): void;
}

type Rule = Awaited<ReturnType<typeof periodFormTypeRule>>;

export function createPeriodCheck(
  trx: Kysely<Database>,
  dialect: DatabaseDialect,
  registryId: string,
  formType: { id: number; behaviorType: string; name: string },
  beforeRead: (attendanceId: string) => Promise<void>,
): PeriodCheck {
  const rules = new Map<number, Rule>();
  // The recent attendances only: a forgotten one is checked against the database again.
  const kept = new RecentMap<string, KeptAttendance>();

  async function ruleOf(index: number): Promise<Rule> {
    if (!rules.has(index)) rules.set(index, await periodFormTypeRule(trx, registryId, index, formType.id));
    return rules.get(index) ?? null;
  }

  async function keptTakes(attendance: KeptAttendance, attendanceId: string, period: { id: string; index: number }): Promise<boolean> {
    let inPeriod = attendance.inPeriod.get(period.id);
    if (inPeriod === undefined && attendance.fresh) inPeriod = 0;
    if (inPeriod === undefined) {
      await beforeRead(attendanceId);
      inPeriod = await liveCount(trx, attendanceId, formType.id, period.id);
      attendance.inPeriod.set(period.id, inPeriod);
    }
    const refusal = periodRefusal({
      disqualified: attendance.row.state === 'disqualified',
      rule: await ruleOf(period.index),
      behaviorType: formType.behaviorType,
      liveInPeriod: inPeriod,
      liveInAttendance: attendance.inAttendance,
    });
    return refusal === null;
  }

  return {
    async takes(attendanceId, period) {
      const known = kept.get(attendanceId);
      if (known && (await keptTakes(known, attendanceId, period))) return known.row;
      await beforeRead(attendanceId);
      const row = await assertPeriodTakes(trx, dialect, attendanceId, period, formType);
      const inPeriod = new Map([[period.id, await liveCount(trx, attendanceId, formType.id, period.id)]]);
      kept.set(attendanceId, { row, inAttendance: await liveCount(trx, attendanceId, formType.id), inPeriod, fresh: false });
      return row;
    },
    added(attendanceId, periodId) {
      const attendance = kept.get(attendanceId);
      if (!attendance) return;
      attendance.inAttendance += 1;
      attendance.inPeriod.set(periodId, (attendance.inPeriod.get(periodId) ?? 0) + 1);
    },
    startedEmpty(row) {
      kept.set(row.id, { row, inAttendance: 0, inPeriod: new Map(), fresh: true });
    },
  };
}
