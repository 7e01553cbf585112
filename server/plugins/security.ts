// Security headers with a strict Content-Security-Policy that the webpack-built client satisfies:
// scripts only from our own origin (no inline scripts, no eval), no plugins, no framing.
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from './global';

export const CSP_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine injects its CSS variables in a <style> element and sets style attributes at run time;
  // without 'unsafe-inline' for styles the components render unstyled. Styles cannot run code,
  // so the script policy stays strict.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  // The ALTCHA captcha solves its proof of work in a Web Worker created from a blob.
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

// Built once: @fastify/helmet built this middleware anew on every request, parsing the directives
// each time, 1.5 % of the server's main thread under load (docs/decisions.md "Fixed costs per request").
const setSecurityHeaders = helmet({
  // No helmet defaults: in particular no upgrade-insecure-requests, which would break a site
  // served over plain http inside a hospital network.
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // HSTS only makes sense behind TLS, which a reverse proxy terminates; it sets it there.
  strictTransportSecurity: false,
});

export const securityPlugin = globalPlugin(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
});
