// GET /mailchimp-list and POST /mailchimp-list/update (spec §7): the central admin syncs the
// users into the Mailchimp audience and reads the last run. With MAILCHIMP_API_KEY or
// MAILCHIMP_LIST_ID unset the list is off: the GET says which settings are missing, the POST is a
// 409 naming them. The run is synchronous (a few hundred users, four calls at a time); one run
// at a time per server instance.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/apiError';
import { createMailchimpClient } from '../mailingList/mailchimpClient';
import { lastMailingListRun, runMailingListSync, type MailingListRun } from '../mailingList/mailingListSync';
import { requireRoles } from '../plugins/authGuard';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

const SETTINGS = ['MAILCHIMP_API_KEY', 'MAILCHIMP_LIST_ID'];

const RUN_SCHEMA = {
  type: ['object', 'null'],
  required: ['startedAt', 'finishedAt', 'upserted', 'archived', 'failed', 'stopped', 'errors'],
  properties: {
    startedAt: { type: 'string' },
    finishedAt: { type: 'string' },
    userName: { type: ['string', 'null'] },
    upserted: { type: 'integer', description: 'Active users added or updated' },
    archived: { type: 'integer', description: 'Deactivated users archived' },
    failed: { type: 'integer' },
    stopped: { type: 'boolean', description: 'Mailchimp refused the API key and the run stopped' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { email: { type: ['string', 'null'] }, action: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } },
      },
    },
  },
} as const;

const STATUS_SCHEMA = {
  type: 'object',
  required: ['results'],
  properties: {
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['configured', 'missingSettings', 'lastRun'],
        properties: {
          configured: { type: 'boolean' },
          missingSettings: { type: 'array', items: { type: 'string' }, description: 'The settings to set when the list is off' },
          lastRun: RUN_SCHEMA,
        },
      },
    },
  },
} as const;

function notConfigured(): ApiError {
  return new ApiError({ statusCode: 409, code: 'mailing_list_not_configured', messageId: 'server.mailingList.notConfigured', values: { settings: SETTINGS.join(', ') } });
}

export async function mailingListRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const guard = requireRoles('admin');
  let running = false;

  app.get(
    '/mailchimp-list',
    {
      onRequest: guard,
      schema: {
        summary: 'Whether the mailing list is configured (else which settings to set) and its last run (admin)',
        tags: ['mailing list'],
        response: { 200: STATUS_SCHEMA, ...errorResponses({ extra: [401, 403] }) },
      },
    },
    async () => ({
      results: [{ configured: deps.config.mailchimp !== null, missingSettings: deps.config.mailchimp ? [] : SETTINGS, lastRun: await lastMailingListRun(deps.db) }],
    }),
  );

  app.post(
    '/mailchimp-list/update',
    {
      onRequest: guard,
      schema: {
        summary: 'Adds or updates the active users in the Mailchimp audience (name, e-mail, language, roles as tags) and archives the deactivated ones (admin)',
        tags: ['mailing list'],
        response: {
          200: { type: 'object', required: ['results'], properties: { results: { type: 'array', items: RUN_SCHEMA } } },
          ...errorResponses({ extra: [401, 403, 409, 502] }),
        },
      },
    },
    async (request) => {
      const settings = deps.config.mailchimp;
      if (!settings) throw notConfigured();
      if (running) throw new ApiError({ statusCode: 409, code: 'mailing_list_running', messageId: 'server.mailingList.running' });
      running = true;
      let run: MailingListRun;
      try {
        const actor = request.user ? { id: request.user.id, name: request.user.name } : null;
        run = await runMailingListSync({ db: deps.db, client: createMailchimpClient(settings), clock: deps.services.clock }, actor, request.id);
      } finally {
        running = false;
      }
      if (run.stopped) throw new ApiError({ statusCode: 502, code: 'mailing_list_refused', messageId: 'server.mailingList.keyRefused' });
      return { results: [run] };
    },
  );
}
