// Entry point: config -> database -> migrate -> (demo seed) -> seal legacy records -> app -> listen
// -> periodic record checkpoints and the daily jobs (server/jobs).
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { startCheckpointSchedule } from './audit/checkpointSchedule';
import { installBenchMetrics } from './benchMetrics';
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

function banner(app: FastifyInstance, config: AppConfig, mailDestination: string): string[] {
  const address = app.server.address();
  return startBanner({
    host: config.host,
    port: typeof address === 'object' && address ? address.port : config.port,
    hasClient: hasStaticClient(config.staticDir),
    staticDir: config.staticDir,
    mailDestination,
    demoMode: config.demoMode,
    demoPassword: DEMO_PASSWORD,
    demoAccounts: config.demoMode ? describeDemoAccounts() : [],
  });
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel, logFormatFor(config.nodeEnv));
  if (config.appSecretSource === 'generated') logger.warn('APP_SECRET not set: generated one for demo mode in data/app-secret');

  const recordKey = serverRecordKey(config.audit, config.appSecret);
  const database: DatabaseHandle = openDatabase(config.databaseUrl, { readWorkers: config.sqliteReadWorkers, preparedStatements: config.pgPreparedStatements });
  // The scale benchmark's event-loop and memory figures (server/benchMetrics.ts); off unless asked.
  if (process.env.BENCH_METRICS === '1') {
    installBenchMetrics(() => {
      const stats = database.readPoolStats?.();
      return stats && { ...stats.quick, pooled: stats.served.reduce((sum, n) => sum + n, 0), messages: stats.messages };
    });
  }
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

  const mail = createMailTransport(config, logger);
  const app = await buildApp({ config, db: database.db, dialect: database.dialect, logger, services: { mailTransport: mail } });
  await app.listen({ port: config.port, host: config.host });
  // Durable jobs (exports): recovers what a stopped instance left running, then takes work.
  await app.jobs.start();
  const checkpoints = startCheckpointSchedule(
    {
      db: database.db,
      recordKey,
      dir: config.audit.checkpointDir,
      mail: config.audit.checkpointEmail ? { mailer: createMailer(mail, database.db, logger), to: config.audit.checkpointEmail } : undefined,
    },
    config.audit.checkpointInterval,
    logger,
  );
  // Every instance runs the schedule; the jobs' dedupe key makes each day's task one job in all,
  // which the queue started above runs (with the services' mailer, which app.close() waits for).
  const jobs = startDailySchedule(app.jobs, dailyTaskNames(config), { clock: () => new Date(), logger });
  console.log(`\n${banner(app, config, mail.destination).join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) process.exit(1); // a second Ctrl-C means "now"
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
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
