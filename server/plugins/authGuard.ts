// Decorates every request with `request.user` (null = anonymous) before any route runs.
//
// PLACEHOLDER of the Foundation issue: sign-in does not exist yet, so the default resolver
// answers null for every request. The auth issue replaces `anonymousResolver` with one that reads
// the Bearer access token, checks the session row (not revoked, not expired) and loads the user
// with users.repository#findAuthUser; routes then require roles through hooks added here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/authUser';
import { globalPlugin } from './global';

export type UserResolver = (request: FastifyRequest) => Promise<AuthUser | null>;

export const anonymousResolver: UserResolver = async () => null;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export const authGuardPlugin = globalPlugin(async (app: FastifyInstance, options: { resolveUser?: UserResolver }) => {
  const resolveUser = options.resolveUser ?? anonymousResolver;
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    request.user = await resolveUser(request);
  });
});
