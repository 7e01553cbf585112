// The names an effective-access answer shows beside ids: registries, form types, institutes,
// physicians and groups, read in one query per table.
import type { Kysely } from 'kysely';
import type { EffectiveGrant } from '../../src/domain/permissions';
import type { Database } from '../db/database';
import type { Locale } from '../i18n/locale';

export interface NameMaps {
  registries: Map<string, string>;
  formTypes: Map<number, string>;
  institutes: Map<string, string>;
  users: Map<string, string>;
  groups: Map<string, string>;
}

function unique<T>(values: (T | undefined)[]): T[] {
  return [...new Set(values.filter((value): value is T => value !== undefined))];
}

export async function namesFor(db: Kysely<Database>, grants: readonly EffectiveGrant[], locale: Locale): Promise<NameMaps> {
  const registryIds = unique(grants.map((g) => g.scope.registryId));
  const formTypeIds = unique(grants.map((g) => g.scope.formTypeId));
  const instituteIds = unique(grants.map((g) => g.scope.instituteId));
  const userIds = unique([...grants.map((g) => g.scope.physicianId), ...grants.map((g) => ('userId' in g.via ? g.via.userId : undefined))]);
  const groupIds = unique(grants.map((g) => ('groupId' in g.via ? g.via.groupId : undefined)));
  const registries = registryIds.length ? await db.selectFrom('registries').select(['id', 'name_en', 'name_hu', 'short_name']).where('id', 'in', registryIds).execute() : [];
  const formTypes = formTypeIds.length ? await db.selectFrom('form_types').select(['id', 'name_en', 'name_hu']).where('id', 'in', formTypeIds).execute() : [];
  const institutes = instituteIds.length ? await db.selectFrom('institutes').select(['id', 'name']).where('id', 'in', instituteIds).execute() : [];
  const users = userIds.length ? await db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute() : [];
  const groups = groupIds.length ? await db.selectFrom('user_groups').select(['id', 'name']).where('id', 'in', groupIds).execute() : [];
  const inLocale = (row: { name_en: string; name_hu: string }): string => (locale === 'hu' ? row.name_hu : row.name_en);
  return {
    registries: new Map(registries.map((r) => [r.id, inLocale(r)])),
    formTypes: new Map(formTypes.map((f) => [f.id, inLocale(f)])),
    institutes: new Map(institutes.map((i) => [i.id, i.name])),
    users: new Map(users.map((u) => [u.id, u.name])),
    groups: new Map(groups.map((g) => [g.id, g.name])),
  };
}
