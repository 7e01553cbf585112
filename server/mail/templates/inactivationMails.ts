// The daily inactivation job's notices to the users flagged for them, in Hungarian and English:
// which accounts were deactivated today, and which will be soon. Names and e-mails only.
import type { Template } from './layout';

const CLOSING = { hu: 'Üdvözlettel: a Regiszter csapata', en: 'Kind regards, the Registry team' };

export interface AccountLine {
  name: string;
  email: string;
  /** YYYY-MM-DD: the last sign-in (or the creation), or the day of the coming deactivation. */
  date: string;
}

const lines = (accounts: AccountLine[], label: string): string => accounts.map((a) => `${a.name} <${a.email}> (${label} ${a.date})`).join('\n');

export const deactivatedUsersMail: Template<{ name: string; days: number; accounts: AccountLine[]; url: string }> = {
  hu: (v) => ({
    subject: `Automatikusan inaktivált fiókok: ${v.accounts.length}`,
    greeting: `Kedves ${v.name}!`,
    paragraphs: [
      `Az alábbi fiókokat a rendszer ma inaktiválta, mert ${v.days} napja nem használták őket:`,
      lines(v.accounts, 'utoljára:'),
      'Egy adminisztrátor a felhasználók listáján újra aktiválhatja őket.',
    ],
    link: { url: v.url, label: 'Felhasználók' },
    closing: CLOSING.hu,
  }),
  en: (v) => ({
    subject: `Accounts deactivated automatically: ${v.accounts.length}`,
    greeting: `Dear ${v.name},`,
    paragraphs: [
      `These accounts were deactivated today because nobody used them for ${v.days} days:`,
      lines(v.accounts, 'last used'),
      'An administrator can activate them again from the users list.',
    ],
    link: { url: v.url, label: 'Users' },
    closing: CLOSING.en,
  }),
};

export const inactiveUsersMail: Template<{ name: string; withinDays: number; accounts: AccountLine[]; url: string }> = {
  hu: (v) => ({
    subject: `Hamarosan inaktiválódó fiókok: ${v.accounts.length}`,
    greeting: `Kedves ${v.name}!`,
    paragraphs: [
      `Az alábbi fiókokat a rendszer ${v.withinDays} napon belül inaktiválja, ha addig senki nem jelentkezik be velük:`,
      lines(v.accounts, 'inaktiválás:'),
    ],
    link: { url: v.url, label: 'Felhasználók' },
    closing: CLOSING.hu,
  }),
  en: (v) => ({
    subject: `Accounts to be deactivated soon: ${v.accounts.length}`,
    greeting: `Dear ${v.name},`,
    paragraphs: [
      `These accounts will be deactivated within ${v.withinDays} days unless someone signs in with them:`,
      lines(v.accounts, 'deactivation on'),
    ],
    link: { url: v.url, label: 'Users' },
    closing: CLOSING.en,
  }),
};
