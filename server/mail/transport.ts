// Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written as an .eml file into
// the outbox folder (DESIGN §7), which any mail client opens. The log names the file or the SMTP
// message id, never the body: mails carry confirmation and reset links.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** E.g. the checkpoint file of an audit checkpoint mail; `path` streams a file from disk (an export). */
  attachments?: ({ filename: string; contentType?: string } & ({ content: string } | { path: string }))[];
}

export interface SentMail {
  messageId: string;
  /** The .eml file when the outbox is used. */
  file?: string;
}

export interface MailTransport {
  /** Where mail goes, for the start-up banner: the SMTP host or the outbox folder. */
  readonly destination: string;
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

type MailSettings = Pick<AppConfig, 'smtpUrl' | 'mailOutboxDir' | 'mailFrom'>;

function smtpTransport(smtpUrl: string, from: string, logger: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    destination: `SMTP ${new URL(smtpUrl).host}`,
    async send(message) {
      const info = await transporter.sendMail({ from, ...message });
      logger.info({ messageId: info.messageId, to: message.to, subject: message.subject }, 'mail sent over SMTP');
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(outboxDir: string, from: string, logger: FastifyBaseLogger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: outboxDir,
    async send(message) {
      const info = await transporter.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // Time first so the folder lists in sending order; the random part keeps names unique
      // across instances sharing the folder.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ file, to: message.to, subject: message.subject }, 'mail written to the outbox');
      return { messageId: info.messageId, file };
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(settings: MailSettings, logger: FastifyBaseLogger): MailTransport {
  return settings.smtpUrl
    ? smtpTransport(settings.smtpUrl, settings.mailFrom, logger)
    : outboxTransport(settings.mailOutboxDir, settings.mailFrom, logger);
}
