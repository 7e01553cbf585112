// The status matrix called as the route calls it, counting the statements it sends (statementCounter.ts).
import type { PermissionSubject } from '../../../src/domain/permissions';
import { parseListQueryOrThrow } from '../../../server/lists/listQuery';
import { MATRIX_FIELDS } from '../../../server/statusMatrix/statusMatrix.repository';
import { statusMatrix } from '../../../server/statusMatrix/statusMatrix.service';
import { statementCounter } from '../../helpers/statementCounter';
import type { ClinicalTestServer } from '../clinical/clinicalTestKit';

export interface CountedMatrix {
  statements: number;
  rows: number;
  total?: number;
}

export function matrixStatements(server: ClinicalTestServer, registryId: string): (subject: PermissionSubject, raw: Record<string, string>) => Promise<CountedMatrix> {
  const counter = statementCounter(server.db);
  return async (subject, raw) => {
    let answer: Awaited<ReturnType<typeof statusMatrix>> | undefined;
    const statements = await counter.count(async (db) => {
      answer = await statusMatrix(db, server.dialect, subject, registryId, parseListQueryOrThrow(raw, MATRIX_FIELDS), 'en');
    });
    return { statements, rows: answer?.rows.length ?? 0, total: answer?.total };
  };
}
