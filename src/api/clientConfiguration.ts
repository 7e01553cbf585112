import type { ApiRequest } from './client';

export interface ClientConfigurationUser {
  id: string;
  name: string;
  roles: string[];
  institute: { id: string; name: string; shortName: string } | null;
  /** Present while impersonating: the real user. */
  impersonator?: { id: string; name: string };
}

export interface ClientConfiguration {
  apiVersion: string;
  formBackupEnabled: boolean;
  /** Demo installation: the form sandbox (/sandbox/forms) is offered. */
  demoMode: boolean;
  user?: ClientConfigurationUser;
}

export const getClientConfiguration = (): ApiRequest => ({ method: 'GET', path: '/client-configuration' });
