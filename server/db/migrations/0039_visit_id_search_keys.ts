// The visit-id search's rows hold what the matrix sorts and scopes its matches by (docs/decisions.md
// "A rare visit-id search reads its matches' keys from the search rows"). SQLite only. A rare
// "visit id contains" term reads every match to sort it and count it: each match's attendance was
// looked up by id (its text key, then its row) for the registry, the scope columns and the sort
// keys, 1.1 of the 1.85 ms of the `0112` page. The search rows (attendance_display_search, migration
// 0030), which the FTS5 matches are joined to anyway, now carry the registry, institute, physician,
// folded patient number and start, kept by triggers in the writer's transaction:
// - on insert, from the attendance row as it stands when the trigger runs (another insert trigger
//   may already have set its folded patient number: attendances_patient_number_insert);
// - on an update of any of them, from the new row (a patient's renumbering reaches the attendances'
//   folded number by trigger, and so here).
// PostgreSQL's search reads its GIN index and the attendances: nothing changes there.
// Never edit once shipped: add a migration instead.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

const KEYS = ['registry_id', 'institute_id', 'physician_id', 'patient_number_folded', 'start_date_time'];

const INSERT_TRIGGER = (keys: string[]): string => `create trigger attendances_display_trigrams_insert after insert on attendances begin
     insert into attendance_display_search (id, display_folded${keys.map((key) => `, ${key}`).join('')})
       select id, casefold(display_id)${keys.map((key) => `, ${key}`).join('')} from attendances where id = new.id;
     insert into attendance_display_trigrams (rowid, display_folded) select seq, display_folded from attendance_display_search where id = new.id;
   end`;

// `old.id` too: should an update change the id as well, the row is found whichever trigger runs first.
const UPDATE_TRIGGER = `create trigger attendances_display_keys_update after update of ${KEYS.join(', ')} on attendances begin
     update attendance_display_search set ${KEYS.map((key) => `${key} = new.${key}`).join(', ')} where id in (old.id, new.id);
   end`;

async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  for (const key of KEYS) await sql.raw(`alter table attendance_display_search add column ${key} text`).execute(db);
  await sql.raw(`update attendance_display_search set (${KEYS.join(', ')}) =
    (select ${KEYS.map((key) => `a.${key}`).join(', ')} from attendances a where a.id = attendance_display_search.id)`).execute(db);
  await sql.raw('drop trigger attendances_display_trigrams_insert').execute(db);
  await sql.raw(INSERT_TRIGGER(KEYS)).execute(db);
  await sql.raw(UPDATE_TRIGGER).execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql.raw('drop trigger if exists attendances_display_keys_update').execute(db);
  await sql.raw('drop trigger attendances_display_trigrams_insert').execute(db);
  await sql.raw(INSERT_TRIGGER([])).execute(db);
  for (const key of KEYS) await sql.raw(`alter table attendance_display_search drop column ${key}`).execute(db);
}

export const visitIdSearchKeys: Migration = { up, down };
