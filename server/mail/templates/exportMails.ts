// The data export's delivery mails (issue 14 item 4), in Hungarian and English. The password is
// never in them: the requester chose it and keeps it.
import type { Template } from './layout';

const CLOSING = { hu: 'Üdvözlettel: a Regiszter csapata', en: 'Kind regards, the Registry team' };

export interface ExportReadyValues {
  name: string;
  fileName: string;
  forms: number;
  /** Days the file stays downloadable. */
  retentionDays: number;
  /** The download page (sign-in as the requester); always given, also when the file is attached. */
  url: string;
  /** Attached (an encrypted workbook within EXPORT_MAIL_MAX_BYTES), or linked because too large or not encrypted (ODM). */
  delivery: 'attached' | 'tooLarge' | 'notEncrypted';
}

export const exportReadyMail: Template<ExportReadyValues> = {
  hu: (v) => ({
    subject: `Az adatexport elkészült: ${v.fileName}`,
    greeting: `Kedves ${v.name}!`,
    paragraphs: [
      `Az adatexport (${v.forms} űrlap) elkészült.`,
      {
        attached: 'A fájlt csatoltuk; a megnyitásához az exportáláskor megadott jelszó kell.',
        tooLarge: 'A fájl túl nagy ahhoz, hogy levélben küldjük: bejelentkezés után az alábbi oldalról töltheti le. A megnyitásához az exportáláskor megadott jelszó kell.',
        notEncrypted: 'Az ODM-fájl nem titkosított, ezért levélben nem küldjük: bejelentkezés után az alábbi oldalról töltheti le.',
      }[v.delivery],
      `A fájlt ${v.retentionDays} nap múlva töröljük.`,
    ],
    link: { url: v.url, label: 'Adatexport' },
    closing: CLOSING.hu,
  }),
  en: (v) => ({
    subject: `Your data export is ready: ${v.fileName}`,
    greeting: `Dear ${v.name},`,
    paragraphs: [
      `Your data export (${v.forms} forms) is ready.`,
      {
        attached: 'The file is attached; it opens with the password you chose when you started the export.',
        tooLarge: 'The file is too large to send by e-mail: sign in and download it from the page below. It opens with the password you chose when you started the export.',
        notEncrypted: 'The ODM file is not encrypted, so it is not sent by e-mail: sign in and download it from the page below.',
      }[v.delivery],
      `The file will be deleted in ${v.retentionDays} days.`,
    ],
    link: { url: v.url, label: 'Data export' },
    closing: CLOSING.en,
  }),
};

export const exportFailedMail: Template<{ name: string; fileName: string; reason: string; url: string }> = {
  hu: (v) => ({
    subject: `Az adatexport nem sikerült: ${v.fileName}`,
    greeting: `Kedves ${v.name}!`,
    paragraphs: [`Az adatexport nem készült el. Ok: ${v.reason}`, 'Kérjük, indítsa el újra az exportot.'],
    link: { url: v.url, label: 'Adatexport' },
    closing: CLOSING.hu,
  }),
  en: (v) => ({
    subject: `Your data export failed: ${v.fileName}`,
    greeting: `Dear ${v.name},`,
    paragraphs: [`The data export could not be made. Reason: ${v.reason}`, 'Please start the export again.'],
    link: { url: v.url, label: 'Data export' },
    closing: CLOSING.en,
  }),
};

/** Why an export failed, by the job's error code, for the mail (the page has its own texts). */
export const exportFailureReasons: Record<'hu' | 'en', Record<string, string>> = {
  hu: {
    interrupted: 'a szerver az export közben leállt, és az újrapróbálkozások sem sikerültek.',
    secret_unavailable: 'a szerver kulcsa megváltozott, így a jelszó nem olvasható.',
    requester_missing: 'az exportot kérő felhasználó már nem létezik.',
    export_failed: 'hiba történt a fájl írása közben.',
    job_failed: 'váratlan hiba történt.',
  },
  en: {
    interrupted: 'the server stopped during the export, and the retries failed too.',
    secret_unavailable: "the server's key changed, so the password cannot be read.",
    requester_missing: 'the user who asked for the export no longer exists.',
    export_failed: 'writing the file failed.',
    job_failed: 'an unexpected error occurred.',
  },
};
