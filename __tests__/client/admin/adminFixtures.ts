// Answers and signed-in states of the admin-area client tests.
import nock from 'nock';
import type { User } from '../../../src/api/users';
import { API, CONFIGURATION } from '../../helpers/storeHelpers';

const SZLK = { id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK' };
export const ADMIN = { id: 'u-admin', name: 'Kovács Anna', roles: ['admin'], institute: null };
export const LOCAL_ADMIN = { id: 'u-local', name: 'Szabó Péter', roles: ['local_administrator'], institute: SZLK };

export type Caller = typeof ADMIN | typeof LOCAL_ADMIN;

/** The store of a signed-in caller; startup's configuration call is answered with the same user. */
export function signedInAs(user: Caller): Record<string, unknown> {
  const configuration = { ...CONFIGURATION, demoMode: false, user };
  nock(API).get('/api/v1/client-configuration').reply(200, configuration);
  return {
    auth: { step: 'loggedIn' as const, accessToken: { token: 'admin.token', expiresAt: Date.now() + 600_000 } },
    clientConfiguration: { status: 'ready', data: configuration, error: null },
  };
}

export const user = (over: Partial<User> = {}): User => ({
  id: 'u-1',
  name: 'Dr. Nagy Eszter',
  email: 'investigator@example.org',
  phone: null,
  doctor: true,
  instituteId: 'i-1',
  notes: null,
  state: 'active',
  country: null,
  city: null,
  legacyDoctorCode: null,
  userGroupId: null,
  preventAutomaticInactivation: false,
  deactivatedUsersNotification: false,
  inactiveUsersNotification: false,
  registryId: null,
  mfaPolicy: 'user',
  mfaEnabled: false,
  mfaEnforcedAt: null,
  mfaConfirmed: false,
  displayId: null,
  roles: ['local_investigator'],
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  lastLoginAt: null,
  institute: SZLK,
  ...over,
});

export const list = <T>(results: T[], total = results.length): { results: T[]; statistics: { total: number } } => ({ results, statistics: { total } });

/** The pickers of the user screens: institutes, registries and (for admins) groups. */
export function answerReferences(withGroups: boolean): void {
  nock(API).get('/api/v1/institutes').query(true).reply(200, list([{ ...SZLK }, { id: 'i-2', name: 'Duna Klinika', shortName: 'DEK' }]));
  nock(API).get('/api/v1/registries/public').query(true).reply(200, list([{ id: 'r-1', nameEn: 'RA', nameHu: 'RA', shortName: 'RA-BIO' }]));
  if (withGroups) nock(API).get('/api/v1/user-groups').query(true).reply(200, list([{ id: 'g-1', name: 'Monitorok', groupType: null, memberCount: 1, createdAt: '', updatedAt: '' }]));
}
