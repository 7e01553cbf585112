// Password reset by e-mailed link and password change.
import type { FastifyInstance } from 'fastify';
import { changePassword, requestPasswordReset, resetPassword } from '../auth/passwords.service';
import { isValidEmail } from '../../src/domain/auth/email';
import { validationError } from '../errors/apiError';
import { requestLocale } from '../plugins/errorHandler';
import { refuseWhileImpersonating, requireUser } from '../plugins/authGuard';
import type { RouteDeps } from './deps';
import { callerSession, RESULTS_FLAG, text } from './authSchemas';
import { errorResponses } from './schemas';

const TAGS = ['auth'];

export async function authPasswordRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;

  app.post<{ Body: { email: string } }>(
    '/auth/request-password-reset',
    {
      schema: {
        summary: 'E-mail a single-use reset link (valid 1 hour) in the Accept-Language, at most 3 per address an hour; same answer for unknown addresses and held-back mails. 429 only for a flood from one client address',
        tags: TAGS,
        body: { type: 'object', required: ['email'], properties: { email: text(320) } },
        response: { 200: RESULTS_FLAG('accepted'), ...errorResponses({ body: true, extra: [429] }) },
      },
    },
    async (request) => {
      const email = request.body.email.trim();
      if (!isValidEmail(email)) throw validationError([{ path: 'email', key: 'string.email', context: {} }]);
      await requestPasswordReset(services, request, email, requestLocale(request));
      return { results: [{ accepted: true }] };
    },
  );

  app.post<{ Body: { token: string; password: string; passwordConfirmation: string } }>(
    '/auth/reset-password',
    {
      schema: {
        summary: 'Set a new password with the token of a reset link; ends every session of the user',
        tags: TAGS,
        body: {
          type: 'object',
          required: ['token', 'password', 'passwordConfirmation'],
          properties: { token: text(200), password: text(1000), passwordConfirmation: text(1000) },
        },
        response: { 200: RESULTS_FLAG('reset'), ...errorResponses({ body: true }) },
      },
    },
    async (request) => {
      const { token, password, passwordConfirmation } = request.body;
      await resetPassword(services, request, token.trim(), password, passwordConfirmation);
      return { results: [{ reset: true }] };
    },
  );

  app.post<{ Body: { currentPassword: string; password: string; passwordConfirmation: string } }>(
    '/auth/change-password',
    {
      onRequest: [requireUser, refuseWhileImpersonating],
      schema: {
        summary: 'Change the password; ends every other session of the user. A wrong current password counts toward the sign-in lockout (429 while locked)',
        tags: TAGS,
        body: {
          type: 'object',
          required: ['currentPassword', 'password', 'passwordConfirmation'],
          properties: { currentPassword: text(1000), password: text(1000), passwordConfirmation: text(1000) },
        },
        response: { 200: RESULTS_FLAG('changed'), ...errorResponses({ body: true, extra: [401, 429] }) },
      },
    },
    async (request) => {
      await changePassword(services, request, callerSession(request), request.body);
      return { results: [{ changed: true }] };
    },
  );
}
