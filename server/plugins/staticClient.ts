// Serves the built client (STATIC_DIR) and owns the not-found fallback: a GET outside /api that is
// not a file answers index.html so the client's router shows /login, /admin or its own
// "Page not found"; everything else, and every unknown /api path, answers the JSON 404.
// Precompressed twins (`main.js.br`, `.gz`) go out as they are; source maps never leave the
// server (the build keeps them in a folder of their own for error reports).
import { existsSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundError } from '../errors/apiError';
import { sendError } from './errorHandler';
import { globalPlugin } from './global';

/** webpack names built assets with a content hash (`main.3f9a1c2b.js`); those never change. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.br|\.gz)?$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const SOURCE_MAP = /\.map$/i;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A missing `/x/app.js` must stay a 404, not an HTML page the browser then fails to parse. */
function looksLikeFile(url: string): boolean {
  const path = url.split('?')[0];
  return /\.[A-Za-z0-9]{1,8}$/.test(path.slice(path.lastIndexOf('/') + 1));
}

export function hasStaticClient(staticDir: string): boolean {
  return existsSync(staticDir) && statSync(staticDir).isDirectory();
}

export const staticClientPlugin = globalPlugin(async (app: FastifyInstance, options: { staticDir: string }) => {
  const enabled = hasStaticClient(options.staticDir);
  const withIndex = enabled && existsSync(`${options.staticDir}/index.html`);

  if (enabled) {
    await app.register(fastifyStatic, {
      root: options.staticDir,
      cacheControl: false,
      preCompressed: true,
      // A stray .map in the build folder answers 404 like a missing file.
      allowedPath: (pathName) => !SOURCE_MAP.test(pathName),
      // index.html always revalidates so a new release is picked up at once; hashed assets are
      // cached for a year; other files (favicon, robots.txt) revalidate.
      setHeaders: (res, path) => {
        res.setHeader('cache-control', HASHED_ASSET.test(basename(path)) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (withIndex && isPageRequest && !isApiPath(request.url) && !looksLikeFile(request.url)) {
      reply.header('cache-control', REVALIDATE);
      return reply.sendFile('index.html');
    }
    return sendError(request, reply, notFoundError());
  });
});
