// `npm run bench matrix`: GET /registries/{id}/status-matrix at 10,000 patients on SQLite, through
// app.inject, for a monitor (every institute) and an investigator (their institute). A temporary
// database gets the demo seed, then RA-BIO gets four periods and BENCH_PATIENTS patients in bulk
// (status-matrix/bulkRegistry.ts). p50/p95 of BENCH_RUNS calls per case. Prints figures and never
// fails on time (target: under 200 ms per page; bench/README.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { serverRecordKey } from '../server/audit/recordKey';
import { createPasswordHasher } from '../server/auth/passwordHash';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connection';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/seed/demo';
import { findAuthUser } from '../server/users/users.repository';
import { fillRegistry } from './status-matrix/bulkRegistry';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PAGE = Number(process.env.BENCH_PAGE ?? 25);

const CASES: { name: string; as: string; query: string }[] = [
  { name: 'monitor, first page + total', as: 'monitor@example.org', query: `limit=${PAGE}&statistics=true` },
  { name: 'monitor, needs my action', as: 'monitor@example.org', query: `limit=${PAGE}&statistics=true&filter=needsMyAction==true` },
  { name: 'monitor, state==rejected', as: 'monitor@example.org', query: `limit=${PAGE}&statistics=true&filter=state==rejected` },
  { name: 'monitor, page 200 by start date', as: 'monitor@example.org', query: `limit=${PAGE}&offset=${PAGE * 199}&sort=-startDateTime&statistics=true` },
  { name: 'investigator, first page + total', as: 'investigator@example.org', query: `limit=${PAGE}&statistics=true` },
  { name: 'investigator, needs my action', as: 'investigator@example.org', query: `limit=${PAGE}&statistics=true&filter=needsMyAction==true` },
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-status-matrix-'));
  const file = join(workDir, 'bench.sqlite');
  const config = loadConfig(
    { NODE_ENV: 'test', APP_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz', DATABASE_URL: `sqlite:${file}`, MAIL_OUTBOX_DIR: join(workDir, 'outbox'), STATIC_DIR: join(workDir, 'none'), LOG_LEVEL: 'silent' },
    workDir,
  );
  try {
    const seeding = openDatabase(`sqlite:${file}`);
    await migrateToLatest(seeding.db);
    await seedDemo(seeding.db, { passwordHasher: createPasswordHasher(), recordKey: serverRecordKey(config.audit, config.appSecret) });
    await seeding.close();
    const fillStart = performance.now();
    const filled = fillRegistry(file, PATIENTS);
    console.log(`${filled.patients} patients (one attendance each, 4 periods), ${filled.forms} forms, written in ${Math.round(performance.now() - fillStart)} ms`);

    const handle = openDatabase(`sqlite:${file}`);
    const app = await buildApp({
      config,
      db: handle.db,
      dialect: handle.dialect,
      resolveUser: async (request) => {
        const row = await handle.db.selectFrom('users').select('id').where('email', '=', String(request.headers['x-bench-user'])).executeTakeFirst();
        return row ? findAuthUser(handle.db, row.id) : null;
      },
    });
    console.log(`page size ${PAGE}, ${RUNS} runs per case (after 3 warm-up calls)`);
    for (const { name, as, query } of CASES) {
      const call = async (): Promise<{ ms: number; rows: number; total: number }> => {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url: `/api/v1/registries/${filled.registryId}/status-matrix?${query}`, headers: { 'x-bench-user': as } });
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
        const body = response.json() as { results: unknown[]; statistics?: { total: number } };
        return { ms, rows: body.results.length, total: body.statistics?.total ?? 0 };
      };
      for (let i = 0; i < 3; i += 1) await call();
      const times: number[] = [];
      let last = { rows: 0, total: 0 };
      for (let i = 0; i < RUNS; i += 1) {
        const { ms, ...rest } = await call();
        times.push(ms);
        last = rest;
      }
      times.sort((a, b) => a - b);
      console.log(`${name.padEnd(36)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   (${last.rows} rows of ${last.total})`);
    }
    await app.close();
    await handle.close();
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
