// SQL for institutes: the public registration list, full reads, and the physicians of one.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { Database, InstituteRow } from '../db/database';
import type { Locale } from '../i18n/locale';
import { fetchList, type ListFieldMap } from '../lists/listQuery';
import type { ListQuery } from '../../src/domain/lists';

export interface PublicInstitute {
  id: string;
  name: string;
  shortName: string;
  city: string | null;
}

/** The name in the reader's language, falling back to the main name when no translation exists. */
export function localizedNameSql(locale: Locale): RawBuilder<string> {
  const column = locale === 'en' ? 'institutes.name_en' : 'institutes.name_hu';
  return sql<string>`coalesce(nullif(${sql.ref(column)}, ''), ${sql.ref('institutes.name')})`;
}

export function localizedName(row: { name: string; nameHu: string | null; nameEn: string | null }, locale: Locale): string {
  const translated = locale === 'en' ? row.nameEn : row.nameHu;
  return translated && translated !== '' ? translated : row.name;
}

export function publicInstituteFields(locale: Locale): ListFieldMap {
  return {
    name: { column: localizedNameSql(locale), type: 'text' },
    shortName: { column: 'institutes.short_name', type: 'text' },
    city: { column: 'institutes.city', type: 'text' },
  };
}

export async function listPublicInstitutes(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  locale: Locale,
  query: ListQuery,
): Promise<{ items: PublicInstitute[]; total?: number }> {
  const base = db
    .selectFrom('institutes')
    .select(['institutes.id', 'institutes.short_name', 'institutes.city', localizedNameSql(locale).as('localized_name')]);
  const { rows, total } = await fetchList(base, query, {
    fields: publicInstituteFields(locale),
    dialect,
    tieBreaker: 'institutes.id',
    defaultSort: [{ field: 'name', direction: 'asc' }],
  });
  return {
    items: rows.map((row) => ({ id: row.id, name: row.localized_name, shortName: row.short_name, city: row.city })),
    total,
  };
}

export interface Institute {
  id: string;
  /** Localized (shouldLocalize, the default) or the main name. */
  name: string;
  nameHu: string | null;
  nameEn: string | null;
  shortName: string;
  country: string | null;
  city: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  notes: string | null;
  timeZone: string;
  postCode: string | null;
  region: string | null;
  address: string | null;
  lat: number | null;
  lon: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The name column of reads: localized for shouldLocalize, else the main name. */
export function instituteNameSql(locale: Locale | null): RawBuilder<string> {
  return locale ? localizedNameSql(locale) : sql<string>`${sql.ref('institutes.name')}`;
}

export function instituteFields(locale: Locale | null): ListFieldMap {
  return {
    name: { column: instituteNameSql(locale), type: 'text' },
    shortName: { column: 'institutes.short_name', type: 'text' },
    city: { column: 'institutes.city', type: 'text' },
    country: { column: 'institutes.country', type: 'text' },
    region: { column: 'institutes.region', type: 'text' },
    timeZone: { column: 'institutes.time_zone', type: 'text' },
    createdAt: { column: 'institutes.created_at', type: 'date' },
  };
}

function toInstitute(row: InstituteRow, locale: Locale | null): Institute {
  return {
    id: row.id,
    name: locale ? localizedName({ name: row.name, nameHu: row.name_hu, nameEn: row.name_en }, locale) : row.name,
    nameHu: row.name_hu,
    nameEn: row.name_en,
    shortName: row.short_name,
    country: row.country,
    city: row.city,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    notes: row.notes,
    timeZone: row.time_zone,
    postCode: row.post_code,
    region: row.region,
    address: row.address,
    lat: row.lat,
    lon: row.lon,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listInstitutes(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  locale: Locale | null,
  query: ListQuery,
  visible: Expression<SqlBool>,
): Promise<{ items: Institute[]; total?: number }> {
  const base = db.selectFrom('institutes').selectAll('institutes').where(visible);
  const { rows, total } = await fetchList(base, query, {
    fields: instituteFields(locale),
    dialect,
    tieBreaker: 'institutes.id',
    defaultSort: [{ field: 'name', direction: 'asc' }],
  });
  return { items: rows.map((row) => toInstitute(row, locale)), total };
}

export async function findInstitute(db: Kysely<Database>, id: string, locale: Locale | null): Promise<Institute | null> {
  const row = await db.selectFrom('institutes').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toInstitute(row, locale) : null;
}

export interface Physician {
  id: string;
  name: string;
  email: string;
  displayId: string | null;
}

export const PHYSICIAN_FIELDS: ListFieldMap = {
  name: { column: 'users.name', type: 'text' },
  email: { column: 'users.email', type: 'text' },
  displayId: { column: 'users.display_id', type: 'text' },
};

/** Active users with the doctor flag at the institute; `where` narrows them further (in SQL, so paging holds). */
export async function listPhysicians(
  db: Kysely<Database>,
  dialect: DatabaseDialect,
  instituteId: string,
  query: ListQuery,
  where?: Expression<SqlBool>,
): Promise<{ items: Physician[]; total?: number }> {
  let base = db
    .selectFrom('users')
    .select(['users.id', 'users.name', 'users.email', 'users.display_id'])
    .where('users.institute_id', '=', instituteId)
    .where('users.doctor', '=', true)
    .where('users.state', '=', 'active');
  if (where) base = base.where(where);
  const { rows, total } = await fetchList(base, query, {
    fields: PHYSICIAN_FIELDS,
    dialect,
    tieBreaker: 'users.id',
    defaultSort: [{ field: 'name', direction: 'asc' }],
  });
  return { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, displayId: r.display_id })), total };
}

// --- Writes (PUT /institutes/{id}) ---

/**
 * The institute row read under a row lock on PostgreSQL (`update` for the institute write, `share`
 * for an attendance start): a start and a change of the time zone or short name wait for each
 * other, so no attendance gets an id of the old settings after they were regenerated. SQLite
 * serializes write transactions anyway.
 */
export async function lockInstituteRow(db: Kysely<Database>, dialect: DatabaseDialect, id: string, mode: 'share' | 'update'): Promise<InstituteRow | null> {
  let query = db.selectFrom('institutes').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = mode === 'update' ? query.forUpdate() : query.forShare();
  return (await query.executeTakeFirst()) ?? null;
}

export async function shortNameTaken(db: Kysely<Database>, shortName: string, exceptId: string): Promise<boolean> {
  const row = await db
    .selectFrom('institutes')
    .select('id')
    .where(sql<string>`lower(short_name)`, '=', shortName.toLowerCase())
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Editable columns of an institute (spec §3); undefined leaves a column as it is. */
export type InstituteChanges = Partial<Omit<InstituteRow, 'id' | 'created_at' | 'updated_at'>>;

export async function updateInstituteRow(db: Kysely<Database>, id: string, changes: InstituteChanges, at: string): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  await db.updateTable('institutes').set({ ...set, updated_at: at }).where('id', '=', id).execute();
}
