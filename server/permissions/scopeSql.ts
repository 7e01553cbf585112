// Grant scopes (src/domain/permissions) as a SQL condition, so lists filter in the database and
// page correctly. Dimensions a list has no column for are "some value" (see can()).
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ConditionKey, GrantScopes } from '../../src/domain/permissions';

export type ScopeColumns = Partial<Record<ConditionKey, string | Expression<unknown>>>;

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

export function scopeCondition(grant: GrantScopes, columns: ScopeColumns): RawBuilder<SqlBool> {
  if (grant.all) return TRUE;
  const alternatives: RawBuilder<SqlBool>[] = [];
  for (const scope of grant.scopes) {
    const parts: RawBuilder<SqlBool>[] = [];
    for (const [key, column] of Object.entries(columns) as [ConditionKey, string | Expression<unknown>][]) {
      const value = scope[key];
      if (value === undefined) continue;
      const ref = typeof column === 'string' ? sql.ref(column) : column;
      parts.push(sql<SqlBool>`${ref} = ${value}`);
    }
    // A scope with no condition on these columns reaches every row.
    if (parts.length === 0) return TRUE;
    alternatives.push(sql<SqlBool>`(${sql.join(parts, sql` and `)})`);
  }
  return alternatives.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}
