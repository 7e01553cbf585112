// Whom an impersonator may act as (the "Act as..." dialog): active accounts without the admin role,
// never the caller. A short search list, not the users administration's list.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { caseFold } from '../db/sqlFunctions';

export interface ImpersonationCandidate {
  id: string;
  name: string;
  email: string;
  institute: string | null;
}

export const CANDIDATE_LIMIT = 20;

export async function impersonationCandidates(db: Kysely<Database>, dialect: DatabaseDialect, callerId: string, search: string): Promise<ImpersonationCandidate[]> {
  let query = db
    .selectFrom('users')
    .leftJoin('institutes', 'institutes.id', 'users.institute_id')
    .select(['users.id', 'users.name', 'users.email', 'institutes.short_name'])
    .where('users.state', '=', 'active')
    .where('users.id', '!=', callerId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role', '=', 'admin'))))
    .orderBy('users.name')
    .orderBy('users.id')
    .limit(CANDIDATE_LIMIT);
  const term = search.trim().toLowerCase();
  if (term !== '') {
    // Case-folded like the list filters; % and _ in the search mean themselves.
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const contains = (column: string): RawBuilder<SqlBool> => sql<SqlBool>`${caseFold(dialect, sql.ref(column))} like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([contains('users.name'), contains('users.email')]));
  }
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, institute: row.short_name }));
}
