// Users and application-log rows for the scale bench, so that the users list and the application
// log are measured at a registry's size too: one account per 20 patients (physicians, nurses and
// monitors of ~100 institutes at 100,000 patients) spread over the demo institutes, each with an
// access entry to a registry at its institute (every request reads its caller's entries among all
// of them), and ten log entries per patient (requests over the last year), in time order, like the
// server's.
import type { Insertable, Kysely } from 'kysely';
import type { AccessEntriesTable, Database, NewApplicationLogRow, NewUser } from '../../server/db/database';
import type { IdSource } from './ids';

export interface GrownPeople {
  users: number;
  accessEntries: number;
  logEntries: number;
}

const USERS_PER_PATIENT = 1 / 20;
const LOG_ENTRIES_PER_PATIENT = 10;
/** Rows per INSERT: under SQLite's 32,766 parameters for the widest row. */
const BATCH = 1000;
const FIRST_NAMES = ['Anna', 'Béla', 'Csilla', 'Dénes', 'Éva', 'Ferenc', 'Gábor', 'Hajnalka', 'István', 'Judit'];
const LAST_NAMES = ['Nagy', 'Kovács', 'Tóth', 'Szabó', 'Horváth', 'Varga', 'Kiss', 'Molnár', 'Németh', 'Farkas'];
/**
 * The log's time span: within LOG_RETENTION_DAYS' default (365), as on a server that has run its
 * daily pruning; older rows would be pruned by the daily job at the bench server's start, in
 * batches on the main thread, in the middle of the measured calls.
 */
const LOG_SPAN_MS = 360 * 86_400_000;
const URLS = ['/api/v1/patients', '/api/v1/forms/approvable', '/api/v1/dashboard/registries', '/api/v1/attendances', '/api/v1/users'];

async function insertBatches<T>(count: number, make: (n: number) => T, insert: (rows: T[]) => Promise<unknown>): Promise<void> {
  for (let first = 0; first < count; first += BATCH) {
    const rows: T[] = [];
    for (let n = first; n < Math.min(count, first + BATCH); n += 1) rows.push(make(n));
    await insert(rows);
  }
}

/** Grown account number n: no password (it never signs in), a doctor one time in three. */
export function grownUserRow(n: number, id: string, instituteId: string | null, at: string): NewUser {
  return {
    id,
    name: `${LAST_NAMES[n % LAST_NAMES.length]} ${FIRST_NAMES[Math.floor(n / LAST_NAMES.length) % FIRST_NAMES.length]} ${n + 1}`,
    email: `scale.user.${n + 1}@example.org`,
    password_hash: null,
    phone: null,
    doctor: n % 3 === 0,
    institute_id: instituteId,
    notes: null,
    country: null,
    city: null,
    legacy_doctor_code: null,
    user_group_id: null,
    prevent_automatic_inactivation: false,
    deactivated_users_notification: false,
    inactive_users_notification: false,
    registry_id: null,
    mfa_enabled: false,
    mfa_enforced_at: null,
    mfa_confirmed: false,
    mfa_secret_encrypted: null,
    mfa_pending_secret_encrypted: null,
    mfa_last_time_step: null,
    display_id: null,
    created_at: at,
    updated_at: at,
    last_login_at: null,
  };
}

export async function growPeople(db: Kysely<Database>, patients: number, ids: IdSource): Promise<GrownPeople> {
  const institutes = (await db.selectFrom('institutes').select('id').orderBy('id').execute()).map((row) => row.id);
  // The registries each institute takes part in: an entry grants a registry at the user's institute.
  const participations = await db.selectFrom('registry_institutes').select(['registry_id', 'institute_id']).orderBy('registry_id').execute();
  const registriesOf = (instituteId: string | null | undefined): string[] => participations.filter((p) => p.institute_id === instituteId).map((p) => p.registry_id);
  const users = Math.ceil(patients * USERS_PER_PATIENT);
  const logEntries = patients * LOG_ENTRIES_PER_PATIENT;
  // Accounts created over the last three years, oldest first.
  const start = Date.now() - 3 * 365 * 86_400_000;
  const createdAt = (n: number): string => new Date(start + Math.floor((n / Math.max(1, users)) * 3 * 365 * 86_400_000)).toISOString();
  const grown = Array.from({ length: users }, (_, n) => grownUserRow(n, ids.next(), institutes[n % institutes.length] ?? null, createdAt(n)));
  await insertBatches(grown.length, (n) => grown[n], (rows) => db.insertInto('users').values(rows).execute());
  // Doctors treat patients, the others record data for them (the demo's schemes for such staff).
  const entries = grown.flatMap((user, n): Insertable<AccessEntriesTable>[] => {
    const registries = registriesOf(user.institute_id);
    if (registries.length === 0) return [];
    const at = createdAt(n);
    return [{
      id: ids.next(),
      kind: 'registry',
      trustee_user_id: user.id,
      trustee_group_id: null,
      scheme: user.doctor ? 'physician' : 'uploader',
      registry_id: registries[n % registries.length],
      form_type_id: null,
      institute_id: user.institute_id,
      physician_id: null,
      attach_permission: false,
      created_at: at,
      updated_at: at,
    }];
  });
  await insertBatches(entries.length, (n) => entries[n], (rows) => db.insertInto('access_entries').values(rows).execute());
  const logStart = Date.now() - LOG_SPAN_MS;
  const logRow = (n: number): NewApplicationLogRow => ({
    id: ids.next(),
    created_at: new Date(logStart + Math.floor((n / Math.max(1, logEntries)) * LOG_SPAN_MS)).toISOString(),
    req_id: `req-${n + 1}`,
    msg: 'request completed',
    http_method: 'GET',
    url: URLS[n % URLS.length],
    user_agent: 'scale-bench',
    referer: null,
    remote_address: '127.0.0.1',
    http_response_code: 200,
    response_time: 1 + (n % 40),
    data: null,
    event: null,
    message: null,
    reason: null,
    severity: 'info',
    target_id: null,
    target_name: null,
    target_type: null,
    user_id: null,
    user_name: null,
    on_behalf_of_id: null,
    on_behalf_of_name: null,
  });
  await insertBatches(logEntries, logRow, (rows) => db.insertInto('application_log').values(rows).execute());
  return { users, accessEntries: entries.length, logEntries };
}
