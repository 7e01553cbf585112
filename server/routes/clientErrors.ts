// POST /api/v1/client-errors: the client's crash reports and the feedback form of the failure view
// (DESIGN §7: our own endpoint instead of a third-party service). Open to anonymous callers, since
// a crash can happen before sign-in; every field is length-limited.
import type { FastifyInstance } from 'fastify';
import { logEvent } from '../appLog/appLog.repository';
import { validationError, type FieldError } from '../errors/apiError';
import { FREE_TEXT_FORMAT } from '../input/requestFormats';
import { isValidEmail } from '../util/email';
import { redactUrl } from '../util/redactUrl';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

interface ClientErrorReport {
  kind: 'crash' | 'feedback';
  message?: string;
  stack?: string;
  componentStack?: string;
  url?: string;
  userAgent?: string;
  name?: string;
  email?: string;
  comments?: string;
}

const BODY_SCHEMA = {
  type: 'object',
  required: ['kind'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['crash', 'feedback'] },
    message: { type: 'string', maxLength: 2000, format: FREE_TEXT_FORMAT, description: 'The error message (required for a crash)' },
    stack: { type: 'string', maxLength: 20000, format: FREE_TEXT_FORMAT },
    componentStack: { type: 'string', maxLength: 20000, format: FREE_TEXT_FORMAT },
    url: { type: 'string', maxLength: 2000 },
    userAgent: { type: 'string', maxLength: 1000 },
    name: { type: 'string', maxLength: 200 },
    email: { type: 'string', maxLength: 320 },
    comments: { type: 'string', maxLength: 5000, format: FREE_TEXT_FORMAT, description: 'Required for feedback' },
  },
} as const;

function blank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/** Rules a JSON schema cannot say plainly: which text each kind needs, and the e-mail pattern. */
function checkReport(report: ClientErrorReport): FieldError[] {
  const errors: FieldError[] = [];
  if (report.kind === 'crash' && blank(report.message)) errors.push({ path: 'message', key: 'any.required', context: {} });
  if (report.kind === 'feedback' && blank(report.comments)) errors.push({ path: 'comments', key: 'any.required', context: {} });
  const email = report.email?.trim() ?? '';
  if (email !== '' && !isValidEmail(email)) errors.push({ path: 'email', key: 'string.email', context: {} });
  return errors;
}

export async function clientErrorRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.post<{ Body: ClientErrorReport }>(
    '/client-errors',
    {
      schema: {
        summary: 'Record a client crash report or the feedback of the failure view',
        tags: ['client'],
        body: BODY_SCHEMA,
        response: {
          201: {
            type: 'object',
            required: ['results'],
            properties: {
              results: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
            },
          },
          ...errorResponses({ body: true }),
        },
      },
    },
    async (request, reply) => {
      const report = request.body;
      const errors = checkReport(report);
      if (errors.length > 0) throw validationError(errors);
      const isCrash = report.kind === 'crash';
      const id = await logEvent(deps.db, {
        event: isCrash ? 'client.crash' : 'client.feedback',
        severity: isCrash ? 'error' : 'info',
        message: isCrash ? report.message : report.comments,
        targetType: 'client',
        targetName: report.url ? redactUrl(report.url) : null,
        data: {
          message: report.message,
          stack: report.stack,
          componentStack: report.componentStack,
          url: report.url ? redactUrl(report.url) : undefined,
          userAgent: report.userAgent ?? request.headers['user-agent'],
          name: report.name,
          email: report.email?.trim() || undefined,
        },
        userId: request.user?.id ?? null,
        userName: request.user?.name ?? null,
        reqId: request.id,
      });
      return reply.code(201).send({ results: [{ id }] });
    },
  );
}
