// The daily automatic inactivation over a real database with a fake clock, run by two "instances"
// (two connections, two mailers, two job queues) at once: the day's work is one job that runs once,
// accounts unused for INACTIVATION_DAYS are deactivated with their sessions revoked, the flagged
// users get one notice each, and a failed run is retried the same day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { DailyTask } from '../../../server/jobs/dailySchedule';
import { dailyTasks } from '../../../server/jobs/dailyTasks';
import { INACTIVATION_TASK } from '../../../server/jobs/inactivation';
import { createMailer, type Mailer } from '../../../server/mail/mailer';
import type { MailMessage } from '../../../server/mail/transport';
import { createTestDatabase, type TestDatabase } from '../../helpers/serverApp';
import { startDailyInstance, type DailyInstance } from '../jobs/dailyJobKit';
import { addAccount } from './adminTestKit';

const DAY = 86400 * 1000;
const START = Date.parse('2030-03-10T02:00:00.000Z');
const ago = (days: number, from = START): string => new Date(from - days * DAY).toISOString();

let workDir = '';
let database: TestDatabase;
let second: { db: Kysely<Database>; close(): Promise<void> };
let now = START;
const clock = (): Date => new Date(now);
const sent: MailMessage[] = [];

const instances: DailyInstance[] = [];
async function started(db: Kysely<Database>, tasks: readonly DailyTask[]): Promise<DailyInstance> {
  const instance = await startDailyInstance({ db, workDir, databaseUrl: database.url, clock }, tasks);
  instances.push(instance);
  return instance;
}

async function instance(db: Kysely<Database>): Promise<DailyInstance & { mailer: Mailer }> {
  const transport = { destination: 'memory', send: async (m: MailMessage) => { sent.push(m); return { messageId: String(sent.length) }; }, close: () => undefined };
  const mailer = createMailer(transport, db, pino({ level: 'silent' }));
  // Only the inactivation: the other daily tasks (log retention) have their own suites.
  const tasks = dailyTasks({ db, mailer, config: { inactivationDays: 180, publicUrl: 'https://registry.example.org' } }).filter((task) => task.name === INACTIVATION_TASK);
  return { ...(await started(db, tasks)), mailer };
}

const dailyJobCount = async (): Promise<number> => (await database.db.selectFrom('jobs').select('id').where('kind', '=', 'daily').execute()).length;

const ids: Record<string, string> = {};
beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'registry-jobs-test-'));
  database = await createTestDatabase(workDir);
  await migrateToLatest(database.db);
  second = database.reopen();
  const db = database.db;
  ids.old = await addAccount(db, { email: 'old@example.org', name: 'Old Olga', lastLoginAt: ago(200), createdAt: ago(400) });
  ids.never = await addAccount(db, { email: 'never@example.org', name: 'Never Nóra', createdAt: ago(181) });
  ids.kept = await addAccount(db, { email: 'kept@example.org', name: 'Kept Kata', lastLoginAt: ago(300), createdAt: ago(400), preventAutomaticInactivation: true });
  ids.soon = await addAccount(db, { email: 'soon@example.org', name: 'Soon Sára', lastLoginAt: ago(170), createdAt: ago(400) });
  ids.fresh = await addAccount(db, { email: 'fresh@example.org', name: 'Fresh Feri', lastLoginAt: ago(10), createdAt: ago(400) });
  ids.confirmed = await addAccount(db, { email: 'waiting@example.org', state: 'confirmed', createdAt: ago(400) });
  ids.boss = await addAccount(db, { email: 'boss@example.org', name: 'Boss Bea', roles: ['admin'], preventAutomaticInactivation: true, deactivatedUsersNotification: true });
  ids.watch = await addAccount(db, { email: 'watch@example.org', name: 'Watch Vilma', roles: ['local_administrator'], preventAutomaticInactivation: true, inactiveUsersNotification: true });
  await db.insertInto('sessions').values({ id: '00000000-0000-4000-8000-000000000001', user_id: ids.old, kind: 'full', created_at: ago(1), expires_at: ago(-1), last_seen_at: ago(1), revoked_at: null, revoked_reason: null, impersonator_user_id: null, user_agent: null, remote_address: null }).execute();
});
afterEach(async () => {
  for (const one of instances.splice(0)) await one.queue.stop();
});
afterAll(async () => {
  await second.close();
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

const stateOf = async (id: string): Promise<string> => (await database.db.selectFrom('users').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

describe('automatic inactivation as a daily job', () => {
  const a = (): ReturnType<typeof instance> => instance(database.db);
  const b = (): ReturnType<typeof instance> => instance(second.db);

  it('two instances at once: the day is one job that runs once, unused accounts go inactive, their sessions end, one mail per flagged user', async () => {
    const [one, two] = await Promise.all([a(), b()]);
    const runs = (await Promise.all([one.tick(), two.tick()])).flat();
    expect(runs).toHaveLength(2);
    expect(runs[0].job.id).toBe(runs[1].job.id);
    expect(await dailyJobCount()).toBe(1);
    expect(runs[1]).toMatchObject({ task: 'automatic_inactivation', day: '2030-03-10', job: { state: 'succeeded', attempts: 1, result: { deactivated: 2, noticed: 1, mails: 2 } } });
    await Promise.all([one.mailer.idle(), two.mailer.idle()]);

    expect(await stateOf(ids.old)).toBe('inactive');
    expect(await stateOf(ids.never)).toBe('inactive');
    for (const key of ['kept', 'soon', 'fresh', 'boss', 'watch']) expect([key, await stateOf(ids[key])]).toEqual([key, 'active']);
    expect(await stateOf(ids.confirmed)).toBe('confirmed');
    const session = await database.db.selectFrom('sessions').select(['revoked_at', 'revoked_reason']).where('user_id', '=', ids.old).executeTakeFirstOrThrow();
    expect(session.revoked_reason).toBe('automatic_inactivation');

    expect(sent.map((m) => m.to).sort()).toEqual(['boss@example.org', 'watch@example.org']);
    const deactivated = sent.find((m) => m.to === 'boss@example.org');
    expect(deactivated?.subject).toBe('Automatikusan inaktivált fiókok: 2');
    expect(deactivated?.text).toContain('Never Nóra <never@example.org>');
    expect(deactivated?.text).toContain('Old Olga <old@example.org>');
    expect(deactivated?.text).not.toContain('Kept Kata');
    const soon = sent.find((m) => m.to === 'watch@example.org');
    expect(soon?.text).toContain('Soon Sára <soon@example.org> (inaktiválás: 2030-03-20)');
    expect(soon?.text).not.toContain('Fresh Feri');
    const events = await database.db.selectFrom('application_log').select(['target_id', 'reason']).where('event', '=', 'user.deactivated').execute();
    expect(events.map((e) => e.target_id).sort()).toEqual([ids.old, ids.never].sort());
  });

  it('the same day again does nothing; the next day does not repeat the notice', async () => {
    sent.length = 0;
    const [one, two] = await Promise.all([a(), b()]);
    const again = (await Promise.all([one.tick(), two.tick()])).flat();
    expect(again.map((run) => [run.job.state, run.job.attempts])).toEqual([['succeeded', 1], ['succeeded', 1]]);
    expect(await dailyJobCount()).toBe(1);
    now = START + DAY;
    const [next] = await one.tick();
    expect(next).toMatchObject({ task: 'automatic_inactivation', day: '2030-03-11', job: { state: 'succeeded', result: { deactivated: 0, noticed: 0, mails: 0 } } });
    expect(await dailyJobCount()).toBe(2);
    await one.mailer.idle();
    expect(sent).toEqual([]);
  });

  it('the noticed account is deactivated on its due day', async () => {
    now = START + 11 * DAY;
    expect((await (await b()).tick())[0].job).toMatchObject({ state: 'succeeded', result: { deactivated: 1, noticed: 0 } });
    expect(await stateOf(ids.soon)).toBe('inactive');
  });

  it('a failed run is taken again by the next tick of the same day', async () => {
    let calls = 0;
    const flaky: DailyTask = {
      name: 'flaky',
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('mail server down');
        return { calls };
      },
    };
    const [one, two] = [await started(database.db, [flaky]), await started(second.db, [flaky])];
    const [first] = await one.tick();
    expect(first.job).toMatchObject({ state: 'failed', attempts: 1, error: 'mail server down' });
    const [retried] = await two.tick();
    expect(retried.job).toMatchObject({ id: first.job.id, state: 'succeeded', attempts: 2, result: { calls: 2 }, error: null });
    const [third] = await one.tick();
    expect(third.job).toMatchObject({ id: first.job.id, state: 'succeeded', attempts: 2 });
    expect(calls).toBe(2);
  });
});
