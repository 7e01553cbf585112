// The users suites' world: the demo seed signed in as the central admin, the local administrator of
// SZLK, an investigator (a plain user of the users screens) and calls in English.
import type { LightMyRequestResponse } from 'fastify';
import { bearer, createAuthTestServer, tokenOf, type AuthTestServer } from '../auth/authTestKit';

export type Caller = 'admin' | 'localAdmin' | 'investigator';

export interface UsersWorld {
  server: AuthTestServer;
  tokens: Record<Caller, string>;
  /** Ids by e-mail and institute ids by short name, from the seed. */
  userId: (email: string) => Promise<string>;
  instituteId: (shortName: string) => Promise<string>;
  call: (caller: Caller | string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => Promise<LightMyRequestResponse>;
}

export async function createUsersWorld(): Promise<UsersWorld> {
  const server = await createAuthTestServer({ env: { PUBLIC_URL: 'https://registry.example.org' } });
  const tokens = {
    admin: await tokenOf(server, 'admin@example.org'),
    localAdmin: await tokenOf(server, 'local.admin@example.org'),
    investigator: await tokenOf(server, 'investigator@example.org'),
  };
  return {
    server,
    tokens,
    userId: async (email) => (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    instituteId: async (shortName) => (await server.db.selectFrom('institutes').select('id').where('short_name', '=', shortName).executeTakeFirstOrThrow()).id,
    call: (caller, method, url, body) =>
      server.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { 'accept-language': 'en', ...bearer(caller in tokens ? tokens[caller as Caller] : caller) },
        ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
      }),
  };
}

/** The users table and roles as a comparable text: a refused write changes none of it. */
export async function usersDigest(server: AuthTestServer): Promise<string> {
  const users = await server.db.selectFrom('users').selectAll().orderBy('id').execute();
  const roles = await server.db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role').execute();
  const members = await server.db.selectFrom('user_group_members').selectAll().orderBy('group_id').orderBy('user_id').execute();
  const groups = await server.db.selectFrom('user_groups').selectAll().orderBy('id').execute();
  return JSON.stringify({ users, roles, members, groups });
}
