import { defineMessages, type NoMessageValues } from 'react-intl';

const MESSAGE_DEFINITIONS = {
  title: { id: 'mailingList.title', defaultMessage: 'Update/sync e-mail list' },
  intro: { id: 'mailingList.intro', defaultMessage: 'Adds or updates every active user in the Mailchimp audience (name, e-mail, language, roles as tags) and archives the deactivated ones.' },
  notConfigured: { id: 'mailingList.notConfigured', defaultMessage: 'The e-mail list is not configured. Set these settings on the server and restart it: {settings}' },
  update: { id: 'mailingList.update', defaultMessage: 'Update e-mail list' },
  running: { id: 'mailingList.running', defaultMessage: 'Updating…' },
  lastRun: { id: 'mailingList.lastRun', defaultMessage: 'Last run' },
  never: { id: 'mailingList.never', defaultMessage: 'The list has not been updated yet.' },
  runAt: { id: 'mailingList.runAt', defaultMessage: 'Finished at {time} (started by {user})' },
  upserted: { id: 'mailingList.upserted', defaultMessage: 'Added or updated' },
  archived: { id: 'mailingList.archived', defaultMessage: 'Archived' },
  failed: { id: 'mailingList.failed', defaultMessage: 'Failed' },
  stopped: { id: 'mailingList.stopped', defaultMessage: 'Mailchimp refused the API key; the run stopped.' },
  errors: { id: 'mailingList.errors', defaultMessage: 'Errors' },
  updateError: { id: 'mailingList.updateError', defaultMessage: 'E-mail list update failed: {message}' },
} as const;

type WithValues = 'notConfigured' | 'runAt' | 'updateError';
/** Values of the messages with placeholders; every other message takes none. */
type MessageValueTypes = Omit<{ [K in keyof typeof MESSAGE_DEFINITIONS]: NoMessageValues }, WithValues> & {
  notConfigured: { settings: string };
  runAt: { time: string; user: string };
  updateError: { message: string };
};

export const messages = defineMessages<MessageValueTypes>(MESSAGE_DEFINITIONS);
