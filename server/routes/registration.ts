// Self-registration (public): institutes to choose from, the captcha, the form, the confirmation.
import type { FastifyInstance } from 'fastify';
import { FREE_TEXT_FORMAT } from '../input/requestFormats';
import { requestLocale } from '../plugins/errorHandler';
import { newCaptchaChallenge } from '../registration/captcha';
import { listRegistrationInstitutes } from '../registration/registration.repository';
import { confirmEmail, register, resendConfirmation, type RegistrationForm } from '../registration/registration.service';
import type { RouteDeps } from './deps';
import { RESULTS_FLAG, text } from './authSchemas';
import { errorResponses } from './schemas';

const TAGS = ['registration'];

export async function registrationRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;

  app.get(
    '/user-registrations/institutes',
    {
      schema: {
        summary: 'Institutes a new user can choose, named in the Accept-Language',
        tags: TAGS,
        response: {
          200: {
            type: 'object',
            required: ['results'],
            properties: {
              results: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'name', 'shortName'],
                  properties: { id: { type: 'string' }, name: { type: 'string' }, shortName: { type: 'string' } },
                },
              },
            },
          },
          ...errorResponses(),
        },
      },
    },
    async (request) => ({ results: await listRegistrationInstitutes(services.db, requestLocale(request)) }),
  );

  app.get(
    '/user-registrations/captcha',
    {
      schema: {
        summary: 'A new ALTCHA challenge (PBKDF2/SHA-256, expires in 10 minutes, each solution accepted once)',
        tags: TAGS,
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses() },
      },
    },
    async () => newCaptchaChallenge(services),
  );

  app.post<{ Body: RegistrationForm }>(
    '/user-registrations/users',
    {
      schema: {
        summary: 'Register: creates an unconfirmed user and e-mails a confirmation link (at most 3 mails per address an hour). 429 only for a flood from one client address',
        tags: TAGS,
        body: {
          type: 'object',
          required: ['name', 'email', 'password', 'passwordConfirmation', 'instituteId'],
          properties: {
            name: text(255, 1),
            email: text(254, 1),
            password: text(1000),
            passwordConfirmation: text(1000),
            instituteId: text(100, 1),
            phone: text(50),
            doctor: { type: 'boolean' },
            notes: { ...text(2000), format: FREE_TEXT_FORMAT },
            altcha: { type: 'string', maxLength: 10000, description: 'The ALTCHA widget payload (base64)' },
          },
        },
        response: {
          201: {
            type: 'object',
            required: ['results'],
            properties: {
              results: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'email', 'state'],
                  properties: { id: { type: 'string' }, email: { type: 'string' }, state: { type: 'string' } },
                },
              },
            },
          },
          ...errorResponses({ body: true, extra: [429] }),
        },
      },
    },
    async (request, reply) => {
      const id = await register(services, request, request.body, requestLocale(request));
      const email = request.body.email.trim().toLowerCase();
      return reply.code(201).send({ results: [{ id, email, state: 'unconfirmed' }] });
    },
  );

  app.post<{ Body: { email: string } }>(
    '/user-registrations/resend-confirmation-email',
    {
      schema: {
        summary: 'Send the confirmation link again (only for unconfirmed users, at most 3 mails per address an hour; same answer for anyone). 429 only for a flood from one client address',
        tags: TAGS,
        body: { type: 'object', required: ['email'], properties: { email: text(320) } },
        response: { 200: RESULTS_FLAG('accepted'), ...errorResponses({ body: true, extra: [429] }) },
      },
    },
    async (request) => {
      await resendConfirmation(services, request, request.body.email);
      return { results: [{ accepted: true }] };
    },
  );

  app.post<{ Params: { id: string }; Body: { token: string } }>(
    '/user-registrations/users/:id/email-confirmation-token',
    {
      schema: {
        summary: 'Confirm the e-mail address with the token of the link; notifies the administrators',
        tags: TAGS,
        params: { type: 'object', required: ['id'], properties: { id: text(100) } },
        body: { type: 'object', required: ['token'], properties: { token: text(200) } },
        response: { 200: RESULTS_FLAG('confirmed'), ...errorResponses({ body: true }) },
      },
    },
    async (request) => {
      await confirmEmail(services, request, request.params.id, request.body.token.trim());
      return { results: [{ confirmed: true }] };
    },
  );
}
