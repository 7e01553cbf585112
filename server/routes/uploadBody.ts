// Upload routes (form files, import files) read the raw body as a stream. An answer given before the
// whole file arrived (a refusal, 413) must not leave the unread rest on a kept-alive connection:
// the rest is read and dropped and the connection closes after the answer, so the sender stops.
import type { FastifyReply, FastifyRequest } from 'fastify';

export async function closeUnreadUpload(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (!request.raw.readableEnded) {
    reply.header('connection', 'close');
    request.raw.resume();
  }
  return payload;
}
