// The mailing-list sync (issue 13 item 6): every active user is added to or updated in the
// Mailchimp audience (name, e-mail, language, roles as tags) and every deactivated user is
// archived. A few calls run at once (Mailchimp allows 10 connections per key); an answer of 401 or
// 403 means the key itself is refused, so the run stops there instead of failing every member.
// Each run is recorded as a `mailing_list.synced` event of the application log: the screen reads
// the latest, and the retention never prunes events.
import type { Kysely } from 'kysely';
import { ROLES } from '../../src/domain/permissions/roles';
import { logEvent } from '../appLog/appLog.repository';
import type { Database } from '../db/database';
import type { MailchimpClient, MailchimpMember } from './mailchimpClient';

export const MAILING_LIST_EVENT = 'mailing_list.synced';
export const SYNC_CONCURRENCY = 4;
/** The run record keeps this many member errors; the count says how many there were. */
const MAX_RECORDED_ERRORS = 50;

export interface MailingListError {
  email: string | null;
  action: 'upsert' | 'tags' | 'archive' | 'key';
  status: number;
  detail: string;
}

export interface MailingListRun {
  startedAt: string;
  finishedAt: string;
  userName: string | null;
  /** Active users added to or updated in the audience. */
  upserted: number;
  /** Deactivated users archived by this run (those already absent are not counted). */
  archived: number;
  failed: number;
  /** True when Mailchimp refused the key and the run stopped. */
  stopped: boolean;
  errors: MailingListError[];
}

interface ListUser {
  id: string;
  name: string;
  email: string;
  state: string;
  locale: string | null;
}

async function listUsers(db: Kysely<Database>): Promise<{ active: MailchimpMember[]; deactivated: string[] }> {
  const users: ListUser[] = await db
    .selectFrom('users')
    .leftJoin('profile_settings', 'profile_settings.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.state', 'profile_settings.locale'])
    .where('users.state', 'in', ['active', 'inactive'])
    .orderBy('users.email')
    .execute();
  const roleRows = await db.selectFrom('user_roles').select(['user_id', 'role']).execute();
  const rolesOf = new Map<string, Set<string>>();
  for (const row of roleRows) rolesOf.set(row.user_id, (rolesOf.get(row.user_id) ?? new Set()).add(row.role));
  const active = users
    .filter((user) => user.state === 'active')
    .map((user) => ({
      email: user.email,
      name: user.name,
      language: user.locale === 'en' ? 'en' : 'hu',
      // Every role is sent, held or not, so that a role taken away loses its tag too.
      tags: ROLES.map((role) => ({ name: role, active: rolesOf.get(user.id)?.has(role) ?? false })),
    }));
  return { active, deactivated: users.filter((user) => user.state === 'inactive').map((user) => user.email) };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function runMailingListSync(
  deps: { db: Kysely<Database>; client: MailchimpClient; clock: () => Date },
  actor: { id: string; name: string } | null,
  reqId?: string,
): Promise<MailingListRun> {
  const startedAt = deps.clock().toISOString();
  const { active, deactivated } = await listUsers(deps.db);
  const errors: MailingListError[] = [];
  let upserted = 0;
  let archived = 0;
  let stopped = false;
  const fail = (email: string | null, action: MailingListError['action'], status: number, detail: string): void => {
    if (status === 401 || status === 403) {
      if (!stopped) errors.unshift({ email: null, action: 'key', status, detail });
      stopped = true;
      return;
    }
    errors.push({ email, action, status, detail });
  };

  await eachLimited(active, SYNC_CONCURRENCY, async (member) => {
    if (stopped) return;
    const put = await deps.client.upsertMember(member);
    if (!put.ok) return fail(member.email, 'upsert', put.status, put.detail);
    const tags = await deps.client.setTags(member);
    if (!tags.ok) return fail(member.email, 'tags', tags.status, tags.detail);
    upserted += 1;
  });
  await eachLimited(deactivated, SYNC_CONCURRENCY, async (email) => {
    if (stopped) return;
    const gone = await deps.client.archiveMember(email);
    // 404: never on the list, or archived already; either way the wanted state holds.
    if (gone.ok) archived += 1;
    else if (gone.status !== 404) fail(email, 'archive', gone.status, gone.detail);
  });

  const run: MailingListRun = {
    startedAt,
    finishedAt: deps.clock().toISOString(),
    userName: actor?.name ?? null,
    upserted,
    archived,
    failed: errors.filter((error) => error.action !== 'key').length,
    stopped,
    errors: errors.slice(0, MAX_RECORDED_ERRORS),
  };
  await logEvent(deps.db, {
    event: MAILING_LIST_EVENT,
    severity: errors.length > 0 ? 'error' : 'info',
    message: `mailing list: ${upserted} updated, ${archived} archived, ${run.failed} failed${stopped ? ', stopped: the API key was refused' : ''}`,
    targetType: 'mailing_list',
    data: run,
    userId: actor?.id ?? null,
    userName: actor?.name ?? null,
    reqId: reqId ?? null,
  });
  return run;
}

export async function lastMailingListRun(db: Kysely<Database>): Promise<MailingListRun | null> {
  const row = await db
    .selectFrom('application_log')
    .select('data')
    .where('event', '=', MAILING_LIST_EVENT)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.data ? (JSON.parse(row.data) as MailingListRun) : null;
}
