// Form-type reads: lists per registry, one type, attendance start, descriptors, registry,
// external fields and form-start data.
import {
  ADMIN,
  createRegistryTestServer,
  EN,
  IMPORTER,
  INVESTIGATOR,
  INVESTIGATOR2,
  LOCAL_ADMIN,
  MONITOR,
  NO_ACCESS,
  type RegistryTestServer,
} from './registryTestKit';

let server: RegistryTestServer;
beforeAll(async () => {
  server = await createRegistryTestServer();
});
afterAll(() => server.close());

const displayIds = (body: { results: { displayId: string }[] }): string[] => body.results.map((r) => r.displayId);

describe('GET /registries/{id}/form-types', () => {
  test('in display order, with every field', async () => {
    const { status, body } = await server.get(`/registries/${server.registryId('RA-BIO')}/form-types?statistics=true`, INVESTIGATOR, EN);
    expect(status).toBe(200);
    expect(displayIds(body)).toEqual(['RA-BASELINE', 'RA-FOLLOWUP', 'RA-AE']);
    expect(body.statistics).toEqual({ total: 3 });
    expect(body.results[0]).toMatchObject({
      id: 101,
      registryId: server.registryId('RA-BIO'),
      name: 'Baseline visit',
      nameHu: 'Kiindulási vizit',
      shortName: 'Baseline',
      locales: ['hu', 'en'],
      behaviorType: 'attendance_start',
      startDatetimeFieldId: 'visitStart',
      endDatetimeFieldId: 'visitEnd',
      patientNameFieldId: 'patient',
      lastVersion: 1,
      externalFields: [
        { sourceDisplayId: 'PATIENT', sourceField: 'dob', targetField: 'birthDate' },
        { sourceDisplayId: 'PATIENT', sourceField: 'gender', targetField: 'sex' },
      ],
    });
    expect(body.results[1].externalFields).toContainEqual({ sourceDisplayId: 'RA-BASELINE', sourceField: 'das28esr', targetField: 'baselineDas28' });
  });

  test('filter, sort and paging; unknown fields 400', async () => {
    const base = `/registries/${server.registryId('RA-BIO')}/form-types`;
    expect(displayIds((await server.get(`${base}?filter=behaviorType==any&sort=-displayId`, ADMIN)).body)).toEqual(['RA-FOLLOWUP', 'RA-AE']);
    expect(displayIds((await server.get(`${base}?sort=shortName&limit=1&offset=1`, ADMIN, EN)).body)).toEqual(['RA-BASELINE']);
    expect((await server.get(`${base}?filter=registryId==x`, ADMIN)).status).toBe(400);
  });

  test('unknown registry 404, foreign registry 403', async () => {
    expect((await server.get('/registries/nope/form-types', ADMIN)).status).toBe(404);
    expect((await server.get(`/registries/${server.registryId('NSCLC-1L')}/form-types`, INVESTIGATOR2)).status).toBe(403);
  });
});

describe('GET /form-types/{id}', () => {
  test('one form type; unknown 404; foreign 403; a bad id 400', async () => {
    const { status, body } = await server.get('/form-types/201', INVESTIGATOR, EN);
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({ id: 201, displayId: 'NSCLC-ENROL', name: 'Trial enrolment', behaviorType: 'attendance_start', endDatetimeFieldId: null });
    expect((await server.get('/form-types/999', ADMIN, EN)).body).toMatchObject({ statusCode: 404, message: 'Form type not found' });
    expect((await server.get('/form-types/201', INVESTIGATOR2)).status).toBe(403);
    expect((await server.get('/form-types/201', IMPORTER)).status).toBe(403);
    expect((await server.get('/form-types/101', NO_ACCESS)).status).toBe(403);
    expect((await server.get('/form-types/abc', ADMIN)).status).toBe(400);
    expect((await server.get('/form-types/99999999999', ADMIN)).status).toBe(400);
  });
});

describe('GET /form-types/attendance-start/{registryId}', () => {
  test('only the attendance-start types', async () => {
    expect(displayIds((await server.get(`/form-types/attendance-start/${server.registryId('RA-BIO')}`, INVESTIGATOR)).body)).toEqual(['RA-BASELINE']);
    expect(displayIds((await server.get(`/form-types/attendance-start/${server.registryId('NSCLC-1L')}`, INVESTIGATOR)).body)).toEqual(['NSCLC-ENROL']);
    expect((await server.get('/form-types/attendance-start/nope', INVESTIGATOR)).status).toBe(404);
    expect((await server.get(`/form-types/attendance-start/${server.registryId('NSCLC-1L')}`, INVESTIGATOR2)).status).toBe(403);
  });
});

describe('GET /form-types/{typeId}/form-descriptors/{version}', () => {
  test('by Accept-Language, by ?locale, and latest', async () => {
    const hu = await server.get('/form-types/101/form-descriptors/1', INVESTIGATOR);
    expect(hu.status).toBe(200);
    expect(hu.body.results[0]).toMatchObject({ formTypeId: 101, version: 1, locale: 'hu', displayId: 'RA-BASELINE', personalDataFields: ['birthDate'] });
    expect(hu.body.results[0].labels.visitStart).toBe('Vizit kezdete');
    const en = await server.get('/form-types/101/form-descriptors/1', INVESTIGATOR, EN);
    expect(en.body.results[0]).toMatchObject({ locale: 'en' });
    expect(en.body.results[0].labels.visitStart).toBe('Visit start');
    expect((await server.get('/form-types/101/form-descriptors/1?locale=hu', INVESTIGATOR, EN)).body.results[0].locale).toBe('hu');
    const latest = await server.get('/form-types/201/form-descriptors/latest', INVESTIGATOR, EN);
    expect(latest.body.results[0]).toMatchObject({ formTypeId: 201, version: 1, locale: 'en' });
    expect(latest.body.results[0].commonDataFields.map((f: { id: string }) => f.id)).toContain('screeningNumber');
  });

  test('unknown version or type 404, bad version or locale 400, foreign 403', async () => {
    expect((await server.get('/form-types/101/form-descriptors/2', INVESTIGATOR, EN)).body).toMatchObject({ statusCode: 404, message: 'Form descriptor not found' });
    expect((await server.get('/form-types/777/form-descriptors/1', INVESTIGATOR)).status).toBe(404);
    expect((await server.get('/form-types/101/form-descriptors/0', INVESTIGATOR)).status).toBe(400);
    expect((await server.get('/form-types/101/form-descriptors/x1', INVESTIGATOR)).status).toBe(400);
    expect((await server.get('/form-types/101/form-descriptors/1?locale=de', INVESTIGATOR)).status).toBe(400);
    expect((await server.get('/form-types/201/form-descriptors/1', INVESTIGATOR2)).status).toBe(403);
  });
});

describe('GET /form-types/{id}/registry and /external-fields', () => {
  test('the registry of a form type', async () => {
    const { body } = await server.get('/form-types/103/registry', INVESTIGATOR2);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ id: server.registryId('RA-BIO'), shortName: 'RA-BIO' });
    expect((await server.get('/form-types/201/registry', INVESTIGATOR2)).status).toBe(403);
    expect((await server.get('/form-types/555/registry', ADMIN)).status).toBe(404);
  });

  test('external fields as a list', async () => {
    const { body } = await server.get('/form-types/102/external-fields?statistics=true', INVESTIGATOR);
    expect(body.statistics).toEqual({ total: 3 });
    expect(body.results[0]).toEqual({ sourceDisplayId: 'RA-BASELINE', sourceField: 'biologicStartDate', targetField: 'therapyStartDate' });
    const filtered = await server.get('/form-types/102/external-fields?filter=targetField==currentBiologic', INVESTIGATOR);
    expect(filtered.body.results).toEqual([{ sourceDisplayId: 'RA-BASELINE', sourceField: 'biologicDrug', targetField: 'currentBiologic' }]);
    expect((await server.get('/form-types/101/external-fields', INVESTIGATOR)).body.results.map((f: { sourceDisplayId: string }) => f.sourceDisplayId)).toEqual(['PATIENT', 'PATIENT']);
    expect((await server.get('/form-types/102/external-fields?sort=nope', INVESTIGATOR)).status).toBe(400);
    expect((await server.get('/form-types/201/external-fields', INVESTIGATOR2)).status).toBe(403);
  });
});

describe('GET /institutes/{id}/form-types/{typeId}/form-start-data', () => {
  test('an investigator starts a baseline at her institute as its physician', async () => {
    const institute = server.instituteId('SZLK');
    const { status, body } = await server.get(`/institutes/${institute}/form-types/101/form-start-data`, INVESTIGATOR, EN);
    expect(status).toBe(200);
    const me = server.userId(INVESTIGATOR);
    expect(body.results[0]).toMatchObject({
      formTypeId: 101,
      formTypeDisplayId: 'RA-BASELINE',
      registryId: server.registryId('RA-BIO'),
      behaviorType: 'attendance_start',
      descriptorVersion: 1,
      locale: 'en',
      institute: { id: institute, name: "St. Luke's Hospital", shortName: 'SZLK', timeZone: 'Europe/Budapest' },
      physicians: [{ id: me, name: 'Dr. Nagy Eszter', displayId: expect.any(String) }],
      defaultPhysicianId: me,
      headerValues: { patient: null, physician: me, visitStart: null, visitEnd: null },
      startDatetimeFieldId: 'visitStart',
    });
    expect(body.results[0].permissions).toEqual(expect.arrayContaining(['frm_create', 'frm_read', 'frm_edit']));
  });

  test('the local administrator records for the institute physicians', async () => {
    const { body } = await server.get(`/institutes/${server.instituteId('SZLK')}/form-types/102/form-start-data`, LOCAL_ADMIN);
    expect(body.results[0].physicians.map((p: { id: string }) => p.id)).toEqual([server.userId(INVESTIGATOR)]);
    expect(body.results[0].defaultPhysicianId).toBe(server.userId(INVESTIGATOR));
  });

  test('refusals: foreign institute, no create right, institute outside the registry, unknown ids', async () => {
    const szlk = server.instituteId('SZLK');
    expect((await server.get(`/institutes/${szlk}/form-types/101/form-start-data`, INVESTIGATOR2)).status).toBe(403);
    expect((await server.get(`/institutes/${szlk}/form-types/101/form-start-data`, MONITOR)).status).toBe(403);
    const outside = await server.get(`/institutes/${server.instituteId('AMK')}/form-types/101/form-start-data`, ADMIN, EN);
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe('institute_not_in_registry');
    expect((await server.get('/institutes/nope/form-types/101/form-start-data', ADMIN, EN)).body).toMatchObject({ statusCode: 404, message: 'Institute not found' });
    expect((await server.get(`/institutes/${szlk}/form-types/404/form-start-data`, ADMIN)).status).toBe(404);
  });
});
