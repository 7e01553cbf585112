// GET and PATCH /profile-settings: the signed-in user's page size and language.
import type { FastifyInstance } from 'fastify';
import { findProfileSettings, saveProfileSettings, type ProfileSettings } from '../profile/profileSettings.repository';
import { requireUser } from '../plugins/authGuard';
import type { RouteDeps } from './deps';
import { errorResponses } from './schemas';

const SETTINGS = {
  type: 'object',
  required: ['perPage', 'locale', 'saved', 'mfaEnabled', 'mfaPolicy', 'mfaEnforcedAt', 'timeZone'],
  properties: {
    saved: {
      type: 'boolean',
      description: 'Read only: the user has saved preferences; until then perPage and locale are the defaults and the client follows the browser language',
    },
    perPage: { type: 'integer' },
    locale: { type: 'string', enum: ['hu', 'en'] },
    mfaEnabled: { type: 'boolean', description: 'Read only: two-step verification is on' },
    mfaPolicy: { type: 'string', enum: ['enforced', 'forbidden', 'user'], description: 'Read only' },
    mfaEnforcedAt: { type: ['string', 'null'], description: 'Read only: from when MFA is required' },
    timeZone: {
      type: ['string', 'null'],
      description: "Read only: the IANA time zone of the user's institute, in which the client shows times; null without an institute",
    },
  },
} as const;

/**
 * Read-only companions of the preferences: whether any were saved (a default language must not
 * override the browser's), and the MFA status the profile screen shows (changed only through
 * /auth/mfa-*), and the time zone of the user's institute, in which the client shows every time.
 */
async function withStatus(db: RouteDeps['services']['db'], userId: string, settings: ProfileSettings): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('users')
    .leftJoin('profile_settings', 'profile_settings.user_id', 'users.id')
    .leftJoin('institutes', 'institutes.id', 'users.institute_id')
    .select(['users.mfa_enabled', 'users.mfa_policy', 'users.mfa_enforced_at', 'profile_settings.user_id as settings_user', 'institutes.time_zone'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    ...settings,
    saved: row.settings_user !== null,
    mfaEnabled: Boolean(row.mfa_enabled),
    mfaPolicy: row.mfa_policy,
    mfaEnforcedAt: row.mfa_enforced_at,
    timeZone: row.time_zone ?? null,
  };
}
const ANSWER = { type: 'object', required: ['results'], properties: { results: { type: 'array', items: SETTINGS } } } as const;

export async function profileSettingsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { services } = deps;

  app.get(
    '/profile-settings',
    {
      onRequest: requireUser,
      schema: { summary: 'The signed-in user preferences', tags: ['profile'], response: { 200: ANSWER, ...errorResponses({ extra: [401] }) } },
    },
    async (request) => {
      const userId = request.user!.id;
      return { results: [await withStatus(services.db, userId, await findProfileSettings(services.db, userId))] };
    },
  );

  app.patch<{ Body: Partial<ProfileSettings> }>(
    '/profile-settings',
    {
      onRequest: requireUser,
      schema: {
        summary: 'Change preferences: perPage 5 to 100, locale hu or en',
        tags: ['profile'],
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { perPage: { type: 'integer', minimum: 5, maximum: 100 }, locale: { type: 'string', enum: ['hu', 'en'] } },
        },
        response: { 200: ANSWER, ...errorResponses({ body: true, extra: [401] }) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const current = await findProfileSettings(services.db, userId);
      const next: ProfileSettings = { ...current, ...request.body };
      await saveProfileSettings(services.db, userId, next, services.clock().toISOString());
      return { results: [await withStatus(services.db, userId, next)] };
    },
  );
}
