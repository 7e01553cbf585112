// The mails of account administration, in Hungarian and English. No password ever travels by mail:
// a new account gets a single-use link to choose one.
import type { Template } from './layout';

const CLOSING = { hu: 'Üdvözlettel: a Regiszter csapata', en: 'Kind regards, the Registry team' };

export const accountCreatedMail: Template<{ name: string; url: string; days: number }> = {
  hu: ({ name, url, days }) => ({
    subject: 'Fiókot hoztak létre Önnek',
    greeting: `Kedves ${name}!`,
    paragraphs: [
      `Egy adminisztrátor fiókot hozott létre Önnek a Regiszterben. Az alábbi hivatkozással megadhatja jelszavát, majd bejelentkezhet. A hivatkozás ${days} napig érvényes, és csak egyszer használható.`,
      'Ha lejárt, a bejelentkezési oldalon az „Elfelejtette a jelszavát?” hivatkozással kérhet újat.',
    ],
    link: { url, label: 'Jelszó megadása' },
    closing: CLOSING.hu,
  }),
  en: ({ name, url, days }) => ({
    subject: 'An account has been created for you',
    greeting: `Dear ${name},`,
    paragraphs: [
      `An administrator has created an account for you in the Registry. Use the link below to choose your password, then sign in. The link is valid for ${days} days and works once.`,
      'If it has expired, ask for a new one with "Forgot your password?" on the sign-in page.',
    ],
    link: { url, label: 'Choose a password' },
    closing: CLOSING.en,
  }),
};
