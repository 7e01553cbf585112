import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, DEMO_SECRET_FILE, loadConfig } from '../../server/config';

const SECRET = 'a'.repeat(32);
let cwd: string;

beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'registry-config-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig defaults', () => {
  test('every setting has its documented default', () => {
    const config = loadConfig({ APP_SECRET: SECRET }, cwd);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: `sqlite:${join(cwd, 'data/registry.sqlite')}`,
      dialect: 'sqlite',
      smtpUrl: null,
      mailOutboxDir: join(cwd, 'data/outbox'),
      accessTokenTtl: 900,
      sessionTtl: 43200,
      formBackup: false,
      demoMode: false,
      logLevel: 'info',
      bodyLimit: 1048576,
      publicUrl: 'http://localhost:8080',
      staticDir: join(cwd, 'dist'),
      appSecretSource: 'environment',
    });
  });

  test('PUBLIC_URL follows PORT and drops a trailing slash when given', () => {
    expect(loadConfig({ APP_SECRET: SECRET, PORT: '3001' }, cwd).publicUrl).toBe('http://localhost:3001');
    expect(loadConfig({ APP_SECRET: SECRET, PUBLIC_URL: 'https://reg.example.org/' }, cwd).publicUrl).toBe(
      'https://reg.example.org',
    );
  });

  test.each([
    ['postgres://u:p@db:5432/registry', 'postgres'],
    ['postgresql://db/registry', 'postgres'],
    ['sqlite:/var/lib/registry.sqlite', 'sqlite'],
  ])('DATABASE_URL %s selects %s', (url, dialect) => {
    expect(loadConfig({ APP_SECRET: SECRET, DATABASE_URL: url }, cwd).dialect).toBe(dialect);
  });

  test.each(['1', 'true', 'T', 'yes', 'Y', 'ON'])('boolean text %s is true', (text) => {
    expect(loadConfig({ APP_SECRET: SECRET, FORM_BACKUP: text }, cwd).formBackup).toBe(true);
  });

  test.each(['0', 'false', 'F', 'no', 'N', 'Off'])('boolean text %s is false', (text) => {
    expect(loadConfig({ APP_SECRET: SECRET, FORM_BACKUP: text }, cwd).formBackup).toBe(false);
  });
});

describe('loadConfig rejects bad values, one line each', () => {
  test.each([
    [{ PORT: 'abc' }, "PORT must be a whole number from 0 to 65535, got 'abc'"],
    [{ PORT: '70000' }, "PORT must be a whole number from 0 to 65535, got '70000'"],
    [{ PORT: '-1' }, "PORT must be a whole number from 0 to 65535, got '-1'"],
    [{ ACCESS_TOKEN_TTL: '5' }, "ACCESS_TOKEN_TTL must be a whole number from 10 to 86400, got '5'"],
    [{ ACCESS_TOKEN_TTL: '1.5' }, "ACCESS_TOKEN_TTL must be a whole number from 10 to 86400, got '1.5'"],
    [{ SESSION_TTL: 'long' }, "SESSION_TTL must be a whole number from 60 to 2592000, got 'long'"],
    [{ SESSION_TTL: '600', ACCESS_TOKEN_TTL: '900' }, 'SESSION_TTL (600) must not be shorter than ACCESS_TOKEN_TTL (900)'],
    [{ BODY_LIMIT: '10' }, "BODY_LIMIT must be a whole number from 1024 to 1073741824, got '10'"],
    [{ FORM_BACKUP: 'maybe' }, "FORM_BACKUP must be true or false (1/0, yes/no, on/off), got 'maybe'"],
    [{ DEMO_MODE: 'sometimes' }, "DEMO_MODE must be true or false (1/0, yes/no, on/off), got 'sometimes'"],
    [{ LOG_LEVEL: 'loud' }, "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'"],
    [{ DATABASE_URL: 'mysql://db/x' }, "DATABASE_URL must be sqlite:<file path> or postgres://user:password@host:port/database, got 'mysql://db/x'"],
    [{ PUBLIC_URL: 'ftp://x' }, "PUBLIC_URL must be a URL starting with http:// or https://, got 'ftp://x'"],
    [{ SMTP_URL: 'mail.example.org' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET must be at least 32 characters long, got 5'],
    [{ LOG_RETENTION_DAYS: '0' }, "LOG_RETENTION_DAYS must be a whole number from 1 to 36500, got '0'"],
    [{ EXPORT_RETENTION_DAYS: '0' }, "EXPORT_RETENTION_DAYS must be a whole number from 1 to 3650, got '0'"],
    [{ EXPORT_MAIL_MAX_BYTES: '10MB' }, "EXPORT_MAIL_MAX_BYTES must be a whole number from 0 to 1073741824, got '10MB'"],
    [{ API_PROCESSES: '0' }, "API_PROCESSES must be a whole number from 1 to 64, got '0'"],
    [{ API_PROCESSES: 'many' }, "API_PROCESSES must be a whole number from 1 to 64, got 'many'"],
    [{ API_PROCESSES: '2', DATABASE_URL: 'sqlite::memory:' }, 'API_PROCESSES above 1 needs a SQLite file or PostgreSQL: an in-memory database cannot be shared'],
    [{ MAILCHIMP_LIST_ID: 'abc123' }, 'MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID must be set together'],
    [{ MAILCHIMP_API_KEY: 'abcdef0123-us21' }, 'MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID must be set together'],
    [{ MAILCHIMP_API_KEY: 'abcdef0123-us21.evil.example', MAILCHIMP_LIST_ID: 'abc123' }, "MAILCHIMP_API_KEY must be a Mailchimp API key ending in its data center, like '…-us21'"],
    [{ MAILCHIMP_API_KEY: 'abcdef0123-us21', MAILCHIMP_LIST_ID: 'a/b' }, "MAILCHIMP_LIST_ID must be the audience id (letters and digits), got 'a/b'"],
  ])('%j', (env, line) => {
    expect(problemsOf({ APP_SECRET: SECRET, ...env })).toEqual([line]);
  });

  test('APP_SECRET is required outside demo mode', () => {
    expect(problemsOf({})).toEqual([
      'APP_SECRET must be set to at least 32 random characters (e.g. openssl rand -hex 32) outside demo mode',
    ]);
  });

  test('every bad value is listed at once, and the message has one line per problem', () => {
    try {
      loadConfig({ APP_SECRET: SECRET, PORT: 'x', LOG_LEVEL: 'y', FORM_BACKUP: 'z' }, cwd);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as Error).message.split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain('PORT');
      expect(lines[2]).toContain('FORM_BACKUP');
      expect(lines[3]).toContain('LOG_LEVEL');
    }
  });

  test('the mailing list and the log retention read their settings; the list is off when unset', () => {
    const on = loadConfig({ APP_SECRET: SECRET, MAILCHIMP_API_KEY: 'abcdef0123-us21', MAILCHIMP_LIST_ID: 'abc123', LOG_RETENTION_DAYS: '90' }, cwd);
    expect(on).toMatchObject({ mailchimp: { apiKey: 'abcdef0123-us21', listId: 'abc123' }, logRetentionDays: 90 });
    expect(loadConfig({ APP_SECRET: SECRET }, cwd)).toMatchObject({ mailchimp: null, logRetentionDays: 365 });
  });

  test('API processes: one by default, a number, or one per core', () => {
    expect(loadConfig({ APP_SECRET: SECRET }, cwd).apiProcesses).toBe(1);
    expect(loadConfig({ APP_SECRET: SECRET, API_PROCESSES: '3' }, cwd).apiProcesses).toBe(3);
    expect(loadConfig({ APP_SECRET: SECRET, API_PROCESSES: 'auto' }, cwd).apiProcesses).toBe(Math.min(availableParallelism(), 64));
  });

  test('the data export settings: files beside the SQLite file, 10 MB attached, kept 7 days', () => {
    const defaults = loadConfig({ APP_SECRET: SECRET, DATABASE_URL: 'sqlite:/srv/registry/db.sqlite' }, cwd);
    expect(defaults.exports).toEqual({ dir: '/srv/registry/exports', mailMaxBytes: 10485760, retentionDays: 7 });
    const set = loadConfig({ APP_SECRET: SECRET, EXPORT_DIR: '/mnt/exports', EXPORT_MAIL_MAX_BYTES: '0', EXPORT_RETENTION_DAYS: '30' }, cwd);
    expect(set.exports).toEqual({ dir: '/mnt/exports', mailMaxBytes: 0, retentionDays: 30 });
  });

  test('a bad secret or SMTP password is never echoed', () => {
    const [secretLine] = problemsOf({ APP_SECRET: 'hunter2' });
    expect(secretLine).not.toContain('hunter2');
    const [smtpLine] = problemsOf({ APP_SECRET: SECRET, SMTP_URL: 'smtp//user:hunter2@mail' });
    expect(smtpLine).not.toContain('hunter2');
  });
});

describe('demo mode secret', () => {
  test('is generated once, stored with mode 0600, and reused after a restart', () => {
    const first = loadConfig({ DEMO_MODE: 'true' }, cwd);
    const file = join(cwd, DEMO_SECRET_FILE);
    expect(first.appSecretSource).toBe('generated');
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);

    const second = loadConfig({ DEMO_MODE: 'yes' }, cwd);
    expect(second.appSecretSource).toBe('file');
    expect(second.appSecret).toBe(first.appSecret);
  });

  test('an APP_SECRET from the environment wins and writes no file', () => {
    const config = loadConfig({ DEMO_MODE: 'true', APP_SECRET: SECRET }, cwd);
    expect(config.appSecret).toBe(SECRET);
    expect(existsSync(join(cwd, DEMO_SECRET_FILE))).toBe(false);
  });
});
