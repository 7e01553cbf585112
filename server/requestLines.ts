// One server-log line per request, written when the answer has gone out: method, redacted URL,
// status and time in a message a person can read in a terminal. Fastify's own logging writes two
// lines per request ("incoming request", "request completed"), which doubles the noise without
// telling more. Errors keep their own line with the complete error (for the operator).
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './util/redactUrl';

export const REQUEST_LINE_MSG = 'request completed';

/** "request completed: GET /api/v1/health 200 in 3 ms" (the URL's secrets redacted). */
export function requestLineText(method: string, url: string, statusCode: number, elapsedMs: number): string {
  return `${REQUEST_LINE_MSG}: ${method} ${redactUrl(url)} ${statusCode} in ${Math.round(elapsedMs)} ms`;
}

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // The line is written once the answer is known (requestCompleted).
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    const text = requestLineText(request.method, request.raw.url ?? request.url, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...fields, err: error }, text);
    else reply.log.info(fields, text);
  }
}
