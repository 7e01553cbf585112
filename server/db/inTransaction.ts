// Runs work in a transaction, or inside the caller's one when `db` already is a transaction (the
// demo seed writes through the API's services within its single transaction).
import type { Kysely } from 'kysely';
import type { Database } from './database';

export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
