// `npm run audit:verify`: opens the configured database (DATABASE_URL, as the server does) and
// checks every form's history chain. Exit code 1 when any chain is broken.
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { formatReport, verifyAllChains } from './auditVerify';

async function main(): Promise<number> {
  const config = loadConfig();
  const handle = openDatabase(config.databaseUrl);
  try {
    const report = await verifyAllChains(handle.db);
    for (const line of formatReport(report)) console.log(line);
    return report.breaks.length > 0 ? 1 : 0;
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
