import type { ApiRequest } from './client';

export interface CrashReport {
  kind: 'crash';
  message: string;
  stack?: string;
  componentStack?: string;
  url?: string;
}

export interface FeedbackReport {
  kind: 'feedback';
  name?: string;
  email?: string;
  comments: string;
  url?: string;
}

export const postClientError = (report: CrashReport | FeedbackReport): ApiRequest => ({
  method: 'POST',
  path: '/client-errors',
  json: report,
});
