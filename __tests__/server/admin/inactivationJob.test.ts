// The daily automatic inactivation over a real database with a fake clock, run by two "instances"
// (two connections, two mailers, two schedules) at once: the day's work happens once, accounts
// unused for INACTIVATION_DAYS are deactivated with their sessions revoked, the flagged users get
// one notice each, and a failed run is retried the same day.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { runDueTasks, type DailyTask } from '../../../server/jobs/dailySchedule';
import { dailyTasks } from '../../../server/jobs/dailyTasks';
import { INACTIVATION_TASK } from '../../../server/jobs/inactivation';
import { createMailer, type Mailer } from '../../../server/mail/mailer';
import type { MailMessage } from '../../../server/mail/transport';
import { createTestDatabase, type TestDatabase } from '../../helpers/serverApp';
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

function instance(db: Kysely<Database>, name: string): { mailer: Mailer; tick(): ReturnType<typeof runDueTasks> } {
  const transport = { destination: 'memory', send: async (m: MailMessage) => { sent.push(m); return { messageId: String(sent.length) }; }, close: () => undefined };
  const mailer = createMailer(transport, db, pino({ level: 'silent' }));
  // Only the inactivation: the other daily tasks (log retention) have their own suites.
  const tasks = dailyTasks({ db, mailer, config: { inactivationDays: 180, publicUrl: 'https://registry.example.org' } }).filter((task) => task.name === INACTIVATION_TASK);
  return { mailer, tick: () => runDueTasks(db, tasks, { clock, instance: name }) };
}

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
afterAll(async () => {
  await second.close();
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
});

const stateOf = async (id: string): Promise<string> => (await database.db.selectFrom('users').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

describe('automatic inactivation as a daily job', () => {
  const a = (): ReturnType<typeof instance> => instance(database.db, 'a');
  const b = (): ReturnType<typeof instance> => instance(second.db, 'b');

  it('two instances at once: the day runs once, unused accounts go inactive, their sessions end, one mail per flagged user', async () => {
    const [one, two] = [a(), b()];
    const outcomes = (await Promise.all([one.tick(), two.tick()])).flat();
    expect(outcomes.filter((o) => o.ran)).toEqual([{ task: 'automatic_inactivation', day: '2030-03-10', ran: true, ok: true, result: { deactivated: 2, noticed: 1, mails: 2 } }]);
    expect(outcomes.filter((o) => !o.ran)).toHaveLength(1);
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
    expect((await Promise.all([a().tick(), b().tick()])).flat().every((o) => !o.ran)).toBe(true);
    now = START + DAY;
    const next = await a().tick();
    expect(next).toEqual([{ task: 'automatic_inactivation', day: '2030-03-11', ran: true, ok: true, result: { deactivated: 0, noticed: 0, mails: 0 } }]);
    expect(sent).toEqual([]);
  });

  it('the noticed account is deactivated on its due day', async () => {
    now = START + 11 * DAY;
    expect((await b().tick())[0]).toMatchObject({ ran: true, result: { deactivated: 1, noticed: 0 } });
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
    const first = await runDueTasks(database.db, [flaky], { clock, instance: 'a' });
    expect(first[0]).toMatchObject({ ran: true, ok: false, result: { error: 'mail server down' } });
    const retried = await runDueTasks(second.db, [flaky], { clock, instance: 'b' });
    expect(retried[0]).toMatchObject({ ran: true, ok: true, result: { calls: 2 } });
    expect((await runDueTasks(database.db, [flaky], { clock, instance: 'a' }))[0].ran).toBe(false);
    const row = await database.db.selectFrom('job_runs').selectAll().where('task', '=', 'flaky').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', instance: 'b' });
  });
});
