// Every /api/v1 route module, registered under one prefix.
import type { FastifyInstance } from 'fastify';
import { clientConfigurationRoutes } from './clientConfiguration';
import { clientErrorRoutes } from './clientErrors';
import type { RouteDeps } from './deps';
import { healthRoutes } from './health';
import { instituteRoutes } from './institutes';

export async function apiV1Routes(app: FastifyInstance, options: RouteDeps): Promise<void> {
  // Pass on only the dependencies: the options also carry this plugin's prefix, which the
  // children would otherwise add a second time.
  const deps: RouteDeps = { config: options.config, db: options.db, dialect: options.dialect };
  await app.register(healthRoutes, deps);
  await app.register(clientConfigurationRoutes, deps);
  await app.register(clientErrorRoutes, deps);
  await app.register(instituteRoutes, deps);
}
