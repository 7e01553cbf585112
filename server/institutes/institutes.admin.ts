// POST /institutes and DELETE /institutes/{id} (admin), and the usage counts the client shows
// before a delete or a time-zone change. An institute that patients or users belong to is never
// deleted (the records keep naming it); one without either goes, with its registry memberships.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { logEvent } from '../appLog/appLog.repository';
import { actorLogFields } from '../forms/history';
import type { Database } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import { ApiError } from '../errors/apiError';
import type { WriteDeps } from '../forms/forms.lifecycle';
import { nowIso } from '../util/time';
import { lockInstituteRow, shortNameTaken } from './institutes.repository';
import { instituteInputError, instituteNotFound } from './institutes.service';
import { changesOf, checkInstituteInput, type InstituteInput } from './institutes.update';

export interface InstituteUsage {
  patients: number;
  users: number;
  attendances: number;
  forms: number;
}

export const instituteInUse = (usage: InstituteUsage): ApiError =>
  new ApiError({ statusCode: 409, code: 'institute_in_use', messageId: 'server.institutes.deleteFailed', details: { patients: usage.patients, users: usage.users } });

async function countWhere(db: Kysely<Database>, table: 'patients' | 'users' | 'attendances' | 'forms', instituteId: string): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string | number>().as('n')).where('institute_id', '=', instituteId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function instituteUsage(db: Kysely<Database>, id: string): Promise<InstituteUsage> {
  const [patients, users, attendances, forms] = await Promise.all(
    (['patients', 'users', 'attendances', 'forms'] as const).map((table) => countWhere(db, table, id)),
  );
  return { patients, users, attendances, forms };
}

export async function createInstitute(deps: WriteDeps, input: InstituteInput, reqId?: string): Promise<string> {
  const { errors, timeZone } = checkInstituteInput(input);
  return inTransaction(deps.db, async (trx) => {
    if (await shortNameTaken(trx, input.shortName, '')) errors.push({ path: 'shortName', key: 'api.unique', context: {} });
    if (errors.length > 0 || !timeZone) throw instituteInputError(errors);
    const id = randomUUID();
    const at = nowIso();
    const columns = Object.fromEntries(Object.entries(changesOf(input, timeZone)).map(([key, value]) => [key, value ?? null]));
    await trx
      .insertInto('institutes')
      .values({ ...columns, id, name: input.name.trim(), short_name: input.shortName, time_zone: timeZone, created_at: at, updated_at: at })
      .execute();
    await logEvent(trx, { event: 'institute.created', targetType: 'institute', targetId: id, targetName: input.shortName, ...actorLogFields(deps.actor), reqId });
    return id;
  });
}

export async function deleteInstitute(deps: WriteDeps, id: string, reqId?: string): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const row = await lockInstituteRow(trx, deps.dialect, id, 'update');
    if (!row) throw instituteNotFound();
    const usage = await instituteUsage(trx, id);
    if (usage.patients > 0 || usage.users > 0 || usage.attendances > 0 || usage.forms > 0) throw instituteInUse(usage);
    await trx.deleteFrom('institutes').where('id', '=', id).execute();
    await logEvent(trx, { event: 'institute.deleted', targetType: 'institute', targetId: id, targetName: row.short_name, ...actorLogFields(deps.actor), reqId });
  });
}
