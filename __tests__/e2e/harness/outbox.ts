// Reads the .eml files the server writes to its outbox, as a person would open the mail, and
// finds the link in it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded text of every part of a mail (plain text and HTML). */
export function mailText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head, ...body] = part.split(/\r?\n\r?\n/);
      const content = body.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
      return content;
    })
    .join('\n');
}

/** Waits for a mail to `to` whose text matches `pattern`, newest first. */
export async function waitForMail(outboxDir: string, to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(outboxDir)) {
      const files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort().reverse();
      for (const file of files) {
        const raw = readFileSync(join(outboxDir, file), 'utf8');
        if (!new RegExp(`^To:.*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
        const text = mailText(raw);
        if (pattern.test(text)) return text;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} matching ${pattern} in ${outboxDir}`);
}

/** The first link with a `#token=` fragment in a mail's text. */
export function tokenLink(text: string): string {
  const match = text.match(/https?:\/\/[^\s"<>]+#token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`No token link in:\n${text}`);
  return match[0];
}
