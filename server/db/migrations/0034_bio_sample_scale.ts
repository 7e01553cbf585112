// The biobank's lists at scale (docs/decisions.md "Scale: the biobank's lists"). At 133,000 samples
// the lists took 90-480 ms: every page sorted the whole scope joined to six tables, and counted it
// the same way. Two things here:
// - indexes over the live samples (deleted_at is null) in the lists' default order (newest first,
//   the id breaking ties), alone, per institute and per state, so that a page reads its ten rows;
// - bio_sample_counts: the live samples per registry, institute and state, kept by triggers in the
//   writer's transaction like the counters of migration 0014, so that a total without a search or
//   a narrowing filter sums a few rows. A soft delete (deleted_at set) leaves the count, which the
//   helpers of 0014 and 0019 cannot express (their condition must not be part of the key change),
//   hence the triggers written out here: SQLite row triggers, PostgreSQL statement triggers with
//   transition tables (a bulk insert updates each counter row once).
// Never edit once shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

const KEY = 'registry_id, institute_id, state';

const SQLITE_TRIGGERS = [
  `create trigger bio_sample_counts_insert after insert on bio_samples when NEW.deleted_at is null begin
    insert into bio_sample_counts (${KEY}, n) select NEW.registry_id, NEW.institute_id, NEW.state, 1 where true
      on conflict (${KEY}) do update set n = n + 1;
  end`,
  `create trigger bio_sample_counts_delete after delete on bio_samples when OLD.deleted_at is null begin
    update bio_sample_counts set n = n - 1 where registry_id = OLD.registry_id and institute_id = OLD.institute_id and state = OLD.state;
  end`,
  `create trigger bio_sample_counts_update after update of ${KEY}, deleted_at on bio_samples
    when OLD.registry_id is not NEW.registry_id or OLD.institute_id is not NEW.institute_id or OLD.state is not NEW.state or (OLD.deleted_at is null) <> (NEW.deleted_at is null) begin
    update bio_sample_counts set n = n - 1 where OLD.deleted_at is null and registry_id = OLD.registry_id and institute_id = OLD.institute_id and state = OLD.state;
    insert into bio_sample_counts (${KEY}, n) select NEW.registry_id, NEW.institute_id, NEW.state, 1 where NEW.deleted_at is null
      on conflict (${KEY}) do update set n = n + 1;
  end`,
];

/** Adds the live rows of `source`, grouped per key. */
const pgIncrement = (source: string): string =>
  `insert into bio_sample_counts (${KEY}, n) select registry_id, institute_id, state, count(*) from ${source} where deleted_at is null group by ${KEY}
    on conflict (${KEY}) do update set n = bio_sample_counts.n + excluded.n`;
/** Takes the live rows of `source` away, grouped per key. */
const pgDecrement = (source: string): string =>
  `update bio_sample_counts set n = bio_sample_counts.n - d.k from (select ${KEY}, count(*) as k from ${source} where deleted_at is null group by ${KEY}) d
    where bio_sample_counts.registry_id = d.registry_id and bio_sample_counts.institute_id = d.institute_id and bio_sample_counts.state = d.state`;
/** The rows of an update whose key moved or which went dead or live, as seen before (o) or after (w). */
const moved = (side: 'o' | 'w'): string =>
  `(select ${side}.* from old_rows o join new_rows w on w.id = o.id where o.registry_id is distinct from w.registry_id or o.institute_id is distinct from w.institute_id
    or o.state is distinct from w.state or (o.deleted_at is null) <> (w.deleted_at is null)) moved`;

const PG_TRIGGERS = [
  `create function bio_sample_counts_insert_rows() returns trigger language plpgsql as $$ begin ${pgIncrement('new_rows')}; return null; end $$`,
  `create function bio_sample_counts_delete_rows() returns trigger language plpgsql as $$ begin ${pgDecrement('old_rows')}; return null; end $$`,
  `create function bio_sample_counts_update_rows() returns trigger language plpgsql as $$ begin ${pgDecrement(moved('o'))}; ${pgIncrement(moved('w'))}; return null; end $$`,
  `create trigger bio_sample_counts_insert_rows after insert on bio_samples referencing new table as new_rows for each statement execute function bio_sample_counts_insert_rows()`,
  `create trigger bio_sample_counts_delete_rows after delete on bio_samples referencing old table as old_rows for each statement execute function bio_sample_counts_delete_rows()`,
  `create trigger bio_sample_counts_update_rows after update on bio_samples referencing old table as old_rows new table as new_rows for each statement execute function bio_sample_counts_update_rows()`,
];

/** Name and columns of the live-sample indexes, each ending in the default order (created_at, id). */
const INDEXES: ReadonlyArray<[string, string[]]> = [
  ['bio_samples_live_order_idx', ['created_at', 'id']],
  ['bio_samples_live_institute_order_idx', ['institute_id', 'created_at', 'id']],
  ['bio_samples_live_state_order_idx', ['state', 'created_at', 'id']],
  ['bio_samples_live_institute_state_order_idx', ['institute_id', 'state', 'created_at', 'id']],
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('bio_samples').columns(columns).where(sql.ref('deleted_at'), 'is', null).execute();
  }
  await db.schema
    .createTable('bio_sample_counts')
    .addColumn('registry_id', 'text', (c) => c.notNull())
    .addColumn('institute_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bio_sample_counts_pk', ['registry_id', 'institute_id', 'state'])
    .execute();
  await sql`insert into bio_sample_counts (registry_id, institute_id, state, n)
    select registry_id, institute_id, state, count(*) from bio_samples where deleted_at is null group by registry_id, institute_id, state`.execute(db);
  for (const statement of dialectOf(db) === 'postgres' ? PG_TRIGGERS : SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const event of ['insert', 'update', 'delete']) {
    const trigger = postgres ? `bio_sample_counts_${event}_rows` : `bio_sample_counts_${event}`;
    await sql.raw(postgres ? `drop trigger if exists ${trigger} on bio_samples` : `drop trigger if exists ${trigger}`).execute(db);
    if (postgres) await sql.raw(`drop function if exists ${trigger}()`).execute(db);
  }
  await db.schema.dropTable('bio_sample_counts').ifExists().execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}

export const bioSampleScale: Migration = { up, down };
