// The authorization matrix's world: the demo seed signed in with real tokens, the seeded clinical
// entities per institute, who may see them and their personal data (docs/permissions.md, "Demo
// entries"), what in an answer would be a leak, and a digest of the data to prove a write changed
// nothing.
import { createHash } from 'node:crypto';
import { logEvent } from '../../../server/appLog/appLog.repository';
import { bearer, createAuthTestServer, tokenOf, type AuthTestServer } from '../auth/authTestKit';

export const ROLES = {
  admin: 'admin@example.org',
  localAdmin: 'local.admin@example.org',
  investigator: 'investigator@example.org',
  investigator2: 'investigator2@example.org',
  monitor: 'monitor@example.org',
  monitorInvestigator: 'monitor.investigator@example.org',
  biobank: 'biobank@example.org',
  exporter: 'exporter@example.org',
  importer: 'importer@example.org',
  plainUser: 'mfa@example.org',
} as const;
export type Role = keyof typeof ROLES | 'anonymous';
export const ALL_ROLES: readonly Role[] = [...(Object.keys(ROLES) as (keyof typeof ROLES)[]), 'anonymous'];

/** Institute 1 (SZLK) is "own", institute 2 (DEK) "foreign", seen from the investigator of institute 1. */
export type Side = 'own' | 'foreign';
export const SIDES: readonly Side[] = ['own', 'foreign'];
export const INSTITUTE_OF: Record<Side, string> = { own: 'SZLK', foreign: 'DEK' };

/** Where a clinical entity lives: the two dimensions visibility and personal data depend on. */
export interface Place {
  registry: string;
  institute: string;
}

/** reg_access of each demo role, from the seed's access entries (docs/permissions.md). */
export function sees(role: Role, place: Place): boolean {
  switch (role) {
    case 'admin':
    case 'monitor':
    case 'exporter':
      return true;
    // Uploader in RA-BIO at SZLK; in NSCLC-1L only implicit (own patients as physician: none).
    case 'localAdmin':
      return place.institute === 'SZLK' && place.registry === 'RA-BIO';
    // Uploader in RA-BIO at SZLK, so that the demo importer can import out of the box.
    case 'importer':
      return place.institute === 'SZLK' && place.registry === 'RA-BIO';
    case 'investigator':
      return place.institute === 'SZLK';
    case 'investigator2':
      return place.institute === 'DEK';
    // Lead physician in NSCLC-1L everywhere; in RA-BIO only implicit (none of the seed's patients).
    case 'monitorInvestigator':
      return place.registry === 'NSCLC-1L';
    default:
      return false;
  }
}

/** personal_data_access, limited to what the role sees. */
export function seesPersonal(role: Role, place: Place): boolean {
  if (!sees(role, place)) return false;
  return role === 'admin' || role === 'localAdmin' || role === 'importer' || role === 'investigator' || role === 'investigator2' || role === 'monitorInvestigator';
}

export interface SeededEntity extends Place {
  kind: 'patient' | 'attendance' | 'period' | 'form';
  id: string;
  /** Personal data of the patient behind it (patients only): name, insurance number, dob. */
  personal: string[];
}

export interface Seeded {
  entities: SeededEntity[];
  /** One of each per side, for path parameters. */
  pick: Record<Side, { patient: string; attendance: string; period: string; form: string; formVersion: number; institute: string; user: string; accessEntry: string }>;
  registry: (shortName: string) => string;
  baselineType: number;
  /** The seed's user group (a trustee of access entries). */
  group: string;
  /** An application-log entry (an event the gate writes). */
  logEntry: string;
  /** A demo bio sample (RA-BIO at SZLK), a box of SZLK and a sample type of RA-BIO. */
  bio: { sample: string; box: string; type: string };
}

export interface Gate {
  server: AuthTestServer;
  tokens: Record<Role, string | null>;
  seeded: Seeded;
  close(): Promise<void>;
}

async function collectSeeded(server: AuthTestServer): Promise<Seeded> {
  const { db } = server;
  const institutes = new Map((await db.selectFrom('institutes').select(['id', 'short_name']).execute()).map((r) => [r.id, r.short_name]));
  const registries = new Map((await db.selectFrom('registries').select(['id', 'short_name']).execute()).map((r) => [r.id, r.short_name]));
  const placeOf = (row: { registry_id: string; institute_id: string }): Place => ({ registry: registries.get(row.registry_id) ?? '?', institute: institutes.get(row.institute_id) ?? '?' });
  const patients = await db.selectFrom('patients').select(['id', 'name', 'insurance_number', 'dob', 'registry_id', 'institute_id']).execute();
  const attendances = await db.selectFrom('attendances').select(['id', 'patient_id', 'registry_id', 'institute_id']).orderBy('start_date_time').execute();
  const periods = await db.selectFrom('attendance_periods').select(['id', 'attendance_id']).execute();
  const forms = await db.selectFrom('forms').select(['id', 'attendance_id', 'attendance_period_id', 'registry_id', 'institute_id', 'version']).execute();
  const attendancePlace = new Map(attendances.map((a) => [a.id, placeOf(a)]));
  const entities: SeededEntity[] = [
    ...patients.map((p) => ({ kind: 'patient' as const, id: p.id, ...placeOf(p), personal: [p.name, p.insurance_number ?? '', p.dob].filter(Boolean) })),
    ...attendances.map((a) => ({ kind: 'attendance' as const, id: a.id, ...placeOf(a), personal: [] })),
    ...periods.map((p) => ({ kind: 'period' as const, id: p.id, ...(attendancePlace.get(p.attendance_id) as Place), personal: [] })),
    ...forms.map((f) => ({ kind: 'form' as const, id: f.id, ...placeOf(f), personal: [] })),
  ];
  const users = new Map((await db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
  const entries = await db.selectFrom('access_entries').select(['id', 'institute_id']).execute();
  const instituteId = (short: string): string => [...institutes].find(([, s]) => s === short)?.[0] ?? '';
  const side = (s: Side, user: string): Seeded['pick'][Side] => {
    const institute = instituteId(INSTITUTE_OF[s]);
    const patient = patients.find((p) => p.institute_id === institute && registries.get(p.registry_id) === 'RA-BIO');
    const attendance = attendances.find((a) => a.patient_id === patient?.id);
    const form = forms.find((f) => f.attendance_id === attendance?.id);
    const entry = entries.find((e) => e.institute_id === institute);
    if (!patient || !attendance || !form || !entry) throw new Error(`the seed has no clinical data at ${INSTITUTE_OF[s]}`);
    return { patient: patient.id, attendance: attendance.id, period: form.attendance_period_id, form: form.id, formVersion: Number(form.version), institute, user: users.get(user) ?? '', accessEntry: entry.id };
  };
  const baseline = await db.selectFrom('form_types').select('id').where('display_id', '=', 'RA-BASELINE').executeTakeFirstOrThrow();
  return {
    entities,
    pick: { own: side('own', ROLES.investigator), foreign: side('foreign', ROLES.investigator2) },
    registry: (shortName) => [...registries].find(([, s]) => s === shortName)?.[0] ?? '',
    baselineType: Number(baseline.id),
    group: (await db.selectFrom('user_groups').select('id').executeTakeFirstOrThrow()).id,
    logEntry: await logEvent(db, { event: 'gate.sample', message: 'an entry for the application-log routes' }),
    bio: {
      sample: (await db.selectFrom('bio_samples').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id,
      box: (await db.selectFrom('bio_sample_boxes').select('id').executeTakeFirstOrThrow()).id,
      type: (await db.selectFrom('bio_sample_types').select('id').executeTakeFirstOrThrow()).id,
    },
  };
}

export async function createGate(): Promise<Gate> {
  const server = await createAuthTestServer();
  const entries = await Promise.all((Object.entries(ROLES) as [keyof typeof ROLES, string][]).map(async ([role, email]) => [role, await tokenOf(server, email)] as const));
  const tokens = { ...Object.fromEntries(entries), anonymous: null } as Record<Role, string | null>;
  return { server, tokens, seeded: await collectSeeded(server), close: () => server.close() };
}

export interface Call {
  method: string;
  url: string;
  role: Role;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  text: string;
}

export async function send(gate: Gate, call: Call): Promise<Reply> {
  const token = gate.tokens[call.role];
  const headers: Record<string, string> = { 'accept-language': 'en', ...(token ? bearer(token) : {}), ...call.headers };
  const response = await gate.server.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers,
    ...(call.body !== undefined ? { payload: call.body as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, text: response.body };
}

/** Runs calls a few at a time (two shared cores; the PostgreSQL pool has four connections). */
export async function sendAll(gate: Gate, calls: readonly Call[], width = 8): Promise<Reply[]> {
  const replies: Reply[] = new Array(calls.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls.length) {
      const i = next++;
      replies[i] = await send(gate, calls[i]);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return replies;
}

/**
 * Biobank staff reach patients and forms through their samples (docs/biobank.md): a bio sample
 * answer names the sample's patient and forms by id (pseudonymous), never their personal data.
 */
function seesThroughSamples(role: Role, entity: SeededEntity, url: string | undefined): boolean {
  return role === 'biobank' && url !== undefined && url.includes('bio-sample') && (entity.kind === 'patient' || entity.kind === 'form');
}

/** What an answer to this role must not contain: ids it may not see, personal data it may not read. */
export function leaksIn(gate: Gate, role: Role, text: string, url?: string): string[] {
  const found: string[] = [];
  for (const entity of gate.seeded.entities) {
    if (!sees(role, entity) && !seesThroughSamples(role, entity, url) && text.includes(entity.id)) found.push(`${entity.kind} id of ${entity.institute}/${entity.registry}`);
    if (!seesPersonal(role, entity)) {
      for (const value of entity.personal) if (text.includes(value)) found.push(`personal data "${value}" of a ${entity.institute}/${entity.registry} patient`);
    }
  }
  return found;
}

const DIGESTED: readonly string[] = [
  'patients', 'attendances', 'attendance_periods', 'forms', 'form_approvals', 'form_history', 'form_files',
  'institutes', 'registries', 'registry_institutes', 'form_types', 'form_descriptors', 'access_entries', 'user_roles', 'user_groups', 'user_group_members',
  'bio_samples', 'bio_sample_forms', 'bio_sample_history', 'bio_sample_boxes', 'bio_sample_types',
];

/** A digest of the data a write could change (sessions and logs left out: signing in writes them). */
export async function dataDigest(gate: Gate): Promise<string> {
  const hash = createHash('sha256');
  for (const table of DIGESTED) {
    const rows = await gate.server.db.selectFrom(table as 'patients').selectAll().execute();
    hash.update(table);
    for (const row of rows.map((r) => JSON.stringify(r)).sort()) hash.update(row);
  }
  const users = await gate.server.db.selectFrom('users').select(['id', 'email', 'name', 'state', 'institute_id', 'password_hash']).orderBy('id').execute();
  hash.update(JSON.stringify(users));
  return hash.digest('hex');
}
