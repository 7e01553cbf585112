// Every setting comes from the environment, with defaults, and is checked once at start: a bad value
// stops the server with one line per problem instead of failing later in a request.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { DEFAULT_READ_WORKERS, MAX_READ_WORKERS } from './db/readPool/readWorkerCount';
import { defaultPipelinedConnections, MAX_PIPELINED_CONNECTIONS } from './db/pipelinedConnectionCount';
import { parseBooleanText } from './util/booleanText';

export type DatabaseDialect = 'sqlite' | 'postgres';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type AppSecretSource = 'environment' | 'file' | 'generated';

export interface AppConfig {
  port: number;
  host: string;
  /** Normalized: `sqlite:<absolute path>` or `sqlite::memory:`, or the PostgreSQL URL as given. */
  databaseUrl: string;
  dialect: DatabaseDialect;
  /** SQLITE_READ_WORKERS: read-only SQLite connections in worker threads; 0 reads on the main thread. */
  sqliteReadWorkers: number;
  /** API_PROCESSES: server processes sharing the port and the database (server/cluster.ts); 1 runs none beside this one. */
  apiProcesses: number;
  /** PG_PREPARED_STATEMENTS: repeated statements named, planned once per connection (PostgreSQL only). */
  pgPreparedStatements: boolean;
  /** PG_PIPELINED_CONNECTIONS: connections shared, pipelined, by statements outside a transaction; 0 none (PostgreSQL only). */
  pgPipelinedConnections: number;
  smtpUrl: string | null;
  mailOutboxDir: string;
  mailFrom: string;
  appSecret: string;
  appSecretSource: AppSecretSource;
  accessTokenTtl: number;
  sessionTtl: number;
  formBackup: boolean;
  demoMode: boolean;
  logLevel: LogLevel;
  bodyLimit: number;
  /** Where uploaded files live, content-addressed by SHA-256 (server/files/fileStore.ts). */
  fileStoreDir: string;
  /** Largest file one upload may carry; a file-upload field's maxSizeBytes may lower it. */
  fileUploadMaxBytes: number;
  publicUrl: string;
  staticDir: string;
  trustProxy: boolean;
  nodeEnv: string;
  /** INACTIVATION_DAYS: an active account unused this many days is deactivated by the daily job. */
  inactivationDays: number;
  /** LOG_RETENTION_DAYS: request rows of the application log older than this are pruned daily (events stay). */
  logRetentionDays: number;
  /** MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID: the mailing list; null when either is unset. */
  mailchimp: MailchimpSettings | null;
  /** The record's MAC key settings and where checkpoints go (docs/decisions.md "The record"). */
  audit: AuditSettings;
  /** Data export files and their delivery (docs/export.md). */
  exports: ExportSettings;
}

export interface ExportSettings {
  /** EXPORT_DIR: finished export files; by default `exports` next to the SQLite file. */
  dir: string;
  /** EXPORT_MAIL_MAX_BYTES: a file up to this size is attached to the mail, a larger one linked. */
  mailMaxBytes: number;
  /** EXPORT_RETENTION_DAYS: export files are deleted this many days after the export ended. */
  retentionDays: number;
}

export interface MailchimpSettings {
  apiKey: string;
  listId: string;
}

export interface AuditSettings {
  /** AUDIT_KEY_FILE (absolute), or null: the record key is then derived from APP_SECRET. */
  keyFile: string | null;
  /** AUDIT_CHECKPOINT_DIR: one file per checkpoint; by default `checkpoints` next to the SQLite file. */
  checkpointDir: string;
  /** AUDIT_CHECKPOINT_EMAIL: each checkpoint is also mailed here when set. */
  checkpointEmail: string | null;
  /** AUDIT_CHECKPOINT_INTERVAL in seconds; 0 turns the server's periodic checkpoint off. */
  checkpointInterval: number;
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_LENGTH = 32;
/** Where demo mode keeps its generated secret, relative to the working folder. */
export const DEMO_SECRET_FILE = 'data/app-secret';

/** Collects problems instead of throwing at the first, so one start shows every bad value. */
class Reader {
  readonly problems: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  text(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    const value = parseBooleanText(raw);
    if (value === undefined) {
      this.problems.push(`${name} must be true or false (1/0, yes/no, on/off), got '${raw}'`);
      return fallback;
    }
    return value;
  }
}

/**
 * Both or neither. The key's suffix after the last '-' names the data center, which becomes part
 * of the API host name: only a plain `us21`-like suffix is accepted. Problems never echo the key.
 */
function readMailchimp(reader: Reader): MailchimpSettings | null {
  const apiKey = reader.text('MAILCHIMP_API_KEY');
  const listId = reader.text('MAILCHIMP_LIST_ID');
  if (apiKey === undefined && listId === undefined) return null;
  if (apiKey === undefined || listId === undefined) {
    reader.problems.push('MAILCHIMP_API_KEY and MAILCHIMP_LIST_ID must be set together');
    return null;
  }
  if (!/^[0-9a-zA-Z]+-[a-z]{2,5}\d{1,3}$/.test(apiKey)) {
    reader.problems.push("MAILCHIMP_API_KEY must be a Mailchimp API key ending in its data center, like '…-us21'");
    return null;
  }
  if (!/^[0-9a-zA-Z]{1,50}$/.test(listId)) {
    reader.problems.push(`MAILCHIMP_LIST_ID must be the audience id (letters and digits), got '${listId}'`);
    return null;
  }
  return { apiKey, listId };
}

/** The most API_PROCESSES accepts: more processes than cores only add switching. */
export const MAX_API_PROCESSES = 64;

/** API_PROCESSES: a whole number, or `auto` for one process per core. An in-memory database belongs to one process. */
function readApiProcesses(reader: Reader, databaseUrl: string): number {
  const auto = reader.text('API_PROCESSES')?.toLowerCase() === 'auto';
  const count = auto ? Math.min(availableParallelism(), MAX_API_PROCESSES) : reader.integer('API_PROCESSES', 1, 1, MAX_API_PROCESSES);
  if (count > 1 && databaseUrl === 'sqlite::memory:') {
    reader.problems.push('API_PROCESSES above 1 needs a SQLite file or PostgreSQL: an in-memory database cannot be shared');
    return 1;
  }
  return count;
}

function readDatabaseUrl(reader: Reader, cwd: string): { databaseUrl: string; dialect: DatabaseDialect } {
  const raw = reader.text('DATABASE_URL') ?? 'sqlite:data/registry.sqlite';
  if (/^postgres(ql)?:\/\/[^/]/i.test(raw)) return { databaseUrl: raw, dialect: 'postgres' };
  if (raw.startsWith('sqlite:') && raw.length > 'sqlite:'.length) {
    const path = raw.slice('sqlite:'.length);
    if (path === ':memory:') return { databaseUrl: raw, dialect: 'sqlite' };
    return { databaseUrl: `sqlite:${isAbsolute(path) ? path : resolve(cwd, path)}`, dialect: 'sqlite' };
  }
  reader.problems.push(
    `DATABASE_URL must be sqlite:<file path> or postgres://user:password@host:port/database, got '${raw}'`,
  );
  return { databaseUrl: 'sqlite::memory:', dialect: 'sqlite' };
}

/** Uploads and checkpoints sit next to the SQLite file by default, so one folder holds all the data of a site. */
function siblingOfDatabase(databaseUrl: string, cwd: string, name: string): string {
  const sqlitePath = databaseUrl.startsWith('sqlite:') ? databaseUrl.slice('sqlite:'.length) : ':memory:';
  return sqlitePath === ':memory:' ? resolve(cwd, 'data', name) : resolve(dirname(sqlitePath), name);
}

/** Settings the record (server/audit) needs, also read by audit:verify, which needs no APP_SECRET. */
function readAuditSettings(reader: Reader, databaseUrl: string, cwd: string): AuditSettings {
  const keyFile = reader.text('AUDIT_KEY_FILE');
  const checkpointDir = reader.text('AUDIT_CHECKPOINT_DIR');
  const checkpointEmail = reader.text('AUDIT_CHECKPOINT_EMAIL') ?? null;
  if (checkpointEmail !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(checkpointEmail)) {
    reader.problems.push(`AUDIT_CHECKPOINT_EMAIL must be an e-mail address, got '${checkpointEmail}'`);
  }
  return {
    keyFile: keyFile === undefined ? null : resolve(cwd, keyFile),
    checkpointDir: checkpointDir === undefined ? siblingOfDatabase(databaseUrl, cwd, 'checkpoints') : resolve(cwd, checkpointDir),
    checkpointEmail,
    checkpointInterval: reader.integer('AUDIT_CHECKPOINT_INTERVAL', 3600, 0, 31 * 86400),
  };
}

function readUrl(reader: Reader, name: string, protocols: readonly string[]): string | undefined {
  const raw = reader.text(name);
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (protocols.includes(url.protocol) && url.hostname !== '') return raw;
  } catch {
    // reported below
  }
  const schemes = protocols.map((p) => `${p}//`).join(' or ');
  // An SMTP URL may hold a password: name the problem without echoing the value.
  const shown = name === 'SMTP_URL' ? '' : `, got '${raw}'`;
  reader.problems.push(`${name} must be a URL starting with ${schemes}${shown}`);
  return undefined;
}

/** The demo secret survives restarts so that sessions and encrypted MFA secrets stay valid. */
function demoSecret(reader: Reader, cwd: string): { secret: string; source: AppSecretSource } {
  const file = resolve(cwd, DEMO_SECRET_FILE);
  try {
    if (existsSync(file)) {
      const stored = readFileSync(file, 'utf8').trim();
      if (stored.length >= MIN_SECRET_LENGTH) return { secret: stored, source: 'file' };
    }
    const secret = randomBytes(32).toString('hex');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return { secret, source: 'generated' };
  } catch (error) {
    reader.problems.push(`APP_SECRET is not set and ${file} cannot be written: ${(error as Error).message}`);
    return { secret: '', source: 'generated' };
  }
}

function readSecret(reader: Reader, demoMode: boolean, cwd: string): { secret: string; source: AppSecretSource } {
  const raw = reader.text('APP_SECRET');
  if (raw !== undefined) {
    if (raw.length < MIN_SECRET_LENGTH) {
      // Never echo a secret, not even a bad one.
      reader.problems.push(`APP_SECRET must be at least ${MIN_SECRET_LENGTH} characters long, got ${raw.length}`);
    }
    return { secret: raw, source: 'environment' };
  }
  if (demoMode) return demoSecret(reader, cwd);
  reader.problems.push(
    `APP_SECRET must be set to at least ${MIN_SECRET_LENGTH} random characters (e.g. openssl rand -hex 32) outside demo mode`,
  );
  return { secret: '', source: 'environment' };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const reader = new Reader(env);
  const port = reader.integer('PORT', 8080, 0, 65535);
  const host = reader.text('HOST') ?? '0.0.0.0';
  const { databaseUrl, dialect } = readDatabaseUrl(reader, cwd);
  const sqliteReadWorkers = reader.integer('SQLITE_READ_WORKERS', DEFAULT_READ_WORKERS, 0, MAX_READ_WORKERS);
  const apiProcesses = readApiProcesses(reader, databaseUrl);
  const pgPreparedStatements = reader.boolean('PG_PREPARED_STATEMENTS', true);
  const pgPipelinedConnections = reader.integer('PG_PIPELINED_CONNECTIONS', defaultPipelinedConnections(), 0, MAX_PIPELINED_CONNECTIONS);
  const smtpUrl = readUrl(reader, 'SMTP_URL', ['smtp:', 'smtps:']) ?? null;
  const accessTokenTtl = reader.integer('ACCESS_TOKEN_TTL', 900, 10, 86400);
  const sessionTtl = reader.integer('SESSION_TTL', 43200, 60, 2592000);
  if (sessionTtl < accessTokenTtl) {
    reader.problems.push(`SESSION_TTL (${sessionTtl}) must not be shorter than ACCESS_TOKEN_TTL (${accessTokenTtl})`);
  }
  const formBackup = reader.boolean('FORM_BACKUP', false);
  const demoMode = reader.boolean('DEMO_MODE', false);
  const trustProxy = reader.boolean('TRUST_PROXY', false);
  const logLevelRaw = (reader.text('LOG_LEVEL') ?? 'info').toLowerCase();
  const logLevel = LOG_LEVELS.find((level) => level === logLevelRaw);
  if (!logLevel) reader.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${logLevelRaw}'`);
  const bodyLimit = reader.integer('BODY_LIMIT', 1048576, 1024, 1073741824);
  const fileUploadMaxBytes = reader.integer('FILE_UPLOAD_MAX_BYTES', 20971520, 1, 1073741824);
  const fileStoreDirRaw = reader.text('FILE_STORE_DIR');
  const publicUrl = readUrl(reader, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const { secret, source } = readSecret(reader, demoMode, cwd);
  const audit = readAuditSettings(reader, databaseUrl, cwd);
  const inactivationDays = reader.integer('INACTIVATION_DAYS', 180, 1, 36500);
  const logRetentionDays = reader.integer('LOG_RETENTION_DAYS', 365, 1, 36500);
  const mailchimp = readMailchimp(reader);
  const exportDirRaw = reader.text('EXPORT_DIR');
  const exports: ExportSettings = {
    dir: exportDirRaw === undefined ? siblingOfDatabase(databaseUrl, cwd, 'exports') : resolve(cwd, exportDirRaw),
    mailMaxBytes: reader.integer('EXPORT_MAIL_MAX_BYTES', 10 * 1024 * 1024, 0, 1073741824),
    retentionDays: reader.integer('EXPORT_RETENTION_DAYS', 7, 1, 3650),
  };

  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  return {
    port,
    host,
    databaseUrl,
    dialect,
    sqliteReadWorkers,
    apiProcesses,
    pgPreparedStatements,
    pgPipelinedConnections,
    smtpUrl,
    mailOutboxDir: resolve(cwd, reader.text('MAIL_OUTBOX_DIR') ?? 'data/outbox'),
    mailFrom: reader.text('MAIL_FROM') ?? `Registry <no-reply@${new URL(publicUrl).hostname}>`,
    appSecret: secret,
    appSecretSource: source,
    accessTokenTtl,
    sessionTtl,
    formBackup,
    demoMode,
    logLevel: logLevel ?? 'info',
    bodyLimit,
    fileStoreDir: fileStoreDirRaw === undefined ? siblingOfDatabase(databaseUrl, cwd, 'files') : resolve(cwd, fileStoreDirRaw),
    fileUploadMaxBytes,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    staticDir: resolve(cwd, reader.text('STATIC_DIR') ?? 'dist'),
    trustProxy,
    nodeEnv: reader.text('NODE_ENV') ?? 'development',
    inactivationDays,
    logRetentionDays,
    mailchimp,
    audit,
    exports,
  };
}

export interface AuditCommandConfig {
  databaseUrl: string;
  audit: AuditSettings;
  /** APP_SECRET, else demo mode's data/app-secret when it exists, else null (no MAC check without a key file). */
  appSecret: string | null;
  /** Where appSecret came from, for the command's report. */
  appSecretFrom: 'APP_SECRET' | typeof DEMO_SECRET_FILE | null;
}

/** What audit:verify and audit:checkpoint read: the database and the record key, never a demand for APP_SECRET. */
export function loadAuditCommandConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AuditCommandConfig {
  const reader = new Reader(env);
  const { databaseUrl } = readDatabaseUrl(reader, cwd);
  const audit = readAuditSettings(reader, databaseUrl, cwd);
  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  const demoFile = resolve(cwd, DEMO_SECRET_FILE);
  const stored = existsSync(demoFile) ? readFileSync(demoFile, 'utf8').trim() : '';
  const fromEnv = reader.text('APP_SECRET');
  if (fromEnv !== undefined) return { databaseUrl, audit, appSecret: fromEnv, appSecretFrom: 'APP_SECRET' };
  return stored.length >= MIN_SECRET_LENGTH ? { databaseUrl, audit, appSecret: stored, appSecretFrom: DEMO_SECRET_FILE } : { databaseUrl, audit, appSecret: null, appSecretFrom: null };
}
