// One import step in a process of its own, so its peak RSS is the step's alone: opens the
// database, runs the data-import job kind's step over the stored file and prints one JSON line.
import { deriveRecordKey } from '../../server/auth/secrets';
import { openDatabase } from '../../server/db/connection';
import { IMPORT_JOB_KIND, importJobKind } from '../../server/dataImport/importJob';
import { findImportJob } from '../../server/dataImport/importJobs.repository';
import type { Job } from '../../server/jobs/jobs.repository';
import pino from 'pino';
import { statementCounter } from './statementCount';

interface ChildArguments {
  url: string;
  searchPath?: string;
  storeDir: string;
  importJobId: string;
  step: 'validate' | 'commit';
}

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2]) as ChildArguments;
  const handle = openDatabase(args.url, args.searchPath ? { searchPath: args.searchPath, poolSize: 2 } : {});
  try {
    const counter = statementCounter();
    const kind = importJobKind({
      db: handle.db.withPlugin(counter),
      dialect: args.url.startsWith('postgres') ? 'postgres' : 'sqlite',
      config: { fileStoreDir: args.storeDir },
      recordKey: deriveRecordKey('bench-secret-0123456789-abcdefghijklmnop'),
      logger: pino({ level: 'silent' }),
    });
    const job = { id: 'bench', kind: IMPORT_JOB_KIND, parameters: { importJobId: args.importJobId, step: args.step } } as unknown as Job;
    const started = process.hrtime.bigint();
    // CPU time as well as wall time: on a machine shared with other work the wall time says little.
    const cpuBefore = process.cpuUsage();
    const result = await kind.run({ job, secret: null, signal: new AbortController().signal, progress: async () => undefined });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const row = await findImportJob(handle.db, args.importJobId);
    // maxRSS is in kilobytes.
    console.log(JSON.stringify({ seconds, cpuSeconds, peakRssMb: process.resourceUsage().maxRSS / 1024, state: row?.state, results: result, error: row?.error, statements: counter.total(), topStatements: counter.top(16) }));
  } finally {
    await handle.close();
  }
}

void main();
