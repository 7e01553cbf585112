// Sends mail after the database work is committed, without making the request wait for or fail
// on the mail server: a failed delivery is logged (server log and application log) and the
// answer stands. Pending sends are awaited when the app closes, so none is cut off.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { logEvent } from '../appLog/appLog.repository';
import type { Database } from '../db/database';
import type { MailMessage, MailTransport } from './transport';

export interface Mailer {
  /** Queues a message; `purpose` names it in logs (the body carries links and is never logged). */
  send(message: MailMessage, purpose: string): void;
  /** Resolves when every queued message has been handed over (or has failed). */
  idle(): Promise<void>;
  readonly transport: MailTransport;
}

export function createMailer(transport: MailTransport, db: Kysely<Database>, logger: FastifyBaseLogger): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    transport,
    send(message, purpose) {
      const delivery = transport
        .send(message)
        .then(() => undefined)
        .catch(async (error: unknown) => {
          logger.error({ err: error, purpose, to: message.to }, 'mail could not be sent');
          await logEvent(db, {
            event: 'mail.failed',
            severity: 'error',
            message: `Mail could not be sent: ${purpose}`,
            reason: error instanceof Error ? error.message : String(error),
            targetType: 'mail',
            targetName: message.to,
          }).catch(() => undefined);
        })
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
