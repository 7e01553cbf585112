// The daily automatic inactivation (issue 12 item 4): an active account whose last sign-in (or
// creation, if it never signed in) is INACTIVATION_DAYS or more ago is deactivated and its sessions
// revoked, unless it is marked preventAutomaticInactivation. Users flagged
// deactivatedUsersNotification get one mail listing today's deactivations; users flagged
// inactiveUsersNotification get one listing the accounts due within NOTICE_DAYS, each account
// listed once per stretch of disuse (users.inactivation_notice_at).
import { sql, type Kysely } from 'kysely';
import { logEvent } from '../appLog/appLog.repository';
import type { Database } from '../db/database';
import { inTransaction } from '../db/inTransaction';
import type { Mailer } from '../mail/mailer';
import { inactiveUsersMail, deactivatedUsersMail, type AccountLine } from '../mail/templates/inactivationMails';
import { renderMail } from '../mail/templates/layout';
import { mailLocaleOf } from '../profile/profileSettings.repository';
import type { DailyTask } from './dailySchedule';

export const INACTIVATION_TASK = 'automatic_inactivation';
/** How far ahead the notice of soon-to-be-inactive accounts looks. */
export const NOTICE_DAYS = 14;
const DAY_MS = 86400 * 1000;

export interface InactivationDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  inactivationDays: number;
  publicUrl: string;
}

export interface InactivationResult {
  deactivated: number;
  noticed: number;
  mails: number;
}

interface Candidate {
  id: string;
  name: string;
  email: string;
  lastUsed: string;
}

const LAST_USED = sql<string>`coalesce(last_login_at, created_at)`;

async function candidates(db: Kysely<Database>, usedBefore: string, usedAfter?: string): Promise<Candidate[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'email', LAST_USED.as('last_used')])
    .where('state', '=', 'active')
    .where('prevent_automatic_inactivation', '=', false)
    .where(LAST_USED, '<=', usedBefore)
    .orderBy('name')
    .orderBy('id');
  if (usedAfter !== undefined) {
    query = query.where(LAST_USED, '>', usedAfter).where((eb) => eb.or([eb('inactivation_notice_at', 'is', null), eb('inactivation_notice_at', '<', LAST_USED)]));
  }
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, lastUsed: new Date(row.last_used).toISOString() }));
}

async function recipients(db: Kysely<Database>, flag: 'deactivated_users_notification' | 'inactive_users_notification'): Promise<{ id: string; name: string; email: string }[]> {
  return db.selectFrom('users').select(['id', 'name', 'email']).where('state', '=', 'active').where(flag, '=', true).orderBy('id').execute();
}

async function mailEach(
  deps: InactivationDeps,
  flag: 'deactivated_users_notification' | 'inactive_users_notification',
  build: (name: string, locale: 'hu' | 'en', to: string) => ReturnType<typeof renderMail>,
  purpose: string,
): Promise<number> {
  const people = await recipients(deps.db, flag);
  for (const person of people) deps.mailer.send(build(person.name, await mailLocaleOf(deps.db, person.id), person.email), purpose);
  return people.length;
}

export async function runInactivation(deps: InactivationDeps, now: Date): Promise<InactivationResult> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - deps.inactivationDays * DAY_MS).toISOString();
  const deactivated = await inTransaction(deps.db, async (trx) => {
    const due = await candidates(trx, cutoff);
    if (due.length === 0) return due;
    const ids = due.map((c) => c.id);
    await trx.updateTable('users').set({ state: 'inactive', updated_at: at }).where('id', 'in', ids).execute();
    await trx.updateTable('sessions').set({ revoked_at: at, revoked_reason: 'automatic_inactivation' }).where('user_id', 'in', ids).where('revoked_at', 'is', null).execute();
    for (const account of due) {
      await logEvent(trx, { event: 'user.deactivated', reason: 'automatic_inactivation', targetType: 'user', targetId: account.id, targetName: account.email, data: { lastUsed: account.lastUsed, days: deps.inactivationDays } });
    }
    return due;
  });

  const soonCutoff = new Date(now.getTime() - (deps.inactivationDays - NOTICE_DAYS) * DAY_MS).toISOString();
  const soon = await inTransaction(deps.db, async (trx) => {
    const due = await candidates(trx, soonCutoff, cutoff);
    if (due.length > 0) await trx.updateTable('users').set({ inactivation_notice_at: at }).where('id', 'in', due.map((c) => c.id)).execute();
    return due;
  });

  const url = `${deps.publicUrl}/admin/users`;
  const day = (iso: string): string => iso.slice(0, 10);
  let mails = 0;
  if (deactivated.length > 0) {
    const accounts: AccountLine[] = deactivated.map((c) => ({ name: c.name, email: c.email, date: day(c.lastUsed) }));
    mails += await mailEach(deps, 'deactivated_users_notification', (name, locale, to) => renderMail(to, deactivatedUsersMail[locale]({ name, days: deps.inactivationDays, accounts, url })), 'deactivated_users');
  }
  if (soon.length > 0) {
    const dueOn = (c: Candidate): string => day(new Date(new Date(c.lastUsed).getTime() + deps.inactivationDays * DAY_MS).toISOString());
    const accounts: AccountLine[] = soon.map((c) => ({ name: c.name, email: c.email, date: dueOn(c) }));
    mails += await mailEach(deps, 'inactive_users_notification', (name, locale, to) => renderMail(to, inactiveUsersMail[locale]({ name, withinDays: NOTICE_DAYS, accounts, url })), 'inactive_users');
  }
  return { deactivated: deactivated.length, noticed: soon.length, mails };
}

export function inactivationTask(deps: InactivationDeps): DailyTask {
  return { name: INACTIVATION_TASK, run: ({ now }) => runInactivation(deps, now) };
}
