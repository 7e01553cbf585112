// Limits on the mails anyone can trigger without signing in (password reset, registration,
// resending the confirmation link), shared by every instance through the database:
// - at most 3 such mails per target address and per account in one hour: a mailbox cannot be
//   flooded, and the caller's answer never says whether a mail went out;
// - at most 100 such requests per client address in one hour; beyond that the caller gets 429
//   (a flood from one address; a hospital behind one NAT address still has room for a room full
//   of new users registering at once).
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import { TooManyAttemptsError } from '../auth/authErrors';
import type { MailRequestScope } from '../db/database';
import type { ServerServices } from '../services';
import type { Db } from '../users/accounts.repository';

export const MAIL_WINDOW_SECONDS = 60 * 60;
export const MAILS_PER_ADDRESS = 3;
export const MAILS_PER_ACCOUNT = 3;
export const MAIL_REQUESTS_PER_CLIENT = 100;

const LIMITS: Record<MailRequestScope, number> = { address: MAILS_PER_ADDRESS, account: MAILS_PER_ACCOUNT, client: MAIL_REQUESTS_PER_CLIENT };

interface Counted {
  scope: MailRequestScope;
  subject: string;
}

function windowStart(now: Date): string {
  return new Date(now.getTime() - MAIL_WINDOW_SECONDS * 1000).toISOString();
}

async function countInWindow(db: Db, { scope, subject }: Counted, now: Date): Promise<number> {
  const row = await db
    .selectFrom('mail_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('scope', '=', scope)
    .where('subject', '=', subject)
    .where('created_at', '>', windowStart(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function record(db: Db, counted: Counted, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insertInto('mail_requests').values({ id, ...counted, created_at: now.toISOString() }).execute();
  return id;
}

/**
 * Counts one mail-triggering request of the client address; 429 with Retry-After once the address
 * has used up its hour. Call it after the input is valid and before any mail decision.
 */
export async function admitMailRequest(services: ServerServices, request: FastifyRequest): Promise<void> {
  const { db } = services;
  const now = services.clock();
  await db.deleteFrom('mail_requests').where('created_at', '<=', windowStart(now)).execute();
  const client: Counted = { scope: 'client', subject: request.ip };
  // The limit-th most recent request: once it leaves the window, the address may ask again.
  const oldestCounting = await db
    .selectFrom('mail_requests')
    .select('created_at')
    .where('scope', '=', 'client')
    .where('subject', '=', client.subject)
    .where('created_at', '>', windowStart(now))
    .orderBy('created_at', 'desc')
    .offset(MAIL_REQUESTS_PER_CLIENT - 1)
    .limit(1)
    .executeTakeFirst();
  if (oldestCounting) {
    const unlockAt = new Date(oldestCounting.created_at).getTime() + MAIL_WINDOW_SECONDS * 1000;
    throw new TooManyAttemptsError(Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000)), 'server.mail.tooManyRequests');
  }
  await record(db, client, now);
}

/**
 * Reserves one mail to the address (and account): true when it may be sent. The rows are written
 * first and counted after, so instances racing for the last place both back off rather than both
 * send; a refused reservation is withdrawn and logged for the administrators.
 */
export async function reserveMail(services: ServerServices, request: FastifyRequest, target: { address: string; accountId: string | null }, purpose: string): Promise<boolean> {
  const { db } = services;
  const now = services.clock();
  const counted: Counted[] = [{ scope: 'address', subject: target.address }];
  if (target.accountId) counted.push({ scope: 'account', subject: target.accountId });
  const ids: string[] = [];
  for (const item of counted) ids.push(await record(db, item, now));
  let allowed = true;
  for (const item of counted) if ((await countInWindow(db, item, now)) > LIMITS[item.scope]) allowed = false;
  if (allowed) return true;
  await db.deleteFrom('mail_requests').where('id', 'in', ids).execute();
  await logEvent(db, {
    event: 'mail.throttled',
    severity: 'warning',
    reqId: request.id,
    targetType: 'user',
    targetId: target.accountId,
    targetName: target.address,
    data: { purpose, remoteAddress: request.ip },
  });
  return false;
}
