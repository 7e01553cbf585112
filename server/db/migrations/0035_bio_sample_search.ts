// The biobank's search by trigrams (docs/decisions.md "Scale: the biobank's lists"): `search`
// matches a sample whose number or legacy number, or whose patient's number, contains the term. At
// 133,000 samples it compared every sample and its patient (330-480 ms).
// - SQLite: an FTS5 trigram index, as codeTrigrams.ts makes for one code, over one folded text per
//   sample: the number and the legacy number with a unit separator (char 31) between them, which
//   no typed term holds, so a match never spans the two. The patients' numbers have theirs
//   (migration 0026).
// - PostgreSQL: pg_trgm's GIN index on the same text, and the one on the patients' folded numbers
//   (migration 0027), which the search's LIKE uses.
// Never edit once shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import { createTrigramIndex } from './0022_patient_name_trigrams';

/** The folded text of a sample row (`row`: new, old or the table) that the SQLite index holds. */
const folded = (row: string): string => `casefold(${row}.sample_number || char(31) || coalesce(${row}.legacy_sample_number, ''))`;
const rowOf = (id: string): string => `select seq, text_folded from bio_sample_search where id = ${id}`;
// An external-content FTS5 table forgets a row by being told its old values ('delete').
const forget = `insert into bio_sample_trigrams (bio_sample_trigrams, rowid, text_folded) select 'delete', seq, text_folded from bio_sample_search where id = old.id;`;

const SQLITE_TRIGGERS = [
  `create trigger bio_sample_trigrams_insert after insert on bio_samples begin
    insert into bio_sample_search (id, text_folded) values (new.id, ${folded('new')});
    insert into bio_sample_trigrams (rowid, text_folded) ${rowOf('new.id')};
  end`,
  `create trigger bio_sample_trigrams_update after update of id, sample_number, legacy_sample_number on bio_samples begin
    ${forget}
    update bio_sample_search set id = new.id, text_folded = ${folded('new')} where id = old.id;
    insert into bio_sample_trigrams (rowid, text_folded) ${rowOf('new.id')};
  end`,
  `create trigger bio_sample_trigrams_delete after delete on bio_samples begin
    ${forget}
    delete from bio_sample_search where id = old.id;
  end`,
];

/** The PostgreSQL text the search compares (bioSamples.repository.ts imports it, so the index serves it). */
export const PG_SAMPLE_TEXT = `lower(sample_number || chr(31) || coalesce(legacy_sample_number, ''))`;
const PG_INDEX = { name: 'bio_samples_number_trigram_idx', table: 'bio_samples', expression: PG_SAMPLE_TEXT };

async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // Retried once, as in migration 0022: of two servers creating the extension at once, one fails.
    if (!(await createTrigramIndex(db, 'pg_trgm', PG_INDEX))) await createTrigramIndex(db, 'pg_trgm', PG_INDEX);
    // The planner knows an indexed expression's values only from the next ANALYZE.
    await sql`analyze bio_samples`.execute(db);
    return;
  }
  await sql`create table bio_sample_search (seq integer primary key, id text not null unique, text_folded text not null)`.execute(db);
  await sql`create virtual table bio_sample_trigrams using fts5(
      text_folded, content = 'bio_sample_search', content_rowid = 'seq', tokenize = 'trigram case_sensitive 1'
    )`.execute(db);
  await sql.raw(`insert into bio_sample_search (id, text_folded) select id, ${folded('bio_samples')} from bio_samples order by id`).execute(db);
  await sql`insert into bio_sample_trigrams (bio_sample_trigrams) values ('rebuild')`.execute(db);
  for (const statement of SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop index if exists ${sql.id(PG_INDEX.name)}`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists bio_sample_trigrams_${event}`).execute(db);
  await sql`drop table if exists bio_sample_trigrams`.execute(db);
  await sql`drop table if exists bio_sample_search`.execute(db);
}

export const bioSampleSearch: Migration = { up, down };
