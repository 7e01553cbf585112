// What route modules get from buildApp: no global singletons, so tests build apps side by side.
import type { Kysely } from 'kysely';
import type { AppConfig, DatabaseDialect } from '../config';
import type { Database } from '../db/database';
import type { ServerServices } from '../services';

export interface RouteDeps extends Record<string, unknown> {
  config: AppConfig;
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  services: ServerServices;
}
