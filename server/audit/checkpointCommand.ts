// `npm run audit:checkpoint`: writes a checkpoint now (server/audit/checkpoint.ts) into
// AUDIT_CHECKPOINT_DIR, and mails it when AUDIT_CHECKPOINT_EMAIL is set. Needs the record key.
// Exit code 0: written or nothing changed; 2: it could not write one.
import { randomBytes } from 'node:crypto';
import { loadAuditCommandConfig, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { createLogger } from '../logger';
import { createMailer, type Mailer } from '../mail/mailer';
import { createMailTransport } from '../mail/transport';
import { writeCheckpoint } from './checkpoint';
import { commandRecordKey } from './recordKey';

async function main(): Promise<number> {
  const config = loadAuditCommandConfig();
  const { key } = commandRecordKey(config.audit, config.appSecret);
  if (!key) throw new Error('No record key: set AUDIT_KEY_FILE or APP_SECRET (as the server has them).');
  const handle = openDatabase(config.databaseUrl);
  let mailer: Mailer | null = null;
  try {
    const to = config.audit.checkpointEmail;
    if (to) {
      // Only the mail settings are read here; the APP_SECRET stand-in is never used.
      const mailConfig = loadConfig({ ...process.env, APP_SECRET: config.appSecret ?? randomBytes(32).toString('hex') });
      const logger = createLogger('warn');
      mailer = createMailer(createMailTransport(mailConfig, logger), handle.db, logger);
    }
    const result = await writeCheckpoint({ db: handle.db, recordKey: key, dir: config.audit.checkpointDir, mail: mailer && to ? { mailer, to } : undefined });
    await mailer?.idle();
    mailer?.transport.close();
    console.log(result.file ? `Checkpoint of ${result.checkpoint.records} records written to ${result.file}${to ? ` and mailed to ${to}` : ''}` : 'Nothing changed since the newest checkpoint: none written.');
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
