// `npm run audit:verify` as an operator runs it: a child process with only DATABASE_URL and a
// record key (no APP_SECRET needed to read), its output and its exit codes, on this test's database.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { writeCheckpoint } from '../../../server/audit/checkpoint';
import { createTestServer, TEST_APP_SECRET, TEST_RECORD_KEY, type TestServer } from '../../helpers/serverApp';

const root = join(__dirname, '..', '..', '..');
const tsx = join(root, 'node_modules/.bin/tsx');
let server: TestServer;
let databaseUrl: string;

beforeAll(async () => {
  server = await createTestServer({ seed: true });
  if (server.dialect === 'postgres') {
    // The child process reaches this test's schema through the URL, as an operator's could.
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(server.db)).rows[0].s;
    const url = new URL(server.url);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  } else {
    databaseUrl = server.url;
  }
}, 60_000);
afterAll(async () => server.close());

function verifyCommand(extra: Record<string, string>, args: string[] = []): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: databaseUrl, AUDIT_CHECKPOINT_DIR: join(server.workDir, 'checkpoints'), ...extra };
  // Run from the test's own folder: no data/app-secret of a developer's demo run is picked up.
  const result = spawnSync(tsx, [join(root, 'server/audit/verify.ts'), ...args], { cwd: server.workDir, env, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('an intact record: exit 0, says what it checked, with APP_SECRET or a key file, or without any key', async () => {
  const withSecret = verifyCommand({ APP_SECRET: TEST_APP_SECRET });
  expect(withSecret.output).toMatch(/Checked \d+ forms, \d+ entries: chains, anchors, replay of values, MACs\./);
  expect(withSecret.output).toContain('No checkpoint to check against.');
  expect(withSecret.output).toContain('0 broken');
  expect(withSecret.status).toBe(0);

  const keyFile = join(server.workDir, 'record.key');
  writeFileSync(keyFile, `${TEST_APP_SECRET}\n`);
  // A key file holding the same text derives the same key as APP_SECRET does.
  const withFile = verifyCommand({ AUDIT_KEY_FILE: keyFile });
  expect(withFile.output).toContain('Record key: AUDIT_KEY_FILE');
  expect(withFile.status).toBe(0);

  const withoutKey = verifyCommand({});
  expect(withoutKey.output).toContain('MACs NOT checked');
  expect(withoutKey.status).toBe(0);
}, 60_000);

test('breaks: exit 1 and one line per break with the form and the kind; a wrong key finds forged entries', async () => {
  await writeCheckpoint({ db: server.db, recordKey: TEST_RECORD_KEY, dir: join(server.workDir, 'checkpoints') });
  const form = await server.db.selectFrom('forms').select(['id', 'field_values']).orderBy('id').executeTakeFirstOrThrow();
  await sql`update forms set field_values = ${JSON.stringify({ ...(JSON.parse(form.field_values) as object), tampered: 1 })} where id = ${form.id}`.execute(server.db);
  const broken = verifyCommand({ APP_SECRET: TEST_APP_SECRET });
  expect(broken.output).toMatch(/Checkpoints checked: checkpoint-.*\.json\./);
  expect(broken.output).toContain(`form ${form.id}: values differ from the record (tampered)`);
  expect(broken.output).toContain('1 broken');
  expect(broken.status).toBe(1);

  const wrongKey = verifyCommand({ APP_SECRET: 'another-secret-of-at-least-32-characters-000' });
  expect(wrongKey.output).toContain(`form ${form.id}: forged entry (bad MAC)`);
  expect(wrongKey.status).toBe(1);
}, 60_000);

test('an operational problem exits 2', () => {
  const missingKey = verifyCommand({ AUDIT_KEY_FILE: join(server.workDir, 'no-such.key') });
  expect(missingKey.output).toContain('cannot be read');
  expect(missingKey.status).toBe(2);
  expect(verifyCommand({ APP_SECRET: TEST_APP_SECRET }, ['--bogus']).status).toBe(2);
}, 60_000);
