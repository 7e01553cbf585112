// Entry point: config -> database -> migrate -> (demo seed) -> seal legacy records -> app -> listen
// -> periodic record checkpoints and the daily jobs (server/jobs). With API_PROCESSES above 1 this
// process prepares the database and then supervises that many processes that serve (server/cluster.ts).
import type { Logger } from 'pino';
import { buildApp } from './app';
import { startCheckpointSchedule } from './audit/checkpointSchedule';
import { answerBenchMetrics, installBenchMetrics, installCombinedBenchMetrics, type BenchMetrics } from './benchMetrics';
import { processIndex, superviseApiProcesses } from './cluster';
import { serverRecordKey } from './audit/recordKey';
import { RECORD_ANCHORS_MIGRATION, sealLegacyRecords } from './audit/sealLegacy';
import { createPasswordHasher } from './auth/passwordHash';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { refreshPlannerStatistics } from './db/plannerStatistics';
import { DEMO_PASSWORD, describeDemoAccounts, seedDemo } from './seed/demo';
import { createLogger, logFormatFor } from './logger';
import { createMailer } from './mail/mailer';
import { createMailTransport } from './mail/transport';
import { hasStaticClient } from './plugins/staticClient';
import { startDailySchedule } from './jobs/dailySchedule';
import { dailyTaskNames } from './jobs/dailyTasks';
import { startBanner } from './startBanner';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function banner(config: AppConfig, port: number, mailDestination: string): string[] {
  return startBanner({
    host: config.host,
    port,
    hasClient: hasStaticClient(config.staticDir),
    staticDir: config.staticDir,
    mailDestination,
    demoMode: config.demoMode,
    demoPassword: DEMO_PASSWORD,
    demoAccounts: config.demoMode ? describeDemoAccounts() : [],
    apiProcesses: config.apiProcesses,
  });
}

/** Migrations, planner statistics, the demo seed and the one-off sealing: once, before anything serves. */
async function prepareDatabase(database: DatabaseHandle, config: AppConfig, logger: Logger, recordKey: Buffer): Promise<void> {
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  // A migration may have added an index the planner has no statistics for yet (db/plannerStatistics.ts).
  await refreshPlannerStatistics(database.db);
  if (config.demoMode) {
    const result = await seedDemo(database.db, { passwordHasher: createPasswordHasher(), recordKey });
    if (result.seeded) logger.info({ institutes: result.institutes, users: result.users }, 'demo data seeded');
  }
  // One-off, only in the start that upgrades to the authenticated record: sealing whatever lacks a
  // MAC on every start would let anyone who empties the MACs of a rewritten record have it sealed.
  if (applied.includes(RECORD_ANCHORS_MIGRATION)) {
    const sealed = await sealLegacyRecords(database.db, recordKey);
    if (sealed.sealed > 0) logger.warn({ sealed: sealed.sealed }, 'sealed legacy form records (MACs and anchors added)');
    if (sealed.refused.length > 0) logger.error({ forms: sealed.refused }, 'form records not sealed: their chain is broken; run npm run audit:verify');
  }
}

function openServerDatabase(config: AppConfig, readWorkers = config.sqliteReadWorkers): DatabaseHandle {
  return openDatabase(config.databaseUrl, { readWorkers, preparedStatements: config.pgPreparedStatements, pipelinedConnections: config.pgPipelinedConnections });
}

/**
 * One API process: the app, listening, with the durable jobs and the daily schedule. `index` is its
 * place among several API processes, null when it is the only one; only one runs the record
 * checkpoints. Stops on SIGINT or SIGTERM, and when its primary is gone.
 */
async function serve(database: DatabaseHandle, config: AppConfig, logger: Logger, recordKey: Buffer, index: number | null): Promise<void> {
  // The scale benchmark's event-loop and memory figures (server/benchMetrics.ts); off unless asked.
  if (process.env.BENCH_METRICS === '1') {
    const reads = (): BenchMetrics['reads'] => {
      const stats = database.readPoolStats?.();
      return (
        stats && {
          ...stats.quick,
          pooled: stats.served.reduce((sum, n) => sum + n, 0),
          messages: stats.messages,
          syncs: stats.durability.syncs,
          checkpoints: stats.durability.checkpoints,
        }
      );
    };
    const statements = (): BenchMetrics['statements'] => database.pipelineStats?.();
    if (index === null) installBenchMetrics(reads, statements);
    else answerBenchMetrics(reads, statements);
  }
  const mail = createMailTransport(config, logger);
  const app = await buildApp({ config, db: database.db, backgroundDb: database.background, dialect: database.dialect, logger, services: { mailTransport: mail } });
  await app.listen({ port: config.port, host: config.host });
  // Durable jobs (exports): recovers what a stopped instance left running, then takes work.
  await app.jobs.start();
  const checkpoints = startCheckpointSchedule(
    {
      db: database.background,
      recordKey,
      dir: config.audit.checkpointDir,
      mail: config.audit.checkpointEmail ? { mailer: createMailer(mail, database.db, logger), to: config.audit.checkpointEmail } : undefined,
    },
    index === null || index === 0 ? config.audit.checkpointInterval : 0,
    logger,
  );
  // Every instance runs the schedule; the jobs' dedupe key makes each day's task one job in all,
  // which the queue started above runs (with the services' mailer, which app.close() waits for).
  const jobs = startDailySchedule(app.jobs, dailyTaskNames(config), { clock: () => new Date(), logger });
  if (index === null) {
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`\n${banner(config, port, mail.destination).join('\n')}\n`);
  }

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) {
      // A second Ctrl-C means "now"; one of several processes leaves that to its primary, which
      // passes every signal on (a Ctrl-C reaches it from the terminal as well).
      if (index === null) process.exit(1);
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      checkpoints.stop();
      jobs.stop();
      await app.close();
      mail.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // The primary died without passing a signal on (SIGKILL): nothing would stop this process.
  if (index !== null) process.on('disconnect', () => void stop('disconnect'));
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel, logFormatFor(config.nodeEnv));
  const recordKey = serverRecordKey(config.audit, config.appSecret);
  const index = processIndex();
  if (index !== null) {
    await serve(openServerDatabase(config), config, logger, recordKey, index);
    return;
  }
  if (config.appSecretSource === 'generated') logger.warn('APP_SECRET not set: generated one for demo mode in data/app-secret');
  if (config.apiProcesses === 1) {
    const database = openServerDatabase(config);
    await prepareDatabase(database, config, logger, recordKey);
    await serve(database, config, logger, recordKey, null);
    return;
  }
  // The primary of several processes: it prepares the database and then only supervises them.
  const database = openServerDatabase(config, 0);
  await prepareDatabase(database, config, logger, recordKey);
  await database.close();
  const supervisor = superviseApiProcesses({
    count: config.apiProcesses,
    logger,
    onListening: (port) => {
      // Only for its destination: nodemailer connects at the first mail, and this process sends none.
      const mail = createMailTransport(config, logger);
      mail.close();
      console.log(`\n${banner(config, port, mail.destination).join('\n')}\n`);
    },
  });
  if (process.env.BENCH_METRICS === '1') installCombinedBenchMetrics(() => supervisor.processes());
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
