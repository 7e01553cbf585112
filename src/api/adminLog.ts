// The application log and the mailing list (spec business-data §7 "Import, export and other";
// docs: /api/docs, tags "application log" and "mailing list"). Both are central admins' calls.
import type { ApiRequest } from './client';

export interface ApplicationLogEntry {
  id: string;
  createdAt: string;
  reqId: string | null;
  msg: string | null;
  httpMethod: string | null;
  url: string | null;
  userAgent: string | null;
  referer: string | null;
  remoteAddress: string | null;
  httpResponseCode: number | null;
  responseTime: number | null;
  data: unknown;
  event: string | null;
  message: string | null;
  reason: string | null;
  severity: string | null;
  targetId: string | null;
  targetName: string | null;
  targetType: string | null;
  userId: string | null;
  userName: string | null;
  onBehalfOfId: string | null;
  onBehalfOfName: string | null;
  /** raw=true: the stored row as written. */
  raw?: Record<string, unknown>;
}

export interface MailingListRun {
  startedAt: string;
  finishedAt: string;
  userName: string | null;
  upserted: number;
  archived: number;
  failed: number;
  stopped: boolean;
  errors: { email: string | null; action: string; status: number; detail: string }[];
}

export interface MailingListStatus {
  configured: boolean;
  missingSettings: string[];
  lastRun: MailingListRun | null;
}

export const getApplicationLog = (params: Record<string, string>): ApiRequest => ({ method: 'GET', path: '/application-log', query: params });
export const getApplicationLogEntry = (id: string, raw: boolean): ApiRequest => ({
  method: 'GET',
  path: `/application-log/${encodeURIComponent(id)}`,
  query: raw ? { raw: 'true' } : {},
});
export const getMailingList = (): ApiRequest => ({ method: 'GET', path: '/mailchimp-list' });
export const postMailingListUpdate = (): ApiRequest => ({ method: 'POST', path: '/mailchimp-list/update' });
