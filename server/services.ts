// What the auth, registration and user routes share: settings, database, clock, keys, password
// hasher and mailer. Built once per app by buildApp; tests replace the clock (fake time) and the
// captcha difficulty (so a real proof of work solves in milliseconds).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createPasswordHasher, type PasswordHasher } from './auth/passwordHash';
import { deriveServerKeys, type ServerKeys } from './auth/secrets';
import { serverRecordKey } from './audit/recordKey';
import type { AppConfig, DatabaseDialect } from './config';
import type { Database } from './db/database';
import type { ProduceExport } from './export/exportContract';
import { EXPORT_JOB_KIND, exportJobKind } from './export/exportJob';
import { produceExport } from './export/produceExport';
import { IMPORT_JOB_KIND, importJobKind } from './dataImport/importJob';
import { createJobQueue, type JobQueueTiming } from './jobs/createJobQueue';
import { DAILY_JOB_KIND, dailyJobKind } from './jobs/dailySchedule';
import { dailyTasks } from './jobs/dailyTasks';
import type { JobQueue } from './jobs/jobQueue';
import { createMailer, type Mailer } from './mail/mailer';
import { createMailTransport, type MailTransport } from './mail/transport';

export type Clock = () => Date;

export interface CaptchaDifficulty {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn from [counterMin, counterMax): the expected work of a solver. */
  counterMin: number;
  counterMax: number;
}

/** About a second of work for a browser with the widget's workers. */
export const DEFAULT_CAPTCHA_DIFFICULTY: CaptchaDifficulty = { cost: 1000, counterMin: 1000, counterMax: 5000 };

export interface ServerServices {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  clock: Clock;
  keys: ServerKeys;
  /** Authenticates the record (form history); from AUDIT_KEY_FILE or APP_SECRET, never stored in the database. */
  recordKey: Buffer;
  passwords: PasswordHasher;
  mailer: Mailer;
  captcha: CaptchaDifficulty;
  /** Durable jobs (server/jobs); index.ts starts the workers after listen, tests when they need them. */
  jobs: JobQueue;
}

export interface ServiceOverrides {
  clock?: Clock;
  mailTransport?: MailTransport;
  passwordHasher?: PasswordHasher;
  captchaDifficulty?: CaptchaDifficulty;
  /** The export file writer; by default the xlsx/ODM writer of server/export/produceExport.ts. */
  produceExport?: ProduceExport;
  /** Lease and poll times of the job queue (tests shorten them). */
  jobTiming?: JobQueueTiming;
}

export function createServices(
  base: { config: AppConfig; db: Kysely<Database>; backgroundDb?: Kysely<Database>; dialect: DatabaseDialect; logger: FastifyBaseLogger },
  overrides: ServiceOverrides = {},
): ServerServices {
  const { config, db, dialect, logger } = base;
  // The jobs' statements may run long: on PostgreSQL none of them waits in line with the requests' (DatabaseHandle.background).
  const background = base.backgroundDb ?? db;
  const transport = overrides.mailTransport ?? createMailTransport(config, logger);
  const clock = overrides.clock ?? ((): Date => new Date());
  const mailer = createMailer(transport, db, logger);
  const jobs = createJobQueue({ config, db: background, clock, logger }, overrides.jobTiming);
  jobs.register(EXPORT_JOB_KIND, exportJobKind({ db: background, config, mailer, logger, produce: overrides.produceExport ?? produceExport }));
  const recordKey = serverRecordKey(config.audit, config.appSecret);
  jobs.register(IMPORT_JOB_KIND, importJobKind({ db: background, dialect, config, recordKey, logger }));
  // The daily work runs on the same queue; index.ts's schedule enqueues each day's jobs.
  jobs.register(DAILY_JOB_KIND, dailyJobKind(dailyTasks({ db: background, mailer, config }), clock));
  return {
    config,
    db,
    dialect,
    clock,
    keys: deriveServerKeys(config.appSecret),
    recordKey,
    passwords: overrides.passwordHasher ?? createPasswordHasher(),
    mailer,
    captcha: overrides.captchaDifficulty ?? DEFAULT_CAPTCHA_DIFFICULTY,
    jobs,
  };
}
