// Answers of the application-log and mailing-list client tests.
import type { ApplicationLogEntry, MailingListRun } from '../../../src/api/adminLog';

export const logEntry = (over: Partial<ApplicationLogEntry> = {}): ApplicationLogEntry => ({
  id: 'e-1',
  createdAt: '2026-01-15T10:30:00.000Z',
  reqId: 'r-1',
  msg: 'event',
  httpMethod: null,
  url: null,
  userAgent: null,
  referer: null,
  remoteAddress: '10.0.0.5',
  httpResponseCode: null,
  responseTime: null,
  data: { before: 'Old name' },
  event: 'institute.updated',
  message: 'Zebra Kórház renamed',
  reason: null,
  severity: 'info',
  targetId: 'inst-42',
  targetName: 'Zebra Kórház',
  targetType: 'institute',
  userId: 'u-admin',
  userName: 'Kovács Anna',
  onBehalfOfId: null,
  onBehalfOfName: null,
  ...over,
});

export const run = (over: Partial<MailingListRun> = {}): MailingListRun => ({
  startedAt: '2026-01-15T10:00:00.000Z',
  finishedAt: '2026-01-15T10:00:05.000Z',
  userName: 'Kovács Anna',
  upserted: 40,
  archived: 2,
  failed: 0,
  stopped: false,
  errors: [],
  ...over,
});
