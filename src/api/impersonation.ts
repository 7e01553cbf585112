// Impersonation calls (server/routes/impersonation.ts).
import type { ApiRequest } from './client';

export interface ImpersonationCandidate {
  id: string;
  name: string;
  email: string;
  /** Short name of the user's institute. */
  institute: string | null;
}

export interface ImpersonationStarted {
  access_token: string;
  expires_in: number;
  user: { id: string; name: string };
  impersonator: { id: string; name: string };
}

export const getImpersonationCandidates = (search: string): ApiRequest => ({ method: 'GET', path: '/impersonation/candidates', query: { search } });
export const postImpersonation = (userId: string): ApiRequest => ({ method: 'POST', path: `/impersonation/${encodeURIComponent(userId)}` });
export const deleteImpersonation = (): ApiRequest => ({ method: 'DELETE', path: '/impersonation' });
