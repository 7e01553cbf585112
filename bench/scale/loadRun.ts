// The load driver over one database: the real server as a child process, a sign-in per role
// (demo accounts, no MFA), then every call of ./calls.ts with 1 and with 10 clients.
import type { BenchMetrics } from '../../server/benchMetrics';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { openDatabase } from '../../server/db/connection';
import { benchRoles, readBenchIds, type CallSpec, type Role } from './calls';
import { measure, prepareSaves, type DriveContext, type Measurement } from './drive';
import { createHttpClient, type HttpClient } from './http';
import { isLocalPostgres, startCpuWindow } from './machineCpu';
import { startBenchServer } from './serverChild';

export interface CallResult {
  role: string;
  call: CallSpec;
  one: Measurement;
  ten: Measurement;
}

export interface LoadRun {
  label: string;
  /** SQLite: the database's work is the server process's own. */
  databaseInServer: boolean;
  results: CallResult[];
  /** The server's resident memory after start and at the end, MB. */
  rssStart: number;
  rssEnd: number;
  /** SQLite with the read pool: what the server did off its main thread and what it kept there (server/benchMetrics.ts). */
  reads?: BenchMetrics['reads'];
  /** PostgreSQL with shared pipelined connections: where the statements went (server/db/pipelinedStatements.ts). */
  statements?: BenchMetrics['statements'];
}

async function signIn(http: HttpClient, email: string): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'password', username: email, password: DEMO_PASSWORD }).toString();
  const answer = await http.call('POST', '/auth/tokens', null, body);
  if (answer.status !== 200 || answer.body?.mfa_required) throw new Error(`Sign-in of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return String(answer.body.access_token);
}

export interface LoadOptions {
  seconds: number;
  /** Only the calls whose name matches; null: every call. */
  calls: RegExp | null;
  /** Only the roles whose name matches; null: every role. */
  roles: RegExp | null;
  log: (line: string) => void;
}

async function runRole(http: HttpClient, role: Role, context: Omit<DriveContext, 'token'>, options: LoadOptions): Promise<CallResult[]> {
  const { seconds, log } = options;
  const calls = role.calls.filter((call) => options.calls === null || options.calls.test(call.name));
  if (calls.length === 0) return [];
  const token = await signIn(http, role.email);
  const drive: DriveContext = { ...context, token: () => token };
  if (calls.some((call) => call.kind === 'save')) await prepareSaves(drive);
  const results: CallResult[] = [];
  for (const call of calls) {
    const one = await measure(drive, call, 1, seconds);
    const ten = await measure(drive, call, 10, seconds);
    results.push({ role: role.name, call, one, ten });
    log(`  ${role.name.padEnd(24)} ${call.name.padEnd(36)} ${one.latencies.length} + ${ten.latencies.length} calls`);
  }
  return results;
}

export async function runLoad(label: string, databaseUrl: string, workDir: string, options: LoadOptions): Promise<LoadRun> {
  const handle = openDatabase(databaseUrl);
  const ids = await readBenchIds(handle.db).finally(() => handle.close());
  const server = await startBenchServer(databaseUrl, workDir);
  const http = createHttpClient(server.baseUrl, 10);
  try {
    const rssStart = (await server.metrics()).rssMb;
    const countsDatabase = isLocalPostgres(databaseUrl);
    const context = { http, metrics: server.metrics, cpuWindow: () => startCpuWindow(countsDatabase), save: { drafts: ids.drafts, values: new Map(), versions: new Map() } };
    const results: CallResult[] = [];
    const roles = benchRoles(ids).filter((role) => options.roles === null || options.roles.test(role.name));
    for (const role of roles) results.push(...(await runRole(http, role, context, options)));
    const end = await server.metrics();
    return { label, databaseInServer: !databaseUrl.startsWith('postgres'), results, rssStart, rssEnd: end.rssMb, reads: end.reads, statements: end.statements };
  } catch (error) {
    options.log(`The load stopped; the server's last output:\n${server.outputTail()}`);
    throw error;
  } finally {
    http.close();
    await server.stop();
  }
}
