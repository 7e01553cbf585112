// Every /api/v1 answer says `Cache-Control: no-store` (and `Pragma: no-cache` for HTTP/1.0
// caches), errors and unknown API paths included: answers carry personal and clinical data and
// tokens (RFC 6749 §5.1), which no browser or proxy cache may keep. One hook at the end of every
// reply, so no route can forget it. A route that sets its own Cache-Control keeps it (file
// downloads say `private, no-store`); the built client's static files are not under /api/v1.
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from './global';

export function isApiV1Path(url: string): boolean {
  return url === '/api/v1' || url.startsWith('/api/v1/') || url.startsWith('/api/v1?');
}

export const apiCachingPlugin = globalPlugin(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApiV1Path(request.url)) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('pragma')) reply.header('pragma', 'no-cache');
    return payload;
  });
});
