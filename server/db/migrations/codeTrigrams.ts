// Not a migration: the "contains" index over a short code that migrations 0026 (patient numbers)
// and 0030 (visit ids) each create (docs/decisions.md "Scale: the matrix's other sorts").
// - SQLite: an FTS5 trigram index over the folded codes, its rows in a plain table (an integer key
//   FTS5 points at, the source row's id unique so that triggers find its row), kept by triggers on
//   the source table in the writer's transaction. Case-sensitive over folded codes: a phrase of
//   the folded term matches exactly the codes LIKE '%term%' matches.
// - PostgreSQL: pg_trgm's GIN index on the expression the filter compares, which LIKE '%term%'
//   uses by itself when the term is selective.
// What a shipped migration made through it must stay as it was: change it only by adding options.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';
import { createTrigramIndex } from './0022_patient_name_trigrams';

export interface CodeTrigrams {
  /** The table holding the code, and its column. */
  source: { table: string; column: string };
  /** The FTS5 table, its rows' table and their folded column (SQLite). */
  fts: string;
  rows: string;
  folded: string;
  /** The triggers are named `<triggers>_insert`, `_update`, `_delete` (SQLite). */
  triggers: string;
  /** The GIN index (PostgreSQL). */
  pgIndex: { name: string; table: string; expression: string };
}

function sqliteTriggers({ source, fts, rows, folded, triggers }: CodeTrigrams): string[] {
  const rowOf = (id: string): string => `select seq, ${folded} from ${rows} where id = ${id}`;
  // An external-content FTS5 table forgets a row by being told its old values ('delete').
  const forget = `insert into ${fts} (${fts}, rowid, ${folded}) select 'delete', seq, ${folded} from ${rows} where id = old.id;`;
  return [
    `create trigger ${triggers}_insert after insert on ${source.table} begin
     insert into ${rows} (id, ${folded}) values (new.id, casefold(new.${source.column}));
     insert into ${fts} (rowid, ${folded}) ${rowOf('new.id')};
   end`,
    `create trigger ${triggers}_update after update of id, ${source.column} on ${source.table} begin
     ${forget}
     update ${rows} set id = new.id, ${folded} = casefold(new.${source.column}) where id = old.id;
     insert into ${fts} (rowid, ${folded}) ${rowOf('new.id')};
   end`,
    `create trigger ${triggers}_delete after delete on ${source.table} begin
     ${forget}
     delete from ${rows} where id = old.id;
   end`,
  ];
}

async function sqliteUp(db: Kysely<unknown>, index: CodeTrigrams): Promise<void> {
  const { source, fts, rows, folded } = index;
  await sql.raw(`create table ${rows} (seq integer primary key, id text not null unique, ${folded} text not null)`).execute(db);
  await sql.raw(`create virtual table ${fts} using fts5(
      ${folded}, content = '${rows}', content_rowid = 'seq', tokenize = 'trigram case_sensitive 1'
    )`).execute(db);
  await sql.raw(`insert into ${rows} (id, ${folded}) select id, casefold(${source.column}) from ${source.table} order by id`).execute(db);
  await sql.raw(`insert into ${fts} (${fts}) values ('rebuild')`).execute(db);
  for (const statement of sqliteTriggers(index)) await sql.raw(statement).execute(db);
}

export function codeTrigramsMigration(index: CodeTrigrams): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialectOf(db) === 'sqlite') return sqliteUp(db, index);
      // Retried once, as in migration 0022: of two servers creating the extension at once, one fails.
      if (!(await createTrigramIndex(db, 'pg_trgm', index.pgIndex))) await createTrigramIndex(db, 'pg_trgm', index.pgIndex);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialectOf(db) === 'postgres') {
        await sql`drop index if exists ${sql.id(index.pgIndex.name)}`.execute(db);
        return;
      }
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${index.triggers}_${event}`).execute(db);
      await sql.raw(`drop table if exists ${index.fts}`).execute(db);
      await sql.raw(`drop table if exists ${index.rows}`).execute(db);
    },
  };
}
