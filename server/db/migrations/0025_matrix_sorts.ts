// The status matrix's other sorts from indexes (docs/decisions.md "Scale: the matrix's other sorts").
// Sorted by visit id the matrix sorted every attendance in scope for one page (275-540 ms at
// 233,000 attendances of a registry); sorted by institute it did the same. Now:
// - visit id: two indexes on the folded id, exactly as the sort folds it (`casefold()` on SQLite,
//   `lower()` on PostgreSQL), one per registry and one per registry and institute (an
//   institute-limited caller), each followed by the scope columns;
// - institute: the page is read one institute after another, each institute's attendances in id
//   order, from (registry, institute, id, physician). That index replaces attendances_scope_idx
//   (registry, institute), its prefix.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../sqlFunctions';

export const matrixSorts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const fold = dialectOf(db) === 'postgres' ? sql.raw('lower') : sql.raw('casefold');
    await sql`create index attendances_display_idx on attendances (registry_id, ${fold}(display_id), id, institute_id, physician_id)`.execute(db);
    await sql`create index attendances_institute_display_idx on attendances (registry_id, institute_id, ${fold}(display_id), id, physician_id)`.execute(db);
    await db.schema.createIndex('attendances_institute_id_idx').on('attendances').columns(['registry_id', 'institute_id', 'id', 'physician_id']).execute();
    await db.schema.dropIndex('attendances_scope_idx').execute();
    // Statistics of the indexed expressions now rather than at autovacuum's next ANALYZE (0027).
    if (dialectOf(db) === 'postgres') await sql`analyze attendances`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('attendances_scope_idx').on('attendances').columns(['registry_id', 'institute_id']).execute();
    for (const index of ['attendances_institute_id_idx', 'attendances_institute_display_idx', 'attendances_display_idx']) {
      await db.schema.dropIndex(index).execute();
    }
  },
};
