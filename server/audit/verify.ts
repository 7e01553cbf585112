// `npm run audit:verify [-- --checkpoint <file> ...]`: checks every form's record in the configured
// database (DATABASE_URL) with the record key (AUDIT_KEY_FILE, APP_SECRET, or demo mode's
// data/app-secret); without a key everything but the MACs is checked, and it says so. APP_SECRET
// is not required only to read. Checks against the newest checkpoint of AUDIT_CHECKPOINT_DIR and
// any file named with --checkpoint (e.g. the copy from the checkpoint mail).
// Exit code 0: intact; 1: any break; 2: it could not check (configuration, database, file).
import { resolve } from 'node:path';
import { loadAuditCommandConfig } from '../config';
import { openDatabase } from '../db/connection';
import { brokenCount, formatReport, verifyAllChains, type CheckpointInput } from './auditVerify';
import { checkpointFiles, readCheckpoint } from './checkpoint';
import { commandRecordKey } from './recordKey';

function checkpointArgs(args: readonly string[]): string[] {
  const files: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] === '--checkpoint' && args[i + 1]) files.push(resolve(args[(i += 1)]));
    else throw new Error(`Unknown argument ${args[i]}. Usage: npm run audit:verify [-- --checkpoint <file> ...]`);
  }
  return files;
}

async function main(args: readonly string[]): Promise<number> {
  const config = loadAuditCommandConfig();
  const { key, source } = commandRecordKey(config.audit, config.appSecret);
  const newest = checkpointFiles(config.audit.checkpointDir).at(-1);
  const files = [...new Set([...(newest ? [newest] : []), ...checkpointArgs(args)])];
  const checkpoints: CheckpointInput[] = files.map((file) => ({ file, checkpoint: readCheckpoint(file) }));
  const handle = openDatabase(config.databaseUrl);
  try {
    const report = await verifyAllChains(handle.db, { recordKey: key, checkpoints });
    const keyFrom = source === 'none' ? 'none' : source === 'key-file' ? 'AUDIT_KEY_FILE' : `derived from ${config.appSecretFrom}`;
    console.log(`Record key: ${keyFrom}; checkpoints from ${config.audit.checkpointDir}`);
    for (const line of formatReport(report)) console.log(line);
    return brokenCount(report) > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
