// A small JSON client over node:http with keep-alive sockets: cheaper per request than fetch, so
// the load generator, which shares the 2 cores with the server, takes as little of them as it can.
import { Agent, request } from 'node:http';

// API answers are read loosely by the benchmark.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer {
  status: number;
  body: Json;
}

export interface HttpClient {
  call(method: string, path: string, token: string | null, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** The answer's status alone: the body is read and dropped unparsed, as wrk or autocannon do. */
  status(path: string, token: string): Promise<number>;
  close(): void;
}

export function createHttpClient(baseUrl: string, sockets: number): HttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const { hostname, port } = new URL(baseUrl);
  return {
    call(method, path, token, body, headers = {}) {
      const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = request(
          {
            agent,
            hostname,
            port,
            method,
            path: `/api/v1${path}`,
            headers: {
              'accept-language': 'en',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(payload === undefined ? {} : { 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json', 'content-length': Buffer.byteLength(payload) }),
              ...headers,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: Json = null;
              try {
                parsed = text ? JSON.parse(text) : null;
              } catch {
                parsed = text;
              }
              resolve({ status: res.statusCode ?? 0, body: parsed });
            });
          },
        );
        req.on('error', reject);
        if (payload !== undefined) req.write(payload);
        req.end();
      });
    },
    status(path, token) {
      return new Promise((resolve, reject) => {
        const req = request({ agent, hostname, port, method: 'GET', path: `/api/v1${path}`, headers: { 'accept-language': 'en', authorization: `Bearer ${token}` } }, (res) => {
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.resume();
        });
        req.on('error', reject);
        req.end();
      });
    },
    close() {
      agent.destroy();
    },
  };
}
