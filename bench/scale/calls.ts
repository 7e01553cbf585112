// Every call the load driver makes, per role: the lists of the product with statistics=true (with
// filters, sorts and a deep page), every count, the dashboard, single reads and a form save. The
// ids come from the database before the server starts: a grown patient of the investigator's
// institute with its attendances, one of its periods and forms, and drafts to save.
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/database';

export type CallKind = 'list' | 'count' | 'dashboard' | 'deep' | 'read' | 'save';

export interface CallSpec {
  name: string;
  kind: CallKind;
  /** GET path under /api/v1, or a save of the client's draft. */
  path: string;
}

export interface Role {
  name: string;
  email: string;
  calls: CallSpec[];
}

export interface BenchIds {
  registryId: string;
  instituteId: string;
  patientId: string;
  periodId: string;
  formId: string;
  attendanceId: string;
  /** The patient's insurance number and date of birth, for the exact filters. */
  insuranceNumber: string;
  dob: string;
  /** Drafts of the investigator in open attendances, one per client where there are enough. */
  drafts: string[];
}

export const INVESTIGATOR = 'investigator@example.org';
export const MONITOR = 'monitor@example.org';
export const ADMIN = 'admin@example.org';
export const SAVE_PATH = 'PUT /forms/{draft}';

export async function readBenchIds(db: Kysely<Database>): Promise<BenchIds> {
  const registry = await db.selectFrom('registries').select('id').where('short_name', '=', 'RA-BIO').executeTakeFirstOrThrow();
  const institute = await db.selectFrom('institutes').select('id').where('short_name', '=', 'SZLK').executeTakeFirstOrThrow();
  const investigator = await db.selectFrom('users').select('id').where('email', '=', INVESTIGATOR).executeTakeFirstOrThrow();
  // The newest patient of the institute in RA-BIO: a grown one when there are any.
  const patient = await db.selectFrom('patients').select(['id', 'insurance_number', 'dob']).where('institute_id', '=', institute.id).where('registry_id', '=', registry.id).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const form = await db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .select(['forms.id', 'forms.attendance_id', 'forms.attendance_period_id'])
    .where('attendances.patient_id', '=', patient.id)
    .orderBy('forms.state', 'desc')
    .executeTakeFirstOrThrow();
  const drafts = await db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .select('forms.id')
    .where('forms.state', '=', 'draft')
    .where('attendances.state', '=', 'open')
    .where('forms.physician_id', '=', investigator.id)
    .where('forms.deleted_at', 'is', null)
    .orderBy('forms.id', 'desc')
    .limit(10)
    .execute();
  return { registryId: registry.id, instituteId: institute.id, patientId: patient.id, periodId: form.attendance_period_id, formId: form.id, attendanceId: form.attendance_id, insuranceNumber: patient.insurance_number ?? '', dob: patient.dob, drafts: drafts.map((d) => d.id) };
}

function sharedCalls(ids: BenchIds): CallSpec[] {
  return [
    { name: 'patients', kind: 'list', path: '/patients?limit=10&statistics=true' },
    { name: 'patients name=@Nagy sort=name', kind: 'list', path: '/patients?limit=10&statistics=true&filter=name%3D%40Nagy&sort=name' },
    // A rare name, the everyday search for one patient: the demo's Minta Márton (SZLK, RA-BIO), a
    // name the grower never gives.
    { name: 'patients name=@Minta sort=name', kind: 'list', path: '/patients?limit=10&statistics=true&filter=name%3D%40Minta&sort=name' },
    { name: 'patients registry sort=-createdAt', kind: 'list', path: `/patients?limit=10&statistics=true&filter=registryId%3D%3D${ids.registryId}&sort=-createdAt` },
    { name: 'patients sort=dob', kind: 'list', path: '/patients?limit=10&statistics=true&sort=dob' },
    // The patients grid's other sorts and filters.
    { name: 'patients sort=internalPatientNumber', kind: 'list', path: '/patients?limit=10&statistics=true&sort=internalPatientNumber' },
    { name: 'patients sort=-registryPatientNumber', kind: 'list', path: '/patients?limit=10&statistics=true&sort=-registryPatientNumber' },
    { name: 'patients number=@816', kind: 'list', path: '/patients?limit=10&statistics=true&filter=internalPatientNumber%3D%40816' },
    { name: 'patients insuranceNumber==', kind: 'list', path: `/patients?limit=10&statistics=true&filter=insuranceNumber%3D%3D${encodeURIComponent(ids.insuranceNumber)}` },
    { name: 'patients dob== sort=name', kind: 'list', path: `/patients?limit=10&statistics=true&filter=dob%3D%3D${ids.dob}&sort=name` },
    { name: 'patients gender==female', kind: 'list', path: '/patients?limit=10&statistics=true&filter=gender%3D%3Dfemale' },
    { name: 'patients offset=50000', kind: 'deep', path: '/patients?limit=10&offset=50000&statistics=true' },
    { name: 'approvable', kind: 'list', path: '/forms/approvable?limit=10&statistics=true' },
    { name: 'approvable-count', kind: 'count', path: '/forms/approvable-count' },
    { name: 'correctable', kind: 'list', path: '/forms/correctable?limit=10&statistics=true' },
    { name: 'correctable-count', kind: 'count', path: '/forms/correctable-count' },
    { name: 'status matrix', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true` },
    { name: 'status matrix needsMyAction', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true&filter=needsMyAction%3D%3Dtrue` },
    // The matrix's other sortable and filterable columns, as its grid offers them.
    { name: 'status matrix sort=-displayId', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true&sort=-displayId` },
    { name: 'status matrix sort=instituteShortName', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true&sort=instituteShortName` },
    { name: 'status matrix state==draft', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true&filter=state%3D%3Ddraft` },
    { name: 'status matrix institute', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true&filter=instituteId%3D%3D${ids.instituteId}` },
    { name: 'status matrix displayId=@0112', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true&filter=displayId%3D%400112` },
    { name: 'status matrix displayId=@SZLK', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true&filter=displayId%3D%40SZLK` },
    { name: 'status matrix number=@816', kind: 'list', path: `/registries/${ids.registryId}/status-matrix?limit=25&statistics=true&filter=internalPatientNumber%3D%40816` },
    { name: 'patient attendances', kind: 'list', path: `/patients/${ids.patientId}/attendance_periods` },
    { name: 'period forms', kind: 'list', path: `/attendance_periods/${ids.periodId}/forms` },
    { name: 'dashboard', kind: 'dashboard', path: '/dashboard/registries' },
    { name: 'GET /forms/{id}', kind: 'read', path: `/forms/${ids.formId}` },
    { name: 'GET /attendances/{id}', kind: 'read', path: `/attendances/${ids.attendanceId}` },
  ];
}

export function benchRoles(ids: BenchIds): Role[] {
  return [
    {
      name: 'investigator (SZLK)',
      email: INVESTIGATOR,
      calls: [
        ...sharedCalls(ids),
        { name: 'institute patients sort=name', kind: 'list', path: `/institutes/${ids.instituteId}/patients?limit=10&statistics=true&sort=name` },
        // The institute's biobank page (read_institute_bio_sample through the physician scheme).
        { name: 'institute bio samples', kind: 'list', path: `/institutes/${ids.instituteId}/bio-samples?limit=10&statistics=true` },
        { name: 'institute bio samples state==arrived', kind: 'list', path: `/institutes/${ids.instituteId}/bio-samples?limit=10&statistics=true&state=arrived` },
        { name: 'patient bio samples', kind: 'list', path: `/patients/${ids.patientId}/bio-samples` },
        { name: 'form save', kind: 'save', path: SAVE_PATH },
      ],
    },
    { name: 'monitor (all institutes)', email: MONITOR, calls: sharedCalls(ids) },
    {
      name: 'admin',
      email: ADMIN,
      calls: [
        ...sharedCalls(ids),
        { name: 'users', kind: 'list', path: '/users?limit=10&statistics=true' },
        { name: 'users sort=name', kind: 'list', path: '/users?limit=10&statistics=true&sort=name' },
        { name: 'application log', kind: 'list', path: '/application-log?limit=10&statistics=true&sort=-createdAt' },
        // The central biobank (the admin holds every code): the newest samples, a scanned number, one state.
        { name: 'bio samples', kind: 'list', path: '/bio-samples?limit=10&statistics=true' },
        { name: 'bio samples search=RAB-0123', kind: 'list', path: '/bio-samples?limit=10&statistics=true&search=RAB-0123' },
        { name: 'bio samples state==collected', kind: 'list', path: '/bio-samples?limit=10&statistics=true&state=collected' },
        { name: 'patient bio samples', kind: 'list', path: `/patients/${ids.patientId}/bio-samples` },
        // The jobs lists: everyone's imports for the admin, and their own recent exports.
        { name: 'import jobs', kind: 'list', path: '/data-import/jobs?limit=10&statistics=true' },
        { name: 'export jobs', kind: 'list', path: '/data-export/jobs' },
      ],
    },
  ];
}
