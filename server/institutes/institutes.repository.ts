// SQL for institutes.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseDialect } from '../config';
import type { Database } from '../db/database';
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
