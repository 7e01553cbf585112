// SQL for users and their roles.
import type { Kysely } from 'kysely';
import type { AuthUser } from '../auth/authUser';
import { isRole, type Role } from '../auth/roles';
import type { Database } from '../db/database';

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function findRoles(db: Kysely<Database>, userId: string): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((row) => row.role).filter(isRole);
}

/** The signed-in user as the request sees it: identity, roles and institute. */
export async function findAuthUser(db: Kysely<Database>, userId: string): Promise<AuthUser | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('institutes', 'institutes.id', 'users.institute_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'institutes.id as institute_id',
      'institutes.name as institute_name',
      'institutes.name_hu as institute_name_hu',
      'institutes.name_en as institute_name_en',
      'institutes.short_name as institute_short_name',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roles: await findRoles(db, row.id),
    institute:
      row.institute_id && row.institute_name && row.institute_short_name
        ? {
            id: row.institute_id,
            name: row.institute_name,
            nameHu: row.institute_name_hu,
            nameEn: row.institute_name_en,
            shortName: row.institute_short_name,
          }
        : null,
  };
}
