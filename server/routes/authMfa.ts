// MFA setup (at sign-in with an MFA token, or from the profile with a full token), skipping it
// during a grace period, recovery-key regeneration and disabling.
import type { FastifyInstance } from 'fastify';
import { disableMfaForCaller, regenerateRecoveryKeys, setupMfa, skipMfaSetup, verifyMfaSetup } from '../auth/mfa.service';
import { refuseWhileImpersonating, requireSessionKind, requireUser } from '../plugins/authGuard';
import type { RouteDeps } from './deps';
import { callerSession, RESULTS_FLAG, text, TOKEN_ANSWER } from './authSchemas';
import { errorResponses } from './schemas';

const TAGS = ['auth'];
const RECOVERY_KEYS = { type: 'array', items: { type: 'string' }, description: 'Shown once; each works once' } as const;
const PASSWORD_BODY = { type: 'object', required: ['password'], properties: { password: text(1000) } } as const;

export async function authMfaRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;
  const mfaOrFull = requireSessionKind('mfa', 'full');

  app.post(
    '/auth/mfa-tokens/setup',
    {
      onRequest: [mfaOrFull, refuseWhileImpersonating],
      schema: {
        summary: 'Start MFA setup: a new secret, pending until verified (Bearer = MFA or full token)',
        tags: TAGS,
        response: {
          200: {
            type: 'object',
            required: ['otpUrl', 'mfaEnforcedAt'],
            properties: { otpUrl: { type: 'string' }, mfaEnforcedAt: { type: ['string', 'null'] } },
          },
          ...errorResponses({ extra: [401, 403] }),
        },
      },
    },
    async (request) => setupMfa(services, callerSession(request)),
  );

  app.post<{ Body: { otp_token: string } }>(
    '/auth/mfa-tokens/verify',
    {
      onRequest: [mfaOrFull, refuseWhileImpersonating],
      schema: {
        summary: 'Verify the pending secret with a code (JSON or form). With an MFA token, also answers a full token',
        tags: TAGS,
        body: { type: 'object', required: ['otp_token'], properties: { otp_token: text(100) } },
        response: {
          200: {
            type: 'object',
            required: ['recoveryKeys'],
            properties: { recoveryKeys: RECOVERY_KEYS, ...TOKEN_ANSWER.properties },
          },
          ...errorResponses({ body: true, extra: [401, 403] }),
        },
      },
    },
    async (request) => verifyMfaSetup(services, request, callerSession(request), request.body.otp_token.trim()),
  );

  app.post(
    '/auth/mfa-tokens/skip-setup',
    {
      onRequest: requireSessionKind('mfa'),
      schema: {
        summary: 'Sign in without setting up MFA, while its enforcement date lies ahead (Bearer = MFA token)',
        tags: TAGS,
        response: { 200: TOKEN_ANSWER, ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async (request) => skipMfaSetup(services, request, callerSession(request)),
  );

  app.post<{ Body: { password: string } }>(
    '/auth/mfa-recovery/regenerate',
    {
      onRequest: [requireUser, refuseWhileImpersonating],
      schema: {
        summary: 'New recovery keys (the old ones stop working); needs the password (a wrong one counts toward the sign-in lockout)',
        tags: TAGS,
        body: PASSWORD_BODY,
        response: {
          200: { type: 'object', required: ['recoveryKeys'], properties: { recoveryKeys: RECOVERY_KEYS } },
          ...errorResponses({ body: true, extra: [401, 429] }),
        },
      },
    },
    async (request) => ({ recoveryKeys: await regenerateRecoveryKeys(services, request, callerSession(request), request.body.password) }),
  );

  app.post<{ Body: { password: string } }>(
    '/auth/mfa-tokens/disable',
    {
      onRequest: [requireUser, refuseWhileImpersonating],
      schema: {
        summary: 'Turn MFA off (not when enforced); needs the password (a wrong one counts toward the sign-in lockout); ends every other session',
        tags: TAGS,
        body: PASSWORD_BODY,
        response: { 200: RESULTS_FLAG('disabled'), ...errorResponses({ body: true, extra: [401, 403, 429] }) },
      },
    },
    async (request) => {
      await disableMfaForCaller(services, request, callerSession(request), request.body.password);
      return { results: [{ disabled: true }] };
    },
  );
}
