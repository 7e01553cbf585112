// Bulk data for the export benchmark: N rheumatology baseline forms of the demo registry, written
// straight into the tables in batches (patients, attendances, periods, forms, history, approvals).
// The API would take hours for a million forms; the export only reads, so rows shaped like the
// API's are enough. Every third form is approved at level 1, every ninth at level 2 too.
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../server/db/database';
import { rheumaBaselineValues } from '../../server/seed/demoClinicalValues';

const BATCH = 500;
const START = Date.UTC(2024, 0, 1);
const TWO_YEARS = 2 * 365 * 86_400_000;

interface Scope {
  registryId: string;
  formTypeId: number;
  institutes: string[];
  physician: { id: string; name: string };
  monitors: Array<{ id: string; name: string }>;
}

async function scopeOf(db: Kysely<Database>): Promise<Scope> {
  const registry = await db.selectFrom('registries').select('id').where('short_name', '=', 'RA-BIO').executeTakeFirstOrThrow();
  const formType = await db.selectFrom('form_types').select('id').where('display_id', '=', 'RA-BASELINE').executeTakeFirstOrThrow();
  const institutes = (await db.selectFrom('registry_institutes').select('institute_id').where('registry_id', '=', registry.id).execute()).map((r) => r.institute_id);
  const user = async (email: string): Promise<{ id: string; name: string }> => db.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirstOrThrow();
  return {
    registryId: registry.id,
    formTypeId: Number(formType.id),
    institutes,
    physician: await user('investigator@example.org'),
    monitors: [await user('monitor@example.org'), await user('monitor2@example.org')],
  };
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Inserts `count` baseline forms; `onBatch` hears how many are in so far. */
export async function generateForms(db: Kysely<Database>, count: number, onBatch: (done: number) => void): Promise<void> {
  const scope = await scopeOf(db);
  for (let first = 0; first < count; first += BATCH) {
    const size = Math.min(BATCH, count - first);
    const patients: Insertable<Database['patients']>[] = [];
    const attendances: Insertable<Database['attendances']>[] = [];
    const periods: Insertable<Database['attendance_periods']>[] = [];
    const forms: Insertable<Database['forms']>[] = [];
    const history: Insertable<Database['form_history']>[] = [];
    const approvals: Insertable<Database['form_approvals']>[] = [];
    let patientId = '';
    for (let i = first; i < first + size; i += 1) {
      const at = new Date(START + Math.floor((i / count) * TWO_YEARS)).toISOString();
      const day = at.slice(0, 10);
      const instituteId = scope.institutes[i % scope.institutes.length];
      // Two attendances per patient.
      if (i % 2 === 0 || patientId === '') {
        patientId = randomUUID();
        patients.push({ id: patientId, internal_patient_number: `B${pad(i, 8)}`, registry_patient_number: null, insurance_number: null, name: `Bench Beteg ${i}`, name_folded: `bench beteg ${i}`, dob: `19${pad(40 + (i % 50), 2)}-0${1 + (i % 9)}-1${i % 10}`, gender: i % 3 === 0 ? 'male' : 'female', country: 'HU', registry_id: scope.registryId, institute_id: instituteId, created_at: at, updated_at: at });
      }
      const attendanceId = randomUUID();
      attendances.push({ id: attendanceId, patient_id: patientId, registry_id: scope.registryId, institute_id: instituteId, physician_id: scope.physician.id, owner_id: scope.physician.id, state: 'open', start_date_time: at, end_date_time: null, completed: false, inpatient_days: '[]', random_group: null, display_id: `BENCH-${pad(i, 8)}`, legacy_display_id: null, day_key: day.replace(/-/g, ''), sequence: i, created_at: at, updated_at: at, disqualified_at: null, disqualified_by: null, disqualification_reason: null });
      const periodId = randomUUID();
      periods.push({ id: periodId, attendance_id: attendanceId, period_index: 0, created_at: at });
      const level = i % 9 === 0 ? 2 : i % 3 === 0 ? 1 : 0;
      const formId = randomUUID();
      const values = rheumaBaselineValues({ patient: `B${pad(i, 8)}`, physician: scope.physician.name, visitStart: `${day}T09:00` }, { visitDate: day, tjc28: i % 29, sjc28: (i * 7) % 29, esr: 1 + (i % 150), ghVas: i % 101 });
      forms.push({ id: formId, attendance_id: attendanceId, attendance_period_id: periodId, form_type_id: scope.formTypeId, descriptor_version: 1, registry_id: scope.registryId, institute_id: instituteId, physician_id: scope.physician.id, display_id: `BENCH-${pad(i, 8)}-1`, state: level === 2 ? 'final' : 'await_inspect', approval_level: level, field_values: JSON.stringify(values), reviews: '{}', version: 1 + level, created_at: at, updated_at: at, deleted_at: null, record_count: null, record_head: null, record_seal: null });
      const entry = (position: number, operation: string, by: { id: string; name: string }, entryLevel: number | null): Insertable<Database['form_history']> => ({ id: randomUUID(), form_id: formId, position, at, user_id: by.id, user_name: by.name, on_behalf_of: null, operation, level: entryLevel, changes: '[]', reasons: '', notes: '', previous_hash: '', hash: randomUUID(), mac: null });
      history.push(entry(0, 'create', scope.physician, null));
      for (let l = 1; l <= level; l += 1) {
        const monitor = scope.monitors[l - 1];
        history.push(entry(l, 'approve', monitor, l));
        approvals.push({ form_id: formId, level: l, user_id: monitor.id, user_name: monitor.name, at });
      }
    }
    await db.transaction().execute(async (trx) => {
      if (patients.length > 0) await trx.insertInto('patients').values(patients).execute();
      await trx.insertInto('attendances').values(attendances).execute();
      await trx.insertInto('attendance_periods').values(periods).execute();
      await trx.insertInto('forms').values(forms).execute();
      await trx.insertInto('form_history').values(history).execute();
      if (approvals.length > 0) await trx.insertInto('form_approvals').values(approvals).execute();
    });
    onBatch(first + size);
  }
}
