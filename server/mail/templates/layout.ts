// Plain text plus a simple HTML version of every mail. Values are escaped for HTML; links are
// shown as text too, since some clinical mail systems strip links.
import type { Locale } from '../../i18n/locale';
import type { MailMessage } from '../transport';

export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  link?: { url: string; label: string };
  closing: string;
}

export type Template<Values> = Record<Locale, (values: Values) => MailContent>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function renderMail(to: string, content: MailContent): MailMessage {
  const textParts = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.link) textParts.push(content.link.url, '');
  textParts.push(content.closing);
  const htmlParts = [
    `<p>${escapeHtml(content.greeting)}</p>`,
    ...content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    content.link
      ? `<p><a href="${escapeHtml(content.link.url)}">${escapeHtml(content.link.label)}</a></p><p style="font-size:small">${escapeHtml(content.link.url)}</p>`
      : '',
    `<p>${escapeHtml(content.closing)}</p>`,
  ];
  return {
    to,
    subject: content.subject,
    text: textParts.join('\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">${htmlParts.join('')}</body></html>`,
  };
}
