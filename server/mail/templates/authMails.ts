// The mails of sign-in and registration, in Hungarian and English.
import type { Template } from './layout';

const CLOSING = { hu: 'Üdvözlettel: a Regiszter csapata', en: 'Kind regards, the Registry team' };

export const passwordResetMail: Template<{ name: string; url: string }> = {
  hu: ({ name, url }) => ({
    subject: 'Jelszó visszaállítása',
    greeting: `Kedves ${name}!`,
    paragraphs: [
      'Jelszó-visszaállítást kértek az Ön fiókjához. Az alábbi hivatkozással új jelszót adhat meg. A hivatkozás egy óráig érvényes, és csak egyszer használható.',
      'Ha nem Ön kérte, hagyja figyelmen kívül ezt a levelet: jelszava nem változik.',
    ],
    link: { url, label: 'Új jelszó megadása' },
    closing: CLOSING.hu,
  }),
  en: ({ name, url }) => ({
    subject: 'Password reset',
    greeting: `Dear ${name},`,
    paragraphs: [
      'A password reset was requested for your account. Use the link below to choose a new password. The link is valid for one hour and works once.',
      'If you did not ask for this, ignore this message: your password stays unchanged.',
    ],
    link: { url, label: 'Choose a new password' },
    closing: CLOSING.en,
  }),
};

export const emailConfirmationMail: Template<{ name: string; url: string }> = {
  hu: ({ name, url }) => ({
    subject: 'E-mail-cím megerősítése',
    greeting: `Kedves ${name}!`,
    paragraphs: [
      'Köszönjük a regisztrációt. Kérjük, erősítse meg e-mail-címét az alábbi hivatkozással (7 napig érvényes).',
      'A megerősítés után egy adminisztrátor aktiválja fiókját; erről e-mailt kap.',
    ],
    link: { url, label: 'E-mail-cím megerősítése' },
    closing: CLOSING.hu,
  }),
  en: ({ name, url }) => ({
    subject: 'Confirm your e-mail address',
    greeting: `Dear ${name},`,
    paragraphs: [
      'Thank you for registering. Please confirm your e-mail address with the link below (valid for 7 days).',
      'After the confirmation an administrator activates your account; you will get an e-mail about it.',
    ],
    link: { url, label: 'Confirm e-mail address' },
    closing: CLOSING.en,
  }),
};

export const registrationConfirmedMail: Template<{ adminName: string; userName: string; userEmail: string; institute: string; url: string }> = {
  hu: (v) => ({
    subject: `Új regisztráció aktiválásra vár: ${v.userName}`,
    greeting: `Kedves ${v.adminName}!`,
    paragraphs: [
      `${v.userName} (${v.userEmail}, ${v.institute}) megerősítette e-mail-címét. A fiók aktiválásra vár.`,
    ],
    link: { url: v.url, label: 'Megnyitás' },
    closing: CLOSING.hu,
  }),
  en: (v) => ({
    subject: `New registration awaiting activation: ${v.userName}`,
    greeting: `Dear ${v.adminName},`,
    paragraphs: [`${v.userName} (${v.userEmail}, ${v.institute}) has confirmed their e-mail address. The account awaits activation.`],
    link: { url: v.url, label: 'Open' },
    closing: CLOSING.en,
  }),
};

export const accountActivatedMail: Template<{ name: string; url: string }> = {
  hu: ({ name, url }) => ({
    subject: 'Fiókját aktiválták',
    greeting: `Kedves ${name}!`,
    paragraphs: ['Fiókját egy adminisztrátor aktiválta, mostantól bejelentkezhet.'],
    link: { url, label: 'Bejelentkezés' },
    closing: CLOSING.hu,
  }),
  en: ({ name, url }) => ({
    subject: 'Your account has been activated',
    greeting: `Dear ${name},`,
    paragraphs: ['An administrator has activated your account: you can sign in now.'],
    link: { url, label: 'Sign in' },
    closing: CLOSING.en,
  }),
};
