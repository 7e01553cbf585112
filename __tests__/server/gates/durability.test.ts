// Durability gate: the real server (tsx server/index.ts) takes concurrent saves of one draft form
// and is killed with SIGKILL while they run; after a restart on the same database every save it
// acknowledged (2xx) is there, in the final values and on the form's record. On a temporary SQLite
// file (with one server process and with two), and when TEST_DATABASE_URL is set also on a fresh
// PostgreSQL database of its own. The
// SQLite connection also syncs every commit before acknowledging it, so that a power cut spares
// what was acknowledged.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../../server/db/connection';
import { DEMO_PASSWORD } from '../../../server/seed/demo';
import { startServerProcess } from './serverProcess';

const INVESTIGATOR = 'investigator@example.org';
const WRITERS = 4;
/** Bounds the run: the server is killed after this many acknowledgements or this long. */
const KILL_AFTER_ACKS = 150;
const KILL_AFTER_MS = 4000;
const MAX_ATTEMPTS = 600;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers are read loosely here
type Answer = { status: number; body: any };

interface Acknowledged {
  tag: string;
  version: number;
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: INVESTIGATOR, password: DEMO_PASSWORD }),
  });
  const answer = await response.json();
  if (response.status !== 200 || answer.mfa_required) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  return answer.access_token as string;
}

async function api(baseUrl: string, token: string, method: string, path: string, body?: unknown, version?: number): Promise<Answer> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(version === undefined ? {} : { 'x-form-version': String(version) }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A seeded draft of the investigator that takes a free-text comment (RA baseline). */
async function editableDraft(databaseUrl: string, baseUrl: string, token: string): Promise<{ id: string; values: Record<string, unknown>; version: number }> {
  const database = openDatabase(databaseUrl);
  let candidates: string[];
  try {
    const rows = await database.db
      .selectFrom('forms')
      .innerJoin('users', 'users.id', 'forms.physician_id')
      .select('forms.id')
      .where('users.email', '=', INVESTIGATOR)
      .where('forms.state', '=', 'draft')
      .where('forms.deleted_at', 'is', null)
      .orderBy('forms.id')
      .execute();
    candidates = rows.map((row) => row.id);
  } finally {
    await database.close();
  }
  for (const id of candidates) {
    const form = (await api(baseUrl, token, 'GET', `/forms/${id}`)).body.results[0];
    const probe = await api(baseUrl, token, 'PUT', `/forms/${id}`, { values: { ...form.values, comments: 'probe' }, submit: false }, form.version);
    if (probe.status === 200) return { id, values: probe.body.results[0].values, version: probe.body.results[0].version };
  }
  throw new Error('no seeded draft of the investigator takes a comment');
}

/** One writer: saves its own tags, re-reads the version on 409, stops when the server is gone. */
async function writer(baseUrl: string, token: string, formId: string, values: Record<string, unknown>, name: string, state: { attempts: number; acked: Acknowledged[] }): Promise<void> {
  let version = 0;
  for (let n = 0; state.attempts < MAX_ATTEMPTS; n += 1) {
    state.attempts += 1;
    const tag = `${name}-${n}`;
    let answer: Answer;
    try {
      answer = await api(baseUrl, token, 'PUT', `/forms/${formId}`, { values: { ...values, comments: tag }, submit: false }, version);
    } catch {
      return; // the connection died with the server: this save was never acknowledged
    }
    if (answer.status === 200) state.acked.push({ tag, version: answer.body.results[0].version });
    else if (answer.status === 409) version = answer.body.currentVersion;
    else throw new Error(`unexpected answer ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

async function runGate(databaseUrl: string, workDir: string, settings: Record<string, string> = {}): Promise<void> {
  const env = {
    ...settings,
    DATABASE_URL: databaseUrl,
    APP_SECRET: randomBytes(32).toString('hex'),
    MAIL_OUTBOX_DIR: join(workDir, 'outbox'),
    FILE_STORE_DIR: join(workDir, 'files'),
    AUDIT_CHECKPOINT_DIR: join(workDir, 'checkpoints'),
    LOG_LEVEL: 'error',
  };
  const first = await startServerProcess(env);
  const acked: Acknowledged[] = [];
  let formId = '';
  try {
    const token = await signIn(first.baseUrl);
    const draft = await editableDraft(databaseUrl, first.baseUrl, token);
    formId = draft.id;
    const state = { attempts: 0, acked };
    const writers = Array.from({ length: WRITERS }, (_, i) => writer(first.baseUrl, token, formId, draft.values, `w${i}`, state));
    const started = Date.now();
    while (acked.length < KILL_AFTER_ACKS && Date.now() - started < KILL_AFTER_MS && state.attempts < MAX_ATTEMPTS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.kill();
    await Promise.all(writers);
  } finally {
    await first.kill();
  }
  expect(acked.length).toBeGreaterThan(0);
  if (process.env.DURABILITY_VERBOSE) console.log(`${acked.length} acknowledged saves`);
  // Optimistic versions: no two saves were acknowledged for the same version.
  const byVersion = new Map(acked.map((write) => [write.version, write.tag]));
  expect(byVersion.size).toBe(acked.length);

  const second = await startServerProcess(env);
  try {
    const token = await signIn(second.baseUrl);
    const form = (await api(second.baseUrl, token, 'GET', `/forms/${formId}`)).body.results[0];
    const lastAcked = Math.max(...byVersion.keys());
    expect(form.version).toBeGreaterThanOrEqual(lastAcked);
    // A save may have committed without its answer getting out; the acknowledged one is never lost.
    if (byVersion.has(form.version)) expect(form.values.comments).toBe(byVersion.get(form.version));
    else expect(form.version).toBeGreaterThan(lastAcked);

    const history = (await api(second.baseUrl, token, 'GET', `/forms/${formId}/history`)).body.results as Array<{ changes: Array<{ path: string; new: unknown }> }>;
    const recorded = history.flatMap((entry) => entry.changes.filter((change) => change.path === 'comments').map((change) => change.new));
    // Every acknowledged save is on the record, in the order of its versions.
    const inVersionOrder = [...acked].sort((a, b) => a.version - b.version).map((write) => write.tag);
    const positions = inVersionOrder.map((tag) => recorded.indexOf(tag));
    expect(positions.filter((position) => position < 0)).toEqual([]);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  } finally {
    await second.stop();
  }
}

async function onCluster(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

test('SQLite: every acknowledged save survives SIGKILL', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'registry-durability-'));
  try {
    await runGate(`sqlite:${join(dir, 'registry.sqlite')}`, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);

// Two processes share the port and the file (server/cluster.ts): the writers' connections are
// handed to both, so saves of the one form race across processes, which only the file's write lock
// orders. Every save must still be acknowledged once per version or answered 409, never 500.
test('SQLite with two API processes: every acknowledged save survives SIGKILL of all of them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'registry-durability-'));
  try {
    await runGate(`sqlite:${join(dir, 'registry.sqlite')}`, dir, { API_PROCESSES: '2' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);

// SIGKILL spares what SQLite has handed to the operating system; a power cut does not. A write
// must be synced to disk before it is acknowledged, not only at checkpoints (NORMAL, better-sqlite3's
// default in WAL mode). With the read pool (the server's default) the sync runs off the event loop
// before the write resolves (__tests__/server/scale/offThreadDurability.test.ts); a connection
// without it (the command-line tools, SQLITE_READ_WORKERS=0) syncs in SQLite itself (FULL).
test('SQLite: a writing connection without the read pool syncs every commit to disk', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'registry-durability-'));
  const database = openDatabase(`sqlite:${join(dir, 'registry.sqlite')}`, { readWorkers: 0 });
  try {
    // SQLite reports FULL until the first write opens the WAL; the level that counts is the one after it.
    await sql`create table durability_probe (id integer)`.execute(database.db);
    await sql`insert into durability_probe (id) values (1)`.execute(database.db);
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
    expect(rows).toEqual([{ synchronous: 2 }]);
    const { rows: journal } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
    expect(journal).toEqual([{ journal_mode: 'wal' }]);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

const adminUrl = process.env.TEST_DATABASE_URL;
(adminUrl ? test : test.skip)('PostgreSQL: every acknowledged save survives SIGKILL', async () => {
  const name = `durability_${randomBytes(6).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'registry-durability-'));
  await onCluster(adminUrl!, `create database ${name}`);
  try {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    await runGate(url.toString(), dir);
  } finally {
    await onCluster(adminUrl!, `drop database if exists ${name} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
