// The name search's rows stored by name (docs/decisions.md "Name search: rows stored by name").
// patient_name_search's key (`seq`, the rowid FTS5 points at) used to follow the order patients
// were written in, so one surname's 5,000 rows lay on nearly every page of the table. A read after
// any write (every write empties the read connections' page caches) then fetched most pages again:
// the `Nagy` page of an investigator took ~15 ms that way, 6 ms with the pages cached. Now a row's
// key starts with the first four characters of its folded name (a bucket of 2^20 keys each), so
// a surname's rows are neighbours: the same page reads a twentieth of the pages (~6 ms after a
// write, ~4 ms cached). SQLite only; PostgreSQL's search reads its GIN index and the patients table.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

const SEARCH_COLUMNS = 'name_folded, id, registry_id, institute_id, created_at';
/** Keys per bucket: the rows whose names share their first four characters. */
const BUCKET_KEYS = 1 << 20;
/** Keys of the rows a full bucket could not take at migration: above every bucket (< 2^53, exact in JS). */
const OVERFLOW_BASE = 2 ** 52;

/** The first key of a name's bucket: its first four characters, 8 bits each (above 255 counts as 255). */
function bucketSql(name: string): string {
  const character = (position: number, shift: number): string => `(min(coalesce(unicode(substr(${name}, ${position}, 1)), 0), 255) << ${shift})`;
  return `(${character(1, 44)} + ${character(2, 36)} + ${character(3, 28)} + ${character(4, 20)})`;
}

/**
 * A free key for a new row named `name`: the next one in its bucket, or when the bucket is full the
 * next above every key (free as well; only that row loses its neighbours).
 */
function newKeySql(name: string): string {
  const bucket = bucketSql(name);
  return `(select case
      when max(seq) is null then ${bucket}
      when max(seq) < ${bucket} + ${BUCKET_KEYS - 1} then max(seq) + 1
      else (select max(seq) + 1 from patient_name_search)
    end from patient_name_search where seq between ${bucket} and ${bucket} + ${BUCKET_KEYS - 1})`;
}

const FROM_SEARCH = (patientId: string): string => `select seq, ${SEARCH_COLUMNS} from patient_name_search where id = ${patientId}`;
const FORGET = `insert into patient_name_trigrams (patient_name_trigrams, rowid, ${SEARCH_COLUMNS}) select 'delete', seq, ${SEARCH_COLUMNS} from patient_name_search where id = old.id;`;

/** The new row of `patients` into patient_name_search, under a free key of its name's bucket. */
const INSERT_KEYED = `insert into patient_name_search (seq, ${SEARCH_COLUMNS}) values (${newKeySql('new.name_folded')}, new.name_folded, new.id, new.registry_id, new.institute_id, new.created_at);`;

/**
 * Migration 0022's insert and update triggers, with each row keyed by its name (a rename moves the
 * row to its new bucket). Its delete trigger stays as it is.
 */
const ORDERED_TRIGGERS = [
  `create trigger patients_name_trigrams_insert after insert on patients begin
     ${INSERT_KEYED}
     insert into patient_name_trigrams (rowid, ${SEARCH_COLUMNS}) ${FROM_SEARCH('new.id')};
   end`,
  // An external-content FTS5 table forgets a row by being told its old values ('delete').
  `create trigger patients_name_trigrams_update after update of id, name_folded, registry_id, institute_id, created_at on patients begin
     ${FORGET}
     delete from patient_name_search where id = old.id;
     ${INSERT_KEYED}
     insert into patient_name_trigrams (rowid, ${SEARCH_COLUMNS}) ${FROM_SEARCH('new.id')};
   end`,
];

/** Migration 0022's insert and update triggers (keys in the order rows were written), for `down()`. */
const WRITE_ORDER_TRIGGERS = [
  `create trigger patients_name_trigrams_insert after insert on patients begin
     insert into patient_name_search (${SEARCH_COLUMNS}) values (new.name_folded, new.id, new.registry_id, new.institute_id, new.created_at);
     insert into patient_name_trigrams (rowid, ${SEARCH_COLUMNS}) ${FROM_SEARCH('new.id')};
   end`,
  `create trigger patients_name_trigrams_update after update of id, name_folded, registry_id, institute_id, created_at on patients begin
     ${FORGET}
     update patient_name_search set id = new.id, name_folded = new.name_folded, registry_id = new.registry_id, institute_id = new.institute_id, created_at = new.created_at where id = old.id;
     insert into patient_name_trigrams (rowid, ${SEARCH_COLUMNS}) ${FROM_SEARCH('new.id')};
   end`,
];

async function replaceTriggers(db: Kysely<unknown>, triggers: readonly string[]): Promise<void> {
  for (const event of ['insert', 'update']) await sql.raw(`drop trigger if exists patients_name_trigrams_${event}`).execute(db);
  for (const statement of triggers) await sql.raw(statement).execute(db);
}

/** Every row keyed anew by its name, in name order within its bucket; the FTS5 index rebuilt on the new keys. */
async function keyByName(db: Kysely<unknown>): Promise<void> {
  const bucket = bucketSql('name_folded');
  await sql.raw(`create temp table patient_name_search_by_name as
      select case when rank <= ${BUCKET_KEYS} then bucket + rank - 1 else ${OVERFLOW_BASE} + overall end as seq, ${SEARCH_COLUMNS}
      from (select ${SEARCH_COLUMNS}, ${bucket} as bucket,
              row_number() over (partition by ${bucket} order by name_folded, id) as rank,
              row_number() over (order by name_folded, id) as overall
            from patient_name_search)`).execute(db);
  await sql`delete from patient_name_search`.execute(db);
  await sql.raw(`insert into patient_name_search (seq, ${SEARCH_COLUMNS}) select seq, ${SEARCH_COLUMNS} from temp.patient_name_search_by_name order by seq`).execute(db);
  await sql`drop table temp.patient_name_search_by_name`.execute(db);
  await sql`insert into patient_name_trigrams (patient_name_trigrams) values ('rebuild')`.execute(db);
}

export const patientNameOrder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== 'sqlite') return;
    await replaceTriggers(db, ORDERED_TRIGGERS);
    await keyByName(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== 'sqlite') return;
    // The keys stay as they are: new rows then take the key after the largest, as before.
    await replaceTriggers(db, WRITE_ORDER_TRIGGERS);
  },
};
