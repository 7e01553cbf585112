import type { ApiRequest } from './client';
import type { Locale } from '../i18n/catalogues';

export interface ProfileSettings {
  perPage: number;
  locale: Locale;
  /** Read only: false until the user saves a preference; then `locale` is a real choice. */
  saved: boolean;
  /** Read only: the MFA section of the profile follows these. */
  mfaEnabled: boolean;
  mfaPolicy: 'enforced' | 'forbidden' | 'user';
  mfaEnforcedAt: string | null;
  /** Read only: the IANA zone of the user's institute, in which times are shown; null without one. */
  timeZone?: string | null;
}

export type ProfileSettingsChange = Partial<Pick<ProfileSettings, 'perPage' | 'locale'>>;

export const getProfileSettings = (): ApiRequest => ({ method: 'GET', path: '/profile-settings' });

export const patchProfileSettings = (change: ProfileSettingsChange): ApiRequest => ({
  method: 'PATCH',
  path: '/profile-settings',
  json: change,
});
