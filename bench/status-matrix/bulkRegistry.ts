// A registry at scale for the status-matrix benchmark: RA-BIO of the demo seed gets four periods
// (Baseline, Month 3, 6, 12) and N patients, each with one attendance, its four attendance periods
// and forms in the periods reached so far, written straight into SQLite in one transaction (the
// services would take minutes). The rows are consistent: a form's approval level and approval rows
// match its state, display ids are unique, forms repeat their attendance's registry and institute.
import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { registerSqliteFunctions } from '../../server/db/connection';

const PERIODS = [
  { hu: 'Kiindulás', en: 'Baseline', main: 'RA-BASELINE' },
  { hu: '3. hónap', en: 'Month 3', main: 'RA-FOLLOWUP' },
  { hu: '6. hónap', en: 'Month 6', main: 'RA-FOLLOWUP' },
  { hu: '12. hónap', en: 'Month 12', main: 'RA-FOLLOWUP' },
];

// States in the mix a running registry shows; the level is what has been approved so far.
const STATES: readonly { state: string; level: number }[] = [
  { state: 'final', level: 2 },
  { state: 'final', level: 2 },
  { state: 'final', level: 2 },
  { state: 'await_inspect', level: 0 },
  { state: 'await_inspect', level: 1 },
  { state: 'draft', level: 0 },
  { state: 'rejected', level: 0 },
  { state: 'correct_draft', level: 0 },
  { state: 'corrected', level: 0 },
];

export interface BulkResult {
  registryId: string;
  patients: number;
  forms: number;
}

export function fillRegistry(file: string, patients: number): BulkResult {
  const db = new SqliteDatabase(file);
  db.pragma('foreign_keys = ON');
  // The attendance triggers fold the patient number with the server's casefold().
  registerSqliteFunctions(db);
  const one = <T>(query: string, ...params: unknown[]): T => db.prepare(query).get(...params) as T;
  const registryId = one<{ id: string }>("select id from registries where short_name = 'RA-BIO'").id;
  const types = new Map((db.prepare('select id, display_id from form_types where registry_id = ?').all(registryId) as { id: number; display_id: string }[]).map((t) => [t.display_id, t.id]));
  const institutes = db.prepare('select i.id, i.short_name from institutes i join registry_institutes ri on ri.institute_id = i.id where ri.registry_id = ? order by i.short_name').all(registryId) as { id: string; short_name: string }[];
  const physicianOf = new Map(institutes.map((i) => [i.id, (one<{ id: string } | undefined>('select id from users where institute_id = ? order by email', i.id) ?? one<{ id: string }>("select id from users where email = 'admin@example.org'")).id]));
  const monitor = one<{ id: string; name: string }>("select id, name from users where email = 'monitor@example.org'");

  const insertPatient = db.prepare('insert into patients (id, internal_patient_number, name, dob, gender, registry_id, institute_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertAttendance = db.prepare(
    "insert into attendances (id, patient_id, registry_id, institute_id, physician_id, owner_id, state, start_date_time, display_id, day_key, sequence, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertPeriod = db.prepare('insert into attendance_periods (id, attendance_id, period_index, created_at) values (?, ?, ?, ?)');
  const insertForm = db.prepare(
    'insert into forms (id, attendance_id, attendance_period_id, form_type_id, descriptor_version, registry_id, institute_id, physician_id, display_id, state, approval_level, created_at, updated_at) values (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertApproval = db.prepare('insert into form_approvals (form_id, level, user_id, user_name, at) values (?, ?, ?, ?, ?)');

  let forms = 0;
  db.transaction(() => {
    db.prepare('delete from registry_period_form_types where registry_id = ?').run(registryId);
    db.prepare('delete from registry_periods where registry_id = ?').run(registryId);
    PERIODS.forEach((period, index) => {
      db.prepare('insert into registry_periods (registry_id, period_index, name_hu, name_en) values (?, ?, ?, ?)').run(registryId, index, period.hu, period.en);
      db.prepare('insert into registry_period_form_types (registry_id, period_index, form_type_id, max_per_period) values (?, ?, ?, 1)').run(registryId, index, types.get(period.main));
      db.prepare('insert into registry_period_form_types (registry_id, period_index, form_type_id, max_per_period) values (?, ?, ?, null)').run(registryId, index, types.get('RA-AE'));
    });
    for (let n = 0; n < patients; n += 1) {
      const institute = institutes[n % institutes.length];
      const physician = physicianOf.get(institute.id) as string;
      const day = new Date(Date.UTC(2024, 0, 1) + (n % 700) * 86_400_000);
      const at = day.toISOString();
      const dayKey = at.slice(0, 10).replaceAll('-', '');
      const patientId = randomUUID();
      const attendanceId = randomUUID();
      const serial = String(n + 1).padStart(6, '0');
      insertPatient.run(patientId, `B${institute.short_name}-${serial}`, `Bench Patient ${serial}`, '1970-01-01', n % 2 ? 'female' : 'male', registryId, institute.id, at, at);
      const state = n % 97 === 0 ? 'disqualified' : 'open';
      insertAttendance.run(attendanceId, patientId, registryId, institute.id, physician, physician, state, at, `${institute.short_name}-RA-BIO-${dayKey}-${serial}`, dayKey, n, at, at);
      // Patients are at different points of the study: 1 to 4 periods reached.
      const reached = 1 + (n % 4);
      for (let index = 0; index < PERIODS.length; index += 1) {
        const periodId = randomUUID();
        insertPeriod.run(periodId, attendanceId, index, at);
        if (index >= reached) continue;
        const kinds = [types.get(PERIODS[index].main) as number, ...(n % 5 === index ? [types.get('RA-AE') as number] : [])];
        for (const formTypeId of kinds) {
          forms += 1;
          // The last period reached is still being worked on; earlier ones are mostly final.
          const { state: formState, level } = index === reached - 1 ? STATES[(n + forms) % STATES.length] : STATES[0];
          const formId = randomUUID();
          insertForm.run(formId, attendanceId, periodId, formTypeId, registryId, institute.id, physician, `${institute.short_name}-F-${serial}-${index}-${forms}`, formState, level, at, at);
          for (let l = 1; l <= level; l += 1) insertApproval.run(formId, l, monitor.id, monitor.name, at);
        }
      }
    }
  })();
  db.pragma('optimize');
  db.close();
  return { registryId, patients, forms };
}
