// Name search by trigrams (docs/decisions.md "Name search with trigrams"). A "contains" search on
// patients.name_folded used to scan every name for its exact total, and a rare name walked the
// whole name index for its page.
// - SQLite: an FTS5 trigram index over the folded names. Its rows live in patient_name_search (an
//   integer key FTS5 can point at, and the patient id with a unique index so that triggers find a
//   patient's row), beside the columns the permission scopes and the personal-data condition read
//   (registry, institute) and the default sort (created_at). Triggers on patients keep both in the
//   writer's transaction, so the API, the importer, the seed, the scale grower and the folded-name
//   refresher all leave it right. Case-sensitive: the names are folded already, and so a phrase
//   of the folded term matches exactly the names LIKE '%term%' matches. Not external content on patients itself: patients has no
//   INTEGER PRIMARY KEY, and VACUUM may renumber such a table's rowids.
// - PostgreSQL: pg_trgm's GIN index on patients.name_folded, which LIKE '%term%' uses by itself.
//   When the extension cannot be created (not installed, no privilege) the migration still
//   succeeds without the index and the search scans as before (createTrigramIndex).
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

const SEARCH_COLUMNS = 'name_folded, id, registry_id, institute_id, created_at';
const FROM_SEARCH = (patientId: string): string => `select seq, ${SEARCH_COLUMNS} from patient_name_search where id = ${patientId}`;

const SQLITE_TRIGGERS = [
  `create trigger patients_name_trigrams_insert after insert on patients begin
     insert into patient_name_search (id, name_folded, registry_id, institute_id, created_at) values (new.id, new.name_folded, new.registry_id, new.institute_id, new.created_at);
     insert into patient_name_trigrams (rowid, ${SEARCH_COLUMNS}) ${FROM_SEARCH('new.id')};
   end`,
  // An external-content FTS5 table forgets a row by being told its old values ('delete').
  `create trigger patients_name_trigrams_update after update of id, name_folded, registry_id, institute_id, created_at on patients begin
     insert into patient_name_trigrams (patient_name_trigrams, rowid, ${SEARCH_COLUMNS}) select 'delete', seq, ${SEARCH_COLUMNS} from patient_name_search where id = old.id;
     update patient_name_search set id = new.id, name_folded = new.name_folded, registry_id = new.registry_id, institute_id = new.institute_id, created_at = new.created_at where id = old.id;
     insert into patient_name_trigrams (rowid, ${SEARCH_COLUMNS}) ${FROM_SEARCH('new.id')};
   end`,
  `create trigger patients_name_trigrams_delete after delete on patients begin
     insert into patient_name_trigrams (patient_name_trigrams, rowid, ${SEARCH_COLUMNS}) select 'delete', seq, ${SEARCH_COLUMNS} from patient_name_search where id = old.id;
     delete from patient_name_search where id = old.id;
   end`,
];

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  await sql`create table patient_name_search (
      seq integer primary key,
      id text not null unique,
      name_folded text not null,
      registry_id text not null,
      institute_id text not null,
      created_at text not null
    )`.execute(db);
  await sql`create virtual table patient_name_trigrams using fts5(
      name_folded, id unindexed, registry_id unindexed, institute_id unindexed, created_at unindexed,
      content = 'patient_name_search', content_rowid = 'seq', tokenize = 'trigram case_sensitive 1'
    )`.execute(db);
  await sql`insert into patient_name_search (${sql.raw(SEARCH_COLUMNS)}) select ${sql.raw(SEARCH_COLUMNS)} from patients order by id`.execute(db);
  await sql`insert into patient_name_trigrams (patient_name_trigrams) values ('rebuild')`.execute(db);
  for (const statement of SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
}

/** Where the extension lives (installed by an operator or an earlier start), if anywhere. */
async function extensionSchema<DB>(db: Kysely<DB>, extension: string): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = ${extension}`.execute(db);
  return rows[0]?.schema;
}

/** A GIN trigram index: its name, and the table and column (or expression, as SQL) it indexes. */
export interface TrigramIndex {
  name: string;
  table: string;
  expression: string;
}

const NAME_INDEX: TrigramIndex = { name: 'patients_name_trigram_idx', table: 'patients', expression: 'name_folded' };

/**
 * The GIN trigram index, inside a savepoint: when the extension cannot be created the migration's
 * transaction goes on without it (the search then scans, with the same answers). The extension goes
 * to `public`, not the first schema of the search path: it is one per database, and a schema of its
 * own (a test's) would take it along when dropped. Answers whether the index was created (the
 * extension's name is a parameter for the test of a missing one). Other migrations name their own
 * index.
 */
export async function createTrigramIndex<DB>(db: Kysely<DB>, extension = 'pg_trgm', index = NAME_INDEX): Promise<boolean> {
  await sql`savepoint patient_name_trigrams`.execute(db);
  try {
    let schema = await extensionSchema(db, extension);
    if (schema === undefined) {
      await sql`create extension if not exists ${sql.id(extension)} with schema public`.execute(db);
      schema = await extensionSchema(db, extension);
    }
    await sql`create index ${sql.id(index.name)} on ${sql.id(index.table)} using gin (${sql.raw(index.expression)} ${sql.id(schema ?? 'public', 'gin_trgm_ops')})`.execute(db);
    await sql`release savepoint patient_name_trigrams`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint patient_name_trigrams`.execute(db);
    await sql`release savepoint patient_name_trigrams`.execute(db);
    return false;
  }
}

async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') return sqliteUp(db);
  if (!(await createTrigramIndex(db))) {
    // Retried once: of two servers (or test files) creating the extension at once, one fails and
    // then finds it made.
    await createTrigramIndex(db);
  }
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // The extension stays: other schemas of the database may use it.
    await sql`drop index if exists patients_name_trigram_idx`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists patients_name_trigrams_${event}`).execute(db);
  await sql`drop table if exists patient_name_trigrams`.execute(db);
  await sql`drop table if exists patient_name_search`.execute(db);
}

export const patientNameTrigrams: Migration = { up, down };
