// `npm run bench scale -- [--patients N] [--pg URL] [--grow-only] [--url DATABASE_URL] ...`:
// grows fresh demo databases to N patients (default 100,000: ~300,000 attendances, ~1,000,000
// forms, ~3,000,000 record entries; bench/scale/grow.ts): a SQLite file in a temporary folder,
// and a PostgreSQL database when TEST_DATABASE_URL or --pg names a server. Prints the figures and
// never fails on time; bench/README.md has the targets and the recorded runs.
// Then, per database kind, the load driver (bench/scale/loadRun.ts) runs the real server over the
// small demo database and over the grown one and prints both side by side, and the targets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { parseScaleArgs } from './scale/args';
import { runLoad, type LoadRun } from './scale/loadRun';
import { formatRuns, formatTargets } from './scale/report';
import { describePgSettings } from './scale/pgSettings';
import { BENCH_APP_SECRET, prepareScaleDatabase, type PreparedDatabase } from './scale/prepare';

function describeUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

async function dropPgDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

async function grow(patients: number, workDir: string, pgAdminUrl?: string): Promise<PreparedDatabase> {
  const where = pgAdminUrl ? 'PostgreSQL' : 'SQLite';
  console.log(`Growing a ${where} demo database to ${patients} patients ...`);
  const prepared = await prepareScaleDatabase({ patients, workDir, pgAdminUrl, log: (line) => console.log(line) });
  const c = prepared.counts;
  console.log(
    `${where}: +${c.patients} patients, +${c.attendances} attendances, +${c.forms} forms, +${c.form_history} record entries, +${c.form_approvals} approvals, +${c.users} users with +${c.access_entries} access entries, +${c.application_log} log entries ` +
      `in ${prepared.seconds.toFixed(0)} s (${describeUrl(prepared.url)})`,
  );
  console.log(`  check the record: DATABASE_URL=${describeUrl(prepared.url)} APP_SECRET=${BENCH_APP_SECRET} npm run audit:verify`);
  return prepared;
}

async function main(): Promise<void> {
  const args = parseScaleArgs(process.argv.slice(2));
  const workDir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const grown: PreparedDatabase[] = [];
  try {
    if (args.urls.length === 0) {
      if (!args.skipSqlite) grown.push(await grow(args.patients, workDir));
      if (args.pg) grown.push(await grow(args.patients, workDir, args.pg));
    }
    if (args.growOnly) return;
    const large = [...grown.map((db) => db.url), ...args.urls];
    for (const url of large) {
      const dialect = url.startsWith('postgres') ? 'PostgreSQL' : 'SQLite';
      const small = await prepareScaleDatabase({ patients: 0, workDir, pgAdminUrl: dialect === 'PostgreSQL' ? url : undefined });
      grown.push(small);
      const runs: LoadRun[] = [];
      console.log(`\nLoad on ${dialect}, ${args.seconds} s per call and client count (${new Date().toISOString()}):`);
      if (dialect === 'PostgreSQL') console.log(`  settings of the grown database: ${await describePgSettings(url)}`);
      const log = (line: string): void => console.log(line);
      runs.push(await runLoad(`${dialect} demo`, small.url, workDir, { seconds: Math.max(1, args.seconds / 3), calls: args.calls, roles: args.roles, log }));
      runs.push(await runLoad(`${dialect} grown`, url, workDir, { seconds: args.seconds, calls: args.calls, roles: args.roles, log }));
      console.log('');
      for (const line of formatRuns(runs)) console.log(line);
      console.log('');
      for (const line of formatTargets(runs[1])) console.log(line);
    }
  } finally {
    if (!args.keep && !args.growOnly) {
      for (const db of grown) if (db.dialect === 'postgres') await dropPgDatabase(db.url);
      rmSync(workDir, { recursive: true, force: true });
    } else {
      console.log(`Kept: ${grown.map((db) => describeUrl(db.url)).join(', ')}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
