// Sign-in and session calls: password grant, MFA code, recovery key, refresh, logout.
import type { FastifyInstance } from 'fastify';
import { tokenExpired } from '../auth/authErrors';
import { endSession, refreshSession } from '../auth/sessions.service';
import { signInWithOtp, signInWithPassword, signInWithRecoveryKey } from '../auth/signIn.service';
import { requireSessionKind, requireUser } from '../plugins/authGuard';
import type { RouteDeps } from './deps';
import { callerSession, requireFormEncoded, text, TOKEN_ANSWER } from './authSchemas';
import { errorResponses } from './schemas';

const TAGS = ['auth'];

export async function authTokenRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;

  app.post<{ Body: { grant_type: string; username: string; password: string } }>(
    '/auth/tokens',
    {
      preValidation: requireFormEncoded,
      schema: {
        summary: 'Sign in with e-mail and password (form-encoded). Answers a full token, or an MFA-step token when mfa_required',
        tags: TAGS,
        consumes: ['application/x-www-form-urlencoded'],
        body: {
          type: 'object',
          required: ['grant_type', 'username', 'password'],
          properties: { grant_type: { type: 'string', enum: ['password'] }, username: text(320, 1), password: text(1000, 1) },
        },
        response: {
          200: {
            type: 'object',
            required: ['access_token', 'expires_in', 'mfa_required', 'mfa_configured', 'mfa_enforced_at'],
            properties: {
              ...TOKEN_ANSWER.properties,
              mfa_required: { type: 'boolean' },
              mfa_configured: { type: 'boolean' },
              mfa_enforced_at: { type: ['string', 'null'], description: 'ISO 8601' },
            },
          },
          ...errorResponses({ body: true, extra: [401, 403, 429] }),
        },
      },
    },
    async (request) => signInWithPassword(services, request, request.body.username, request.body.password),
  );

  app.post<{ Body: { otp_token: string } }>(
    '/auth/mfa-tokens',
    {
      preValidation: requireFormEncoded,
      onRequest: requireSessionKind('mfa'),
      schema: {
        summary: 'Second sign-in step with a TOTP code (form-encoded; Bearer = MFA token)',
        tags: TAGS,
        consumes: ['application/x-www-form-urlencoded'],
        body: { type: 'object', required: ['otp_token'], properties: { otp_token: text(100) } },
        response: { 200: TOKEN_ANSWER, ...errorResponses({ body: true, extra: [401, 429] }) },
      },
    },
    async (request) => {
      const session = callerSession(request);
      return signInWithOtp(services, request, session.id, session.userId, request.body.otp_token.trim());
    },
  );

  app.post<{ Body: { recovery_key: string } }>(
    '/auth/mfa-recovery',
    {
      preValidation: requireFormEncoded,
      onRequest: requireSessionKind('mfa'),
      schema: {
        summary: 'Second sign-in step with a single-use recovery key (form-encoded; Bearer = MFA token)',
        tags: TAGS,
        consumes: ['application/x-www-form-urlencoded'],
        body: { type: 'object', required: ['recovery_key'], properties: { recovery_key: text(100) } },
        response: { 200: TOKEN_ANSWER, ...errorResponses({ body: true, extra: [401, 429] }) },
      },
    },
    async (request) => {
      const session = callerSession(request);
      return signInWithRecoveryKey(services, request, session.id, session.userId, request.body.recovery_key);
    },
  );

  app.post<{ Body: { token: string } }>(
    '/auth/refresh',
    {
      preValidation: requireFormEncoded,
      schema: {
        summary: 'Exchange the current access token for a new one; the old one works 60 more seconds',
        tags: TAGS,
        consumes: ['application/x-www-form-urlencoded'],
        body: { type: 'object', required: ['token'], properties: { token: text(500, 1) } },
        response: { 200: TOKEN_ANSWER, ...errorResponses({ body: true, extra: [401] }) },
      },
    },
    async (request) => {
      const issued = await refreshSession(services, request.body.token.trim());
      if (!issued) throw tokenExpired();
      return issued;
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: requireUser,
      schema: {
        summary: 'End the session of the Bearer token at once',
        tags: TAGS,
        response: { 204: { type: 'null', description: 'Signed out' }, ...errorResponses({ extra: [401] }) },
      },
    },
    async (request, reply) => {
      const session = callerSession(request);
      await endSession(services, services.db, session.id, 'logout');
      // Signing out while impersonating signs the real user out too, not back into their own session.
      if (session.impersonator) await endSession(services, services.db, session.impersonator.sessionId, 'logout');
      return reply.code(204).send();
    },
  );
}
