// Accounts the demo seed lacks (a plain impersonator, users of a given age) written straight into
// the tables, for the administration tests.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserState } from '../../../server/db/database';

export interface TestAccount {
  email: string;
  name?: string;
  roles?: string[];
  instituteId?: string | null;
  state?: UserState;
  passwordHash?: string | null;
  createdAt?: string;
  lastLoginAt?: string | null;
  preventAutomaticInactivation?: boolean;
  deactivatedUsersNotification?: boolean;
  inactiveUsersNotification?: boolean;
}

export async function addAccount(db: Kysely<Database>, account: TestAccount): Promise<string> {
  const id = randomUUID();
  const createdAt = account.createdAt ?? new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id,
      name: account.name ?? account.email,
      email: account.email,
      password_hash: account.passwordHash ?? null,
      phone: null,
      doctor: false,
      institute_id: account.instituteId ?? null,
      notes: null,
      state: account.state ?? 'active',
      country: null,
      city: null,
      legacy_doctor_code: null,
      user_group_id: null,
      prevent_automatic_inactivation: account.preventAutomaticInactivation ?? false,
      deactivated_users_notification: account.deactivatedUsersNotification ?? false,
      inactive_users_notification: account.inactiveUsersNotification ?? false,
      registry_id: null,
      mfa_enabled: false,
      mfa_enforced_at: null,
      mfa_confirmed: false,
      mfa_secret_encrypted: null,
      display_id: null,
      created_at: createdAt,
      updated_at: createdAt,
      last_login_at: account.lastLoginAt ?? null,
    })
    .execute();
  const roles = account.roles ?? ['user'];
  if (roles.length > 0) await db.insertInto('user_roles').values(roles.map((role) => ({ user_id: id, role }))).execute();
  return id;
}
