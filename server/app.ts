// Builds the Fastify instance without listening, so tests drive it with app.inject.
// Plugins register in the order external -> app -> routes (DESIGN §5).
import { timeOrderedId } from './util/timeOrderedId';
import type { IncomingMessage } from 'node:http';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig, DatabaseDialect } from './config';
import type { Database } from './db/database';
import type { JobQueue } from './jobs/jobQueue';
import { createLogger } from './logger';
import { OneLinePerRequest } from './requestLines';
import { apiCachingPlugin } from './plugins/apiCaching';
import { compressionPlugin } from './plugins/compression';
import { authGuardPlugin, createSessionResolver, type UserResolver } from './plugins/authGuard';
import { errorHandlerPlugin } from './plugins/errorHandler';
import { inputGuardPlugin } from './plugins/inputGuard';
import { openApiPlugin } from './plugins/openapi';
import { requestLogPlugin } from './plugins/requestLog';
import { securityPlugin } from './plugins/security';
import { staticClientPlugin } from './plugins/staticClient';
import { docsRoutes } from './routes/docs';
import { apiV1Routes } from './routes';
import { registerSharedSchemas } from './routes/schemas';
import { createServices, type ServiceOverrides } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (server/jobs): started by index.ts after listen, by tests when needed. */
    jobs: JobQueue;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<Database>;
  /** The database for the jobs (DatabaseHandle.background); `db` when not given. */
  backgroundDb?: Kysely<Database>;
  dialect: DatabaseDialect;
  logger?: FastifyBaseLogger;
  /** Test seam: who is calling, instead of the Bearer token and its session. */
  resolveUser?: UserResolver;
  /** Fake clock, mail transport, password hasher, captcha difficulty (tests; index.ts passes its mail transport). */
  services?: ServiceOverrides;
}

/** A caller's request id is kept when it is short and plain, so logs can be followed across systems. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SAFE_REQUEST_ID.test(value) ? value : timeOrderedId();
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db, dialect } = options;
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config.logLevel),
    genReqId: requestIdFor,
    // One line per request instead of Fastify's two (requestLines.ts).
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Request schemas are compiled by the input guard (server/input/requestValidators.ts).
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const services = createServices({ config, db, backgroundDb: options.backgroundDb, dialect, logger: app.log }, options.services);
  // Mail queued by the last requests still goes out before the database closes.
  app.decorate('jobs', services.jobs);
  app.addHook('onClose', async () => {
    // Running jobs settle first: their delivery mail still needs the mailer and the database.
    await services.jobs.stop();
    await services.mailer.idle();
    if (!options.services?.mailTransport) services.mailer.transport.close();
  });

  // External plugins.
  await app.register(securityPlugin);
  // Before any route: it hooks every route as it is declared.
  await app.register(compressionPlugin);
  await app.register(formbody, { bodyLimit: config.bodyLimit });
  // Only JSON and form-encoded bodies are accepted; anything else is a 415 rather than a string
  // that some handler might half-understand.
  app.removeContentTypeParser('text/plain');
  await app.register(openApiPlugin);

  // App plugins.
  registerSharedSchemas(app);
  await app.register(errorHandlerPlugin);
  await app.register(apiCachingPlugin);
  // Before the caller is resolved: refused input never reaches a database call.
  await app.register(inputGuardPlugin);
  await app.register(authGuardPlugin, {
    resolveUser: options.resolveUser,
    resolveCaller: options.resolveUser ? undefined : createSessionResolver(services),
  });
  await app.register(requestLogPlugin, { db });

  // Routes.
  await app.register(docsRoutes);
  await app.register(apiV1Routes, { prefix: '/api/v1', config, db, dialect, services });
  await app.register(staticClientPlugin, { staticDir: config.staticDir });

  await app.ready();
  return app;
}
