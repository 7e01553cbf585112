// SQL for a user's preferences (spec auth §3: perPage default 10, locale default hu).
import type { Locale } from '../i18n/locale';
import type { Db } from '../users/accounts.repository';

export interface ProfileSettings {
  perPage: number;
  locale: Locale;
}

export const DEFAULT_PROFILE_SETTINGS: ProfileSettings = { perPage: 10, locale: 'hu' };

export async function findProfileSettings(db: Db, userId: string): Promise<ProfileSettings> {
  const row = await db.selectFrom('profile_settings').select(['per_page', 'locale']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { ...DEFAULT_PROFILE_SETTINGS };
  return { perPage: Number(row.per_page), locale: row.locale === 'en' ? 'en' : 'hu' };
}

export async function saveProfileSettings(db: Db, userId: string, settings: ProfileSettings, now: string): Promise<void> {
  await db
    .insertInto('profile_settings')
    .values({ user_id: userId, per_page: settings.perPage, locale: settings.locale, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ per_page: settings.perPage, locale: settings.locale, updated_at: now }))
    .execute();
}

/** The language mails to a user are written in: their preference, else the product default. */
export async function mailLocaleOf(db: Db, userId: string): Promise<Locale> {
  return (await findProfileSettings(db, userId)).locale;
}
