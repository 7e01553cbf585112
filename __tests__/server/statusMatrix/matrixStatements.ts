// The status matrix called as the route calls it, counting the statements it sends: a subquery
// built into another statement is no statement of its own.
import type { KyselyPlugin } from 'kysely';
import type { PermissionSubject } from '../../../src/domain/permissions';
import { parseListQueryOrThrow } from '../../../server/lists/listQuery';
import { findEntriesOf, findGroupIds } from '../../../server/permissions/accessEntries.repository';
import { MATRIX_FIELDS } from '../../../server/statusMatrix/statusMatrix.repository';
import { statusMatrix } from '../../../server/statusMatrix/statusMatrix.service';
import type { ClinicalTestServer } from '../clinical/clinicalTestKit';

export async function subjectOf(server: ClinicalTestServer, email: string): Promise<PermissionSubject> {
  const userId = server.userId(email);
  const roles = (await server.db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute()).map((r) => r.role);
  const groupIds = await findGroupIds(server.db, userId);
  return { userId, roles, groupIds, entries: await findEntriesOf(server.db, userId, groupIds) };
}

export interface CountedMatrix {
  statements: number;
  rows: number;
  total?: number;
}

/**
 * A matrix reader over one database instance for every call, as the server has one: what a search
 * learns of its terms (planVerdicts.ts, an index's statistics) is kept per instance.
 */
export function matrixStatements(server: ClinicalTestServer, registryId: string): (subject: PermissionSubject, raw: Record<string, string>) => Promise<CountedMatrix> {
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };
  const db = server.db.withPlugin(counting);
  return async (subject, raw) => {
    statements = 0;
    const answer = await statusMatrix(db, server.dialect, subject, registryId, parseListQueryOrThrow(raw, MATRIX_FIELDS), 'en');
    return { statements, rows: answer.rows.length, total: answer.total };
  };
}
