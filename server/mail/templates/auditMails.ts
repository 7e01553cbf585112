// The audit checkpoint mail: a copy of the checkpoint kept outside the server, in Hungarian (the
// default locale) and English. It names no patient or form content: only counts and digests.
import { DEFAULT_LOCALE } from '../../i18n/locale';
import type { Checkpoint } from '../../audit/checkpoint';
import { renderMail, type Template } from './layout';
import type { MailMessage } from '../transport';

interface CheckpointMailValues {
  at: string;
  records: number;
  digest: string;
  file: string;
}

export const checkpointMail: Template<CheckpointMailValues> = {
  hu: (v) => ({
    subject: `Napló-ellenőrzőpont ${v.at}`,
    greeting: 'Tisztelt Üzemeltető!',
    paragraphs: [
      `A rendszer ellenőrzőpontot készített a klinikai naplóról (${v.at}): ${v.records} napló (űrlapok és biominták) állapotát rögzíti.`,
      `Kivonat (SHA-256): ${v.digest}`,
      `A csatolt fájlt (${v.file}) őrizze meg a szerveren kívül: az "npm run audit:verify -- --checkpoint <fájl>" parancs ellenőrzi, hogy a napló azóta sem íródott át.`,
    ],
    closing: 'Regiszter',
  }),
  en: (v) => ({
    subject: `Record checkpoint ${v.at}`,
    greeting: 'Dear operator,',
    paragraphs: [
      `The system wrote a checkpoint of the clinical record (${v.at}): it fixes the state of ${v.records} records (forms and bio samples).`,
      `Digest (SHA-256): ${v.digest}`,
      `Keep the attached file (${v.file}) outside the server: "npm run audit:verify -- --checkpoint <file>" checks that the record has not been rewritten since.`,
    ],
    closing: 'Registry',
  }),
};

export function checkpointMailFor(to: string, checkpoint: Checkpoint, file: string, content: string): MailMessage {
  const message = renderMail(to, checkpointMail[DEFAULT_LOCALE]({ at: checkpoint.at, records: checkpoint.records, digest: checkpoint.digest, file }));
  return { ...message, attachments: [{ filename: file, content, contentType: 'application/json' }] };
}
