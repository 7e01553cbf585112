// A registry's period plan gets its timing (issue 15, follow-up statistics): `due_months` says how
// many months after the attendance's start the period's visit is expected (0: at the start; null:
// no expected date, the period is not part of the follow-up plan). Existing periods stay null, so
// nothing is reported overdue until a registry states its plan.
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('registry_periods')
    .addColumn('due_months', 'integer', (c) => c.check(sql`due_months is null or due_months >= 0`))
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('registry_periods').dropColumn('due_months').execute();
}

export const periodDueMonths: Migration = { up, down };
