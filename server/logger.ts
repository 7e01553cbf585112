// The pino logger of the server. Requests are logged with their id and a redacted URL; headers
// and bodies are not serialized, and the redact list catches secrets passed in logged objects.
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { LogLevel } from './config';
import { redactUrl } from './util/redactUrl';

const SECRET_FIELDS = ['password', 'passwordConfirmation', 'token', 'access_token', 'refresh_token', 'otp_token', 'recovery_key', 'secret', 'authorization', 'cookie'];

export const REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

interface RequestLike {
  id?: string;
  method?: string;
  url?: string;
  ip?: string;
}

export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: RequestLike) => ({ id: req.id, method: req.method, url: req.url ? redactUrl(req.url) : undefined, ip: req.ip }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
}

export type LogFormat = 'pretty' | 'json';

/**
 * Pretty lines for a person at a terminal (development and the demo, which run with NODE_ENV unset
 * or "development"), JSON lines for log collectors in production and for the tests' log readers.
 */
export function logFormatFor(nodeEnv: string): LogFormat {
  return nodeEnv === 'production' || nodeEnv === 'test' ? 'json' : 'pretty';
}

/** pino-pretty: time of day, level and message; a request is its one-line message (JSON keeps the fields). */
export const PRETTY_OPTIONS = { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime' } as const;

/** `pretty` asks for pino-pretty (a dev dependency): used when a person watches a terminal. */
export function createLogger(level: LogLevel, format: LogFormat = 'json'): Logger {
  const options = loggerOptions(level);
  if (format === 'pretty') {
    try {
      require.resolve('pino-pretty');
      return pino({ ...options, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } });
    } catch {
      // Not installed (production install): plain JSON lines are fine.
    }
  }
  return pino(options);
}
