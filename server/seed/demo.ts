// Seeds the demo data into an empty database (no users) in one transaction; a database that
// already has users is never touched, so restarting `npm start` keeps what people entered.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PasswordHasher } from '../auth/passwordHash';
import { countUsers } from '../users/users.repository';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import { DEMO_ACCOUNTS, DEMO_INSTITUTES, DEMO_PASSWORD } from './demoData';
import { dialectOf } from '../db/sqlFunctions';
import { seedDemoClinical } from './seedClinical';
import { seedDemoBiobank } from './seedBiobank';
import { findEntriesOf, findGroupIds } from '../permissions/accessEntries.repository';
import { seedDemoRegistries } from './seedRegistries';

/** The demo account that registers samples centrally (the seeded ones, and the scale bench's grown ones). */
export const BIOBANK_ACCOUNT = 'biobank@example.org';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, describeDemoAccounts, type DemoAccount } from './demoData';

export interface SeedOptions {
  passwordHasher: PasswordHasher;
  /** For tests: the "now" that mfaEnforcedAt (yesterday) is computed from. */
  now?: Date;
  /** Defaults to the dialect behind `db`. */
  dialect?: DatabaseDialect;
  /** The record key the demo forms' history is authenticated with (server/audit/recordKey.ts). */
  recordKey: Buffer;
}

export interface SeedResult {
  seeded: boolean;
  institutes: number;
  users: number;
  registries: number;
  formTypes: number;
  accessEntries: number;
}

export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  // Hash before the transaction: argon2 is slow on purpose and must not hold a write lock.
  const passwordHash = await options.passwordHasher.hash(DEMO_PASSWORD);
  const now = options.now ?? new Date();
  const createdAt = now.toISOString();
  const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();

  return db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) return { seeded: false, institutes: 0, users: 0, registries: 0, formTypes: 0, accessEntries: 0 };

    const instituteIds = new Map<string, string>();
    for (const institute of DEMO_INSTITUTES) {
      const id = randomUUID();
      instituteIds.set(institute.key, id);
      await trx
        .insertInto('institutes')
        .values({
          id,
          name: institute.name,
          name_hu: institute.nameHu,
          name_en: institute.nameEn,
          short_name: institute.shortName,
          country: 'HU',
          city: institute.city,
          contact_name: institute.contactName,
          contact_email: institute.contactEmail,
          contact_phone: institute.contactPhone,
          notes: 'Bemutató intézmény (kitalált)',
          time_zone: 'Europe/Budapest',
          post_code: institute.postCode,
          region: institute.region,
          address: institute.address,
          lat: institute.lat,
          lon: institute.lon,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }

    let number = 0;
    const userIds = new Map<string, string>();
    for (const account of DEMO_ACCOUNTS) {
      number += 1;
      const id = randomUUID();
      userIds.set(account.email, id);
      const isAdmin = account.roles.includes('admin');
      await trx
        .insertInto('users')
        .values({
          id,
          name: account.name,
          email: account.email.toLowerCase(),
          password_hash: passwordHash,
          phone: null,
          doctor: account.doctor ?? false,
          institute_id: account.institute ? (instituteIds.get(account.institute) ?? null) : null,
          notes: null,
          state: 'active',
          country: 'HU',
          city: null,
          legacy_doctor_code: null,
          user_group_id: null,
          prevent_automatic_inactivation: isAdmin,
          deactivated_users_notification: isAdmin,
          inactive_users_notification: isAdmin,
          registry_id: null,
          mfa_policy: account.mfaPolicy ?? 'user',
          mfa_enabled: false,
          mfa_enforced_at: account.mfaEnforcedYesterday ? yesterday : null,
          mfa_confirmed: false,
          mfa_secret_encrypted: null,
          display_id: `U${String(number).padStart(4, '0')}`,
          created_at: createdAt,
          updated_at: createdAt,
          last_login_at: null,
        })
        .execute();
      await trx
        .insertInto('user_roles')
        .values(account.roles.map((role) => ({ user_id: id, role })))
        .execute();
    }
    const registries = await seedDemoRegistries(trx, instituteIds, userIds, createdAt);
    const registryRows = await trx.selectFrom('registries').select(['id', 'short_name']).execute();
    const users = new Map(
      DEMO_ACCOUNTS.map((account) => [account.email, { id: userIds.get(account.email) as string, name: account.name, roles: [...account.roles] }]),
    );
    const shortNames = new Map(DEMO_INSTITUTES.map((institute) => [institute.shortName, instituteIds.get(institute.key) as string]));
    const dialect = options.dialect ?? dialectOf(db as unknown as Kysely<unknown>);
    await seedDemoClinical(trx, dialect, options.recordKey, {
      institutes: shortNames,
      users,
      registries: new Map(registryRows.map((row) => [row.short_name, row.id])),
      formTypes: new Map((await trx.selectFrom('form_types').select(['id', 'display_id']).execute()).map((row) => [row.display_id, Number(row.id)])),
    });
    const biobank = users.get(BIOBANK_ACCOUNT) as { id: string; name: string; roles: string[] };
    const groupIds = await findGroupIds(trx, biobank.id);
    await seedDemoBiobank(
      trx,
      { db: trx, dialect, recordKey: options.recordKey, actor: { userId: biobank.id, userName: biobank.name, onBehalfOf: null }, subject: { userId: biobank.id, roles: biobank.roles, groupIds, entries: await findEntriesOf(trx, biobank.id, groupIds) } },
      { registryId: registryRows.find((row) => row.short_name === 'RA-BIO')?.id ?? '', instituteId: shortNames.get('SZLK') ?? '', createdAt },
    );
    return { seeded: true, institutes: DEMO_INSTITUTES.length, users: DEMO_ACCOUNTS.length, ...registries };
  });
}
