// SQL of self-registration: new users, institutes to choose from, the administrators to notify.
import { randomUUID } from 'node:crypto';
import type { Locale } from '../i18n/locale';
import { localizedNameSql } from '../institutes/institutes.repository';
import { emailKey, type Db } from '../users/accounts.repository';

export interface RegistrationInstitute {
  id: string;
  name: string;
  shortName: string;
}

export async function listRegistrationInstitutes(db: Db, locale: Locale): Promise<RegistrationInstitute[]> {
  const rows = await db
    .selectFrom('institutes')
    .select(['institutes.id', 'institutes.short_name', localizedNameSql(locale).as('localized_name')])
    .orderBy('localized_name')
    .orderBy('institutes.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.localized_name, shortName: row.short_name }));
}

export async function instituteExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('institutes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where(emailKey, '=', email).executeTakeFirst()) !== undefined;
}

export interface NewRegistration {
  name: string;
  email: string;
  passwordHash: string;
  instituteId: string;
  phone: string | null;
  doctor: boolean;
  notes: string | null;
  locale: Locale;
  now: string;
}

/** The new user is unconfirmed, with the basic role 'user'; the admin adds the rest at activation. */
export async function insertRegisteredUser(db: Db, registration: NewRegistration): Promise<string> {
  const id = randomUUID();
  const { now } = registration;
  await db
    .insertInto('users')
    .values({
      id,
      name: registration.name,
      email: registration.email,
      password_hash: registration.passwordHash,
      phone: registration.phone,
      doctor: registration.doctor,
      institute_id: registration.instituteId,
      notes: registration.notes,
      state: 'unconfirmed',
      country: null,
      city: null,
      legacy_doctor_code: null,
      user_group_id: null,
      prevent_automatic_inactivation: false,
      deactivated_users_notification: false,
      inactive_users_notification: false,
      registry_id: null,
      mfa_enabled: false,
      mfa_enforced_at: null,
      mfa_confirmed: false,
      mfa_secret_encrypted: null,
      display_id: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
    })
    .execute();
  await db.insertInto('user_roles').values({ user_id: id, role: 'user' }).execute();
  // The language of registration is the language of later mails (activation).
  await db.insertInto('profile_settings').values({ user_id: id, locale: registration.locale, updated_at: now }).execute();
  return id;
}

export interface Recipient {
  id: string;
  name: string;
  email: string;
}

/** Active central admins, and active local administrators of the institute. */
export async function registrationAdmins(db: Db, instituteId: string | null): Promise<Recipient[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email'])
    .distinct()
    .where('users.state', '=', 'active')
    .where((eb) =>
      eb.or([
        eb('user_roles.role', '=', 'admin'),
        ...(instituteId
          ? [eb.and([eb('user_roles.role', '=', 'local_administrator'), eb('users.institute_id', '=', instituteId)])]
          : []),
      ]),
    )
    .orderBy('users.email')
    .execute();
  return rows;
}
