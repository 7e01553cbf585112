// The reads of spec §7 that fill a form's header and a new form: form-start data of an existing
// form and of a new form in a period, a patient's external field values, the physicians a caller
// may record for, and single access entries. Happy paths, foreign and unknown ids, no permission,
// personal data masked.
import {
  ADMIN,
  BIOBANK,
  createClinicalTestServer,
  EXPORTER,
  INVESTIGATOR,
  INVESTIGATOR2,
  LOCAL_ADMIN,
  MONITOR,
  NO_ACCESS,
  rheumaBaselineValues,
  validTaj,
  type ClinicalTestServer,
} from './clinicalTestKit';

let server: ClinicalTestServer;
let szlk = '';
let raBio = '';
let me = '';
const types: Record<string, number> = {};
const NAME = 'Próba Anna';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

beforeAll(async () => {
  server = await createClinicalTestServer();
  szlk = server.instituteId('SZLK');
  raBio = server.registryId('RA-BIO');
  me = server.userId(INVESTIGATOR);
  for (const row of await server.db.selectFrom('form_types').select(['id', 'display_id']).execute()) types[row.display_id] = Number(row.id);
});
afterAll(async () => {
  await server.close();
});

const at = '2026-01-01T00:00:00.000Z';
async function grant(email: string, id: string, conditions: { scheme: string; form_type_id?: number; physician_id?: string }): Promise<void> {
  await server.db
    .insertInto('access_entries')
    .values({ id, kind: 'registry', trustee_user_id: server.userId(email), trustee_group_id: null, registry_id: raBio, institute_id: szlk, form_type_id: null, physician_id: null, attach_permission: false, created_at: at, updated_at: at, ...conditions })
    .execute();
}

async function newPatient(): Promise<{ id: string; number: string }> {
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name: NAME, dob: '1970-03-02', gender: 'female', insuranceNumber: validTaj() });
  return { id: patient.body.results[0].id, number: patient.body.results[0].internalPatientNumber };
}

async function startForm(patientId?: string, startDateTime = '2026-02-01T10:00:00Z') {
  const patient = patientId ? { id: patientId, number: '' } : await newPatient();
  const attendance = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patient.id, registryId: raBio, instituteId: szlk, physicianId: me, startDateTime });
  const a = attendance.body.results[0];
  return { patient, attendanceId: a.id as string, displayId: a.displayId as string, formId: a.formId as string, periodId: a.periods[1].id as string, firstPeriodId: a.periods[0].id as string };
}

const call = (url: string, as: string) => server.call('GET', url, as);

describe('GET /forms/{id}/form-start-data', () => {
  it('answers the header with display texts instead of ids', async () => {
    const { patient, attendanceId, displayId, formId } = await startForm();
    const { status, body } = await call(`/forms/${formId}/form-start-data`, INVESTIGATOR);
    expect(status).toBe(200);
    const data = body.results[0];
    expect(data).toMatchObject({
      formTypeId: types['RA-BASELINE'],
      formTypeDisplayId: 'RA-BASELINE',
      registryId: raBio,
      descriptorVersion: 1,
      institute: { id: szlk, shortName: 'SZLK', name: "St. Luke's Hospital", timeZone: 'Europe/Budapest' },
      physicians: [{ id: me, name: 'Dr. Nagy Eszter' }],
      defaultPhysicianId: me,
      headerValues: { patient: patient.id, physician: me, visitStart: '2026-02-01T11:00', visitEnd: null },
      headerLabels: { patient: `${patient.number} · ${NAME}`, physician: 'Dr. Nagy Eszter' },
      patient: { id: patient.id, internalPatientNumber: patient.number, name: NAME },
      physician: { id: me, name: 'Dr. Nagy Eszter' },
      attendance: { id: attendanceId, displayId },
    });
    expect(Object.values(data.headerLabels).some((label) => UUID.test(String(label)))).toBe(false);
    expect(data.permissions).toEqual(expect.arrayContaining(['frm_read', 'frm_edit']));
  });

  it('masks the patient name without personal data access', async () => {
    const { patient, formId } = await startForm();
    for (const as of [EXPORTER, MONITOR]) {
      const { status, body } = await call(`/forms/${formId}/form-start-data`, as);
      expect(status).toBe(200);
      expect(body.results[0].patient).toEqual({ id: patient.id, internalPatientNumber: patient.number, name: null });
      expect(body.results[0].headerLabels.patient).toBe(patient.number);
      expect(JSON.stringify(body)).not.toContain(NAME);
    }
  });

  it('hides foreign and unknown forms (404) and gives a censored form no header values', async () => {
    const { formId } = await startForm();
    expect((await call(`/forms/${formId}/form-start-data`, INVESTIGATOR2)).body).toMatchObject({ statusCode: 404, code: 'not_found', message: 'Error loading form' });
    expect((await call('/forms/nope/form-start-data', INVESTIGATOR)).status).toBe(404);
    expect((await call(`/forms/${formId}/form-start-data`, BIOBANK)).status).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: `/api/v1/forms/${formId}/form-start-data` })).statusCode).toBe(401);
    // An entry limited to the follow-up type sees the baseline censored: ids and names stay out.
    await grant(NO_ACCESS, 'imp-followup', { scheme: 'physician', form_type_id: types['RA-FOLLOWUP'] });
    const censored = await call(`/forms/${formId}/form-start-data`, NO_ACCESS);
    expect(censored.status).toBe(200);
    expect(censored.body.results[0]).toMatchObject({ headerValues: { patient: null, physician: null, visitStart: null, visitEnd: null }, headerLabels: {} });
    expect(censored.body.results[0].patient.name).toBeNull();
    expect(censored.body.results[0].permissions).not.toContain('frm_read');
    expect(JSON.stringify(censored.body)).not.toContain(NAME);
  });
});

describe('GET /attendance-periods/{id}/form-types/{typeId}/form-start-data', () => {
  it('fills the header of a new form from the attendance', async () => {
    const { patient, attendanceId, displayId, periodId } = await startForm();
    await server.call('PATCH', `/attendances/${attendanceId}`, INVESTIGATOR, { endDateTime: '2026-02-01T12:30:00Z' });
    const { status, body } = await call(`/attendance-periods/${periodId}/form-types/${types['RA-FOLLOWUP']}/form-start-data`, LOCAL_ADMIN);
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({
      formTypeDisplayId: 'RA-FOLLOWUP',
      behaviorType: 'any',
      defaultPhysicianId: me,
      physicians: [{ id: me }],
      headerValues: { patient: patient.id, physician: me, visitStart: '2026-02-01T11:00', visitEnd: '2026-02-01T13:30' },
      headerLabels: { patient: `${patient.number} · ${NAME}`, physician: 'Dr. Nagy Eszter' },
      attendance: { id: attendanceId, displayId },
    });
    expect(body.results[0].permissions).toContain('frm_create');
  });

  it('refuses unknown, foreign, other-registry and start types, and callers without frm_create', async () => {
    const { periodId, firstPeriodId } = await startForm();
    const url = (period: string, type: number | string) => `/attendance-periods/${period}/form-types/${type}/form-start-data`;
    expect((await call(url('nope', types['RA-FOLLOWUP']), INVESTIGATOR)).body).toMatchObject({ statusCode: 404, message: 'Attendance not found' });
    expect((await call(url(periodId, types['RA-FOLLOWUP']), INVESTIGATOR2)).body).toMatchObject({ statusCode: 404, message: 'Attendance not found' });
    expect((await call(url(periodId, types['NSCLC-ENROL']), INVESTIGATOR)).body).toMatchObject({ statusCode: 404, message: 'Form type not found' });
    expect((await call(url(periodId, 999999), INVESTIGATOR)).status).toBe(404);
    expect((await call(url(periodId, 'abc'), INVESTIGATOR)).status).toBe(400);
    for (const as of [EXPORTER, MONITOR]) expect((await call(url(periodId, types['RA-FOLLOWUP']), as)).body).toMatchObject({ statusCode: 403, code: 'no_permission' });
    // The baseline is allowed in the first period only, and once per attendance (it has one).
    const start = await call(url(periodId, types['RA-BASELINE']), INVESTIGATOR);
    expect(start.body).toMatchObject({ statusCode: 409, code: 'form_type_not_allowed_in_period', message: 'Error saving form: Baseline visit cannot be added to this period' });
    const second = await call(url(firstPeriodId, types['RA-BASELINE']), INVESTIGATOR);
    expect(second.body).toMatchObject({ statusCode: 409, code: 'form_type_once_per_attendance', message: 'Error saving form: an attendance holds only one Baseline visit form' });
    // Creating one is refused the same way.
    const created = await server.call('POST', `/attendance-periods/${periodId}/forms`, INVESTIGATOR, { formTypeId: types['RA-BASELINE'], values: {}, submit: false });
    expect(created.body).toMatchObject({ statusCode: 409, code: 'form_type_not_allowed_in_period' });
  });
});

describe('GET /patient/{id}/form-types/{typeId}/external-fields', () => {
  const url = (patientId: string, type: number | string) => `/patient/${patientId}/form-types/${type}/external-fields`;
  const valueOf = (body: { results: { targetField: string; value: unknown }[] }, target: string) => body.results.find((r) => r.targetField === target)?.value;

  it('takes the latest final source form, else the latest one', async () => {
    const first = await startForm(undefined, '2026-02-01T10:00:00Z');
    const second = await startForm(first.patient.id, '2026-03-01T10:00:00Z');
    const header = async (formId: string) => (await call(`/forms/${formId}`, INVESTIGATOR)).body.results[0].values;
    await server.call('PUT', `/forms/${first.formId}`, INVESTIGATOR, { values: rheumaBaselineValues(await header(first.formId)), submit: true }, { 'x-form-version': '1' });
    await server.call('PUT', `/forms/${second.formId}`, INVESTIGATOR, { values: { ...(await header(second.formId)), biologicDrug: 'etanercept' }, submit: false }, { 'x-form-version': '1' });

    const latest = await call(url(first.patient.id, types['RA-FOLLOWUP']), INVESTIGATOR);
    expect(latest.status).toBe(200);
    expect(latest.body.results.map((r: { targetField: string }) => r.targetField)).toEqual(['therapyStartDate', 'currentBiologic', 'baselineDas28']);
    expect(latest.body.results[1]).toMatchObject({ sourceDisplayId: 'RA-BASELINE', sourceField: 'biologicDrug', value: 'etanercept', personalDataHidden: false, source: { formId: second.formId, state: 'draft' } });

    // Two monitors: nobody approves two levels of one form (four eyes).
    for (const [level, monitor] of [[1, MONITOR], [2, ADMIN]] as const) await server.call('PUT', `/forms/${first.formId}/approve`, monitor, { level }, { 'x-form-version': String(level + 1) });
    const final = await call(url(first.patient.id, types['RA-FOLLOWUP']), INVESTIGATOR);
    expect(final.body.results[1]).toMatchObject({ value: 'adalimumab', source: { formId: first.formId, state: 'final', attendanceId: first.attendanceId } });
    expect(valueOf(final.body, 'baselineDas28')).toBe(4.6);

    const filtered = await call(`${url(first.patient.id, types['RA-FOLLOWUP'])}?filter=targetField==currentBiologic&statistics=true`, INVESTIGATOR);
    expect(filtered.body).toMatchObject({ results: [{ targetField: 'currentBiologic' }], statistics: { total: 1 } });
  });

  it('answers null values for a patient without source forms, and masks personal fields', async () => {
    const lonely = await newPatient();
    const none = await call(url(lonely.id, types['RA-AE']), INVESTIGATOR);
    expect(none.body.results).toEqual([{ sourceDisplayId: 'RA-BASELINE', sourceField: 'biologicDrug', targetField: 'suspectDrug', value: null, personalDataHidden: false, source: null }]);

    const { patient, formId } = await startForm();
    const header = (await call(`/forms/${formId}`, INVESTIGATOR)).body.results[0].values;
    await server.call('PUT', `/forms/${formId}`, INVESTIGATOR, { values: rheumaBaselineValues(header), submit: false }, { 'x-form-version': '1' });
    await server.db.insertInto('form_type_external_fields').values({ id: 'ae-birth', form_type_id: types['RA-AE'], source_display_id: 'RA-BASELINE', source_field: 'birthDate', target_field: 'patientBirthDate', position: 10 }).execute();
    const own = await call(url(patient.id, types['RA-AE']), INVESTIGATOR);
    expect(valueOf(own.body, 'patientBirthDate')).toBe('1970-03-02');
    for (const as of [EXPORTER, MONITOR]) {
      const masked = await call(url(patient.id, types['RA-AE']), as);
      expect(masked.body.results.find((r: { targetField: string }) => r.targetField === 'patientBirthDate')).toMatchObject({ value: null, personalDataHidden: true, source: { formId } });
      expect(valueOf(masked.body, 'suspectDrug')).toBe('adalimumab');
    }
  });

  it('hides foreign and unknown patients and refuses form types of other registries', async () => {
    const { patient } = await startForm();
    expect((await call(url(patient.id, types['RA-FOLLOWUP']), INVESTIGATOR2)).body).toMatchObject({ statusCode: 404, message: 'Error loading patient' });
    expect((await call(url(patient.id, types['RA-FOLLOWUP']), BIOBANK)).status).toBe(404);
    expect((await call(url('nope', types['RA-FOLLOWUP']), INVESTIGATOR)).status).toBe(404);
    expect((await call(url(patient.id, types['NSCLC-ENROL']), INVESTIGATOR)).body).toMatchObject({ statusCode: 404, message: 'Form type not found' });
    expect((await call(url(patient.id, 999999), INVESTIGATOR)).status).toBe(404);
    expect((await call(url(patient.id, 0), INVESTIGATOR)).status).toBe(400);
    expect((await call(`${url(patient.id, types['RA-FOLLOWUP'])}?sort=nope`, INVESTIGATOR)).status).toBe(400);
  });
});

describe('GET /institutes/{id}/accessible-physicians/{registryId}', () => {
  const url = (institute: string, registry: string) => `/institutes/${institute}/accessible-physicians/${registry}`;
  const ids = (body: { results: { id: string }[] }) => body.results.map((p) => p.id);

  it('lists the physicians the caller may record forms for', async () => {
    const mine = await call(`${url(szlk, raBio)}?statistics=true`, INVESTIGATOR);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ results: [{ id: me, name: 'Dr. Nagy Eszter', email: INVESTIGATOR, displayId: expect.any(String) }], statistics: { total: 1 } });
    expect(ids((await call(url(szlk, raBio), LOCAL_ADMIN)).body)).toEqual([me]);
    expect(ids((await call(url(server.instituteId('DEK'), raBio), ADMIN)).body)).toEqual([server.userId(INVESTIGATOR2)]);
    expect(ids((await call(`${url(szlk, raBio)}?filter=name=@Nobody`, ADMIN)).body)).toEqual([]);
  });

  it('answers an empty list without frm_create there, and follows the physician condition', async () => {
    expect(ids((await call(url(szlk, raBio), MONITOR)).body)).toEqual([]);
    expect(ids((await call(url(szlk, raBio), INVESTIGATOR2)).body)).toEqual([]);
    expect(ids((await call(url(server.instituteId('DEK'), raBio), INVESTIGATOR)).body)).toEqual([]);
    await grant(BIOBANK, 'bio-other-doctor', { scheme: 'uploader', physician_id: server.userId(INVESTIGATOR2) });
    expect(ids((await call(url(szlk, raBio), BIOBANK)).body)).toEqual([]);
    await server.db.updateTable('access_entries').set({ physician_id: me }).where('id', '=', 'bio-other-doctor').execute();
    expect(ids((await call(url(szlk, raBio), BIOBANK)).body)).toEqual([me]);
  });

  it('refuses unknown ids (404) and an institute outside the registry (403)', async () => {
    expect((await call(url('nope', raBio), ADMIN)).body).toMatchObject({ statusCode: 404, message: 'Institute not found' });
    expect((await call(url(szlk, 'nope'), ADMIN)).body).toMatchObject({ statusCode: 404, message: 'Registry not found' });
    expect((await call(url(server.instituteId('AMK'), raBio), ADMIN)).body).toMatchObject({ statusCode: 403, code: 'institute_not_in_registry' });
    expect((await server.app.inject({ method: 'GET', url: `/api/v1${url(szlk, raBio)}` })).statusCode).toBe(401);
  });
});

describe('GET /registry-acl/{id} and /biobank-acl/{id}', () => {
  it('answers one entry of its own kind to admins only', async () => {
    const registryEntry = (await call('/registry-acl?limit=1', ADMIN)).body.results[0];
    const biobankEntry = (await call('/biobank-acl?limit=1', ADMIN)).body.results[0];
    expect((await call(`/biobank-acl/${biobankEntry.id}`, ADMIN)).body.results).toEqual([biobankEntry]);
    expect((await call(`/biobank-acl/${registryEntry.id}`, ADMIN)).body).toMatchObject({ statusCode: 404, message: 'Access entry not found' });
    expect((await call('/biobank-acl/nope', ADMIN)).status).toBe(404);
    expect((await call(`/registry-acl/${registryEntry.id}`, ADMIN)).body.results).toEqual([registryEntry]);
    for (const as of [INVESTIGATOR, MONITOR]) expect((await call(`/biobank-acl/${biobankEntry.id}`, as)).status).toBe(403);
  });
});
