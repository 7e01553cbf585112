// `npm run seed`: migrate, then seed the demo data if the database has no users.
// `npm run seed -- --reset`: drop every table, migrate again and seed: all data is lost.
// Demo data belongs to demo mode, so the command runs as if DEMO_MODE were set (and so needs no
// APP_SECRET); an explicit DEMO_MODE=false refuses both, which protects a production database
// whose environment says so.
import { serverRecordKey } from '../audit/recordKey';
import { createPasswordHasher } from '../auth/passwordHash';
import { ConfigError, loadConfig } from '../config';
import { parseBooleanText } from '../util/booleanText';
import { openDatabase } from '../db/connection';
import { migrateToEmpty, migrateToLatest } from '../db/migrate';
import { DEMO_PASSWORD, describeDemoAccounts, seedDemo } from './demo';

function describeDatabase(url: string): string {
  // Never print a PostgreSQL password.
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

async function main(args: readonly string[]): Promise<number> {
  const reset = args.includes('--reset');
  const unknown = args.filter((arg) => arg !== '--reset');
  if (unknown.length > 0) {
    console.error(`Unknown argument(s): ${unknown.join(' ')}\nUsage: npm run seed [-- --reset]`);
    return 2;
  }
  if (process.env.DEMO_MODE !== undefined && parseBooleanText(process.env.DEMO_MODE) === false) {
    console.error('DEMO_MODE is false: refusing to write demo data into this database.');
    return 1;
  }
  const config = loadConfig({ ...process.env, DEMO_MODE: 'true' });
  const handle = openDatabase(config.databaseUrl);
  try {
    const where = describeDatabase(config.databaseUrl);
    if (reset) {
      await migrateToEmpty(handle.db);
      console.log(`Dropped all tables of ${where}.`);
    }
    await migrateToLatest(handle.db);
    const result = await seedDemo(handle.db, { passwordHasher: createPasswordHasher(), recordKey: serverRecordKey(config.audit, config.appSecret) });
    if (!result.seeded) {
      console.log(`${where} already has users: nothing seeded (use --reset to start over).`);
      return 0;
    }
    console.log(`Seeded ${result.institutes} institutes and ${result.users} accounts into ${where}.`);
    console.log(`Seeded ${result.registries} registries with ${result.formTypes} form types and ${result.accessEntries} access entries.`);
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const line of describeDemoAccounts()) console.log(`  ${line}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
