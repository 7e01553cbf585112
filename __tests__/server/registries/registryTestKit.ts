// The app over the demo seed, with callers chosen per request by the `x-test-user` header (the
// e-mail of a demo account); one test file signs in for real with a Bearer token.
import type { LightMyRequestResponse } from 'fastify';
import { findAuthUser } from '../../../server/users/users.repository';
import { createTestServer, type TestServer } from '../../helpers/serverApp';

export interface RegistryTestServer extends TestServer {
  registryId(shortName: string): string;
  instituteId(shortName: string): string;
  userId(email: string): string;
  // Answers are checked field by field against literal expectations; their JSON is untyped here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get(url: string, as?: string, headers?: Record<string, string>): Promise<{ status: number; body: any; response: LightMyRequestResponse }>;
}

/** `env`: extra settings (e.g. the mailing list's). */
export async function createRegistryTestServer(options: { env?: Record<string, string> } = {}): Promise<RegistryTestServer> {
  const holder: { server?: TestServer } = {};
  const server = await createTestServer({
    seed: true,
    env: options.env,
    resolveUser: async (request) => {
      const email = request.headers['x-test-user'];
      if (typeof email !== 'string' || !holder.server) return null;
      const row = await holder.server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      return row ? findAuthUser(holder.server.db, row.id) : null;
    },
  });
  holder.server = server;
  const registries = new Map((await server.db.selectFrom('registries').select(['id', 'short_name']).execute()).map((r) => [r.short_name, r.id]));
  const institutes = new Map((await server.db.selectFrom('institutes').select(['id', 'short_name']).execute()).map((r) => [r.short_name, r.id]));
  const users = new Map((await server.db.selectFrom('users').select(['id', 'email']).execute()).map((r) => [r.email, r.id]));
  const pick = (map: Map<string, string>, key: string): string => {
    const value = map.get(key);
    if (!value) throw new Error(`no demo row ${key}`);
    return value;
  };
  return {
    ...server,
    registryId: (shortName) => pick(registries, shortName),
    instituteId: (shortName) => pick(institutes, shortName),
    userId: (email) => pick(users, email),
    async get(url, as, headers = {}) {
      const response = await server.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...(as ? { 'x-test-user': as } : {}), ...headers } });
      return { status: response.statusCode, body: response.json(), response };
    },
  };
}

export const ADMIN = 'admin@example.org';
export const INVESTIGATOR = 'investigator@example.org';
export const INVESTIGATOR2 = 'investigator2@example.org';
export const LOCAL_ADMIN = 'local.admin@example.org';
export const MONITOR = 'monitor@example.org';
export const MONITOR2 = 'monitor2@example.org';
export const MONITOR_INVESTIGATOR = 'monitor.investigator@example.org';
export const BIOBANK = 'biobank@example.org';
export const EXPORTER = 'exporter@example.org';
export const IMPORTER = 'importer@example.org';
/** The demo account with no access entry at all (the plain `user` who must set up MFA). */
export const NO_ACCESS = 'mfa@example.org';
export const EN = { 'accept-language': 'en' };
