// One application-log row per API request, written after the answer is sent. Only /api requests
// are logged: static files and the SPA shell would flood the table without telling an auditor
// anything. URLs are redacted and bodies are never logged (they may hold passwords or tokens).
// Rows are written in short batches (appLog/requestLogBuffer.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { requestLogRow, type RequestLogEntry } from '../appLog/appLog.repository';
import { createRequestLogBuffer } from '../appLog/requestLogBuffer';
import type { Database } from '../db/database';
import { redactUrl } from '../util/redactUrl';
import { globalPlugin } from './global';

function header(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function redactOptional(url: string | null): string | null {
  return url === null ? null : redactUrl(url);
}

/** Who made the request: the signed-in user, or while impersonating the real user on behalf of the impersonated one. */
function requestActor(request: FastifyRequest): Pick<RequestLogEntry, 'userId' | 'userName' | 'onBehalfOfId' | 'onBehalfOfName'> {
  const user = request.user;
  const impersonator = request.authSession?.impersonator;
  if (user && impersonator) return { userId: impersonator.id, userName: impersonator.name, onBehalfOfId: user.id, onBehalfOfName: user.name };
  return { userId: user?.id ?? null, userName: user?.name ?? null };
}

export const requestLogPlugin = globalPlugin(async (app: FastifyInstance, options: { db: Kysely<Database> }) => {
  const buffer = createRequestLogBuffer(options.db, (error, lostRows) => {
    app.log.warn({ err: error, lostRows }, 'could not write application log rows');
  });
  // Before the database closes (the server and the tests close it after the app).
  app.addHook('onClose', () => buffer.close());
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.raw.url ?? request.url;
    if (url === '/api' || url.startsWith('/api/')) buffer.add(
      requestLogRow({
        reqId: request.id,
        httpMethod: request.method,
        url: redactUrl(url),
        httpResponseCode: reply.statusCode,
        responseTime: reply.elapsedTime,
        userAgent: header(request.headers['user-agent']),
        referer: redactOptional(header(request.headers.referer)),
        remoteAddress: request.ip,
        ...requestActor(request),
      }),
    );
    done();
  });
});
