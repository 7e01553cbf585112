// New form versions (issue 13 item 4): an uploaded descriptor or a REDCap data dictionary becomes
// the next version of a form type; new forms use it, existing forms keep theirs; bad input is a
// 400 naming the path and writes nothing; only administrators may write.
import { findFormType } from '../../../server/formTypes/formTypes.repository';
import { checkNewVersion, storeNewVersion } from '../../../server/formTypes/formVersions';
import { REDCAP_DICTIONARY } from '../../domain/forms/redcapDictionary';
import { createClinicalTestServer, ADMIN, INVESTIGATOR, INVESTIGATOR2, LOCAL_ADMIN, MONITOR, validTaj, type Answer, type ClinicalTestServer } from '../clinical/clinicalTestKit';

type Json = Record<string, unknown>;
let server: ClinicalTestServer;
const types: Record<string, number> = {};
beforeAll(async () => {
  server = await createClinicalTestServer();
  for (const row of await server.db.selectFrom('form_types').select(['id', 'display_id']).execute()) types[row.display_id] = Number(row.id);
  // Seeding PostgreSQL beside other suites on a busy machine can take longer than the default 5 s.
}, 30_000);
afterAll(() => server.close());

const lastVersion = async (displayId: string): Promise<number> =>
  Number((await server.db.selectFrom('form_types').select('last_version').where('id', '=', types[displayId]).executeTakeFirstOrThrow()).last_version);
const descriptorRows = async (displayId: string): Promise<number> =>
  (await server.db.selectFrom('form_descriptors').select('version').where('form_type_id', '=', types[displayId]).execute()).length;
const latest = async (displayId: string, locale: 'hu' | 'en'): Promise<Json> =>
  (await server.call('GET', `/form-types/${types[displayId]}/form-descriptors/latest?locale=${locale}`, ADMIN)).body.results[0];

/** The latest document of a type with one more text field in its first section. */
async function withExtraField(displayId: string, locale: 'hu' | 'en', id: string): Promise<Json> {
  const document = structuredClone(await latest(displayId, locale)) as { form: { sections: { fields: Json[] }[] }; labels: Record<string, string> };
  document.form.sections[0].fields.push({ id, type: 'text', maxLength: 40 });
  document.labels[id] = locale === 'en' ? 'Reference number' : 'Hivatkozási szám';
  return document as unknown as Json;
}

async function startAttendance(): Promise<{ id: string; periods: { id: string }[] }> {
  const szlk = server.instituteId('SZLK');
  const raBio = server.registryId('RA-BIO');
  const patient = await server.call('POST', `/institutes/${szlk}/patients`, INVESTIGATOR, { registryId: raBio, name: 'Verzió Vera', dob: '1970-01-01', gender: 'female', insuranceNumber: validTaj() });
  const started = await server.call('POST', '/attendances', INVESTIGATOR, { patientId: patient.body.results[0].id, registryId: raBio, instituteId: szlk, physicianId: server.userId(INVESTIGATOR), startDateTime: '2026-03-01T08:00:00Z' });
  expect(started.status).toBe(201);
  return started.body.results[0];
}
const addAdverseEvent = (periodId: string): Promise<Answer> =>
  server.call('POST', `/attendance-periods/${periodId}/forms`, INVESTIGATOR, { formTypeId: types['RA-AE'], values: {}, submit: false });

describe('GET /form-types/{id}/form-descriptors', () => {
  test('the versions with their locales, for whoever sees the type', async () => {
    const answer = await server.call('GET', `/form-types/${types['RA-BASELINE']}/form-descriptors`, INVESTIGATOR);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([{ version: 1, locales: ['en', 'hu'], createdAt: expect.any(String) }]);
    expect((await server.call('GET', `/form-types/${types['NSCLC-ENROL']}/form-descriptors`, INVESTIGATOR2)).status).toBe(403);
    expect((await server.call('GET', '/form-types/999/form-descriptors', ADMIN)).status).toBe(404);
  });
});

describe('POST /form-types/{id}/form-descriptors', () => {
  test('a new version is used by new forms while an existing form keeps its own', async () => {
    const attendance = await startAttendance();
    const before = await addAdverseEvent(attendance.periods[0].id);
    expect(before.body.results[0]).toMatchObject({ descriptorVersion: 1 });

    const documents = [await withExtraField('RA-AE', 'en', 'reference'), await withExtraField('RA-AE', 'hu', 'reference')];
    const answer = await server.call('POST', `/form-types/${types['RA-AE']}/form-descriptors`, ADMIN, { descriptors: documents });
    expect(answer.status).toBe(201);
    expect(answer.body.results[0]).toMatchObject({ displayId: 'RA-AE', lastVersion: 2 });
    const event = await server.db.selectFrom('application_log').selectAll().where('event', '=', 'formType.versionAdded').where('target_id', '=', String(types['RA-AE'])).executeTakeFirst();
    expect(event).toMatchObject({ target_name: 'RA-AE', user_id: server.userId(ADMIN) });
    const en = await latest('RA-AE', 'en');
    expect(en).toMatchObject({ version: 2, formTypeId: types['RA-AE'], locale: 'en' });
    expect((en.labels as Json).reference).toBe('Reference number');
    expect(((await latest('RA-AE', 'hu')).labels as Json).reference).toBe('Hivatkozási szám');

    const after = await addAdverseEvent(attendance.periods[0].id);
    expect(after.body.results[0]).toMatchObject({ descriptorVersion: 2 });
    const old = await server.call('GET', `/forms/${before.body.results[0].id}`, INVESTIGATOR);
    expect(old.body.results[0]).toMatchObject({ descriptorVersion: 1 });
    // The old form still validates and saves against version 1, which knows no "reference".
    const saved = await server.call('PUT', `/forms/${before.body.results[0].id}`, INVESTIGATOR, { values: { reference: 'x' } }, { 'x-form-version': String(old.body.results[0].version) });
    expect(saved.status).toBe(400);
  });

  test('one document serves every locale of the type', async () => {
    const answer = await server.call('POST', `/form-types/${types['RA-FOLLOWUP']}/form-descriptors`, ADMIN, { descriptors: [await withExtraField('RA-FOLLOWUP', 'en', 'note2')] });
    expect(answer.status).toBe(201);
    expect(await latest('RA-FOLLOWUP', 'hu')).toMatchObject({ version: 2, locale: 'hu', labels: expect.objectContaining({ note2: 'Reference number' }) });
  });

  test.each([
    ['a bad field property', (d: Json): void => void ((d.form as { sections: { fields: Json[] }[] }).sections[0].fields[0].mandatory = 'yes'), 'descriptors[0].form.sections[0].fields[0].mandatory'],
    ['an unknown locale', (d: Json): void => void (d.locale = 'de'), 'descriptors[0].locale'],
    [
      'a header without the start field',
      (d: Json): void => {
        d.commonDataFields = (d.commonDataFields as Json[]).filter((f) => f.role !== 'startDatetime' && f.role !== 'endDatetime');
        delete d.fieldOrders;
        delete d.fieldSections;
      },
      'descriptors[0].commonDataFields',
    ],
    ['no sections', (d: Json): void => void delete d.sections, 'descriptors[0].sections'],
  ])('%s: 400 naming the path, nothing written', async (_name, spoil, path) => {
    const document = structuredClone(await latest('RA-BASELINE', 'en'));
    spoil(document);
    const [version, rows] = [await lastVersion('RA-BASELINE'), await descriptorRows('RA-BASELINE')];
    const answer = await server.call('POST', `/form-types/${types['RA-BASELINE']}/form-descriptors`, ADMIN, { descriptors: [document] });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_descriptor', statusCode: 400 });
    expect(answer.body.message).toContain(path);
    expect(answer.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect([await lastVersion('RA-BASELINE'), await descriptorRows('RA-BASELINE')]).toEqual([version, rows]);
  });

  test('an upload racing another for the same version is a 409 and writes nothing', async () => {
    const stale = await findFormType(server.db, types['RA-AE'], 'en');
    if (!stale) throw new Error('no RA-AE');
    const documents = checkNewVersion(stale, [await withExtraField('RA-AE', 'en', 'raceA')]);
    const won = await server.call('POST', `/form-types/${types['RA-AE']}/form-descriptors`, ADMIN, { descriptors: [await withExtraField('RA-AE', 'en', 'raceB')] });
    expect(won.status).toBe(201);
    const rows = await descriptorRows('RA-AE');
    const author = { actor: { userId: null, userName: 'test' }, reqId: 'r', source: 'descriptor' } as const;
    await expect(storeNewVersion(server.db, stale, documents, author)).rejects.toMatchObject({ statusCode: 409, code: 'version_conflict' });
    expect(await descriptorRows('RA-AE')).toBe(rows);
  });

  test('a body that is not a list of descriptors is a 400; an unknown type 404', async () => {
    for (const body of [{}, { descriptors: [] }, { descriptors: ['x'] }, { descriptors: [{}, {}, {}] }]) {
      expect((await server.call('POST', `/form-types/${types['RA-BASELINE']}/form-descriptors`, ADMIN, body)).status).toBe(400);
    }
    expect((await server.call('POST', '/form-types/999/form-descriptors', ADMIN, { descriptors: [{}] })).status).toBe(404);
  });

  test.each([INVESTIGATOR, LOCAL_ADMIN, MONITOR])('%s may not add a version', async (caller) => {
    const version = await lastVersion('RA-BASELINE');
    const answer = await server.call('POST', `/form-types/${types['RA-BASELINE']}/form-descriptors`, caller, { descriptors: [await latest('RA-BASELINE', 'en')] });
    expect(answer.status).toBe(403);
    expect(await lastVersion('RA-BASELINE')).toBe(version);
  });
});

describe('POST /form-types/{id}/redcap-import', () => {
  const url = (): string => `/form-types/${types['NSCLC-ENROL']}/redcap-import`;

  test('a preview answers the descriptor and the report and writes nothing; confirm saves it', async () => {
    const rows = await descriptorRows('NSCLC-ENROL');
    const preview = await server.call('POST', url(), ADMIN, { csv: REDCAP_DICTIONARY });
    expect(preview.status).toBe(200);
    const result = preview.body.results[0];
    expect(result).toMatchObject({ version: 2, saved: false });
    expect(result.report.map((r: { variable: string }) => r.variable)).toEqual(['record_id', 'visit_date', 'age', 'query', 'phone']);
    // The type's own header stays: its patient, physician and start fields.
    expect(result.descriptor.commonDataFields.map((f: Json) => f.role)).toEqual(expect.arrayContaining(['patient', 'physician', 'startDatetime']));
    expect(result.descriptor).toMatchObject({ formTypeId: types['NSCLC-ENROL'], displayId: 'NSCLC-ENROL', behaviorType: 'attendance_start' });
    expect([await lastVersion('NSCLC-ENROL'), await descriptorRows('NSCLC-ENROL')]).toEqual([1, rows]);

    const saved = await server.call('POST', url(), ADMIN, { csv: REDCAP_DICTIONARY, confirm: true });
    expect(saved.status).toBe(201);
    expect(saved.body.results[0]).toMatchObject({ version: 2, saved: true });
    expect(await lastVersion('NSCLC-ENROL')).toBe(2);
    const stored = await server.call('GET', `/form-types/${types['NSCLC-ENROL']}/form-descriptors/2?locale=hu`, ADMIN);
    expect(stored.body.results[0]).toMatchObject({ version: 2, locale: 'hu', labels: expect.objectContaining({ bmi: 'BMI' }) });
  });

  test.each([
    ['not a data dictionary', 'name,age\nAnna,3', 'invalid_dictionary', 'csv.header'],
    ['an unterminated quote', 'Variable / Field Name,Form Name,Field Type,Field Label\nrecord_id,"f', 'invalid_dictionary', 'csv.line[2]'],
  ])('%s: 400 naming the problem, nothing written', async (_name, csv, code, path) => {
    const version = await lastVersion('RA-BASELINE');
    const answer = await server.call('POST', `/form-types/${types['RA-BASELINE']}/redcap-import`, ADMIN, { csv, confirm: true });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code, errors: [expect.objectContaining({ path })] });
    expect(answer.body.message).toContain(path);
    expect(await lastVersion('RA-BASELINE')).toBe(version);
  });

  test.each([INVESTIGATOR, LOCAL_ADMIN])('%s may neither preview nor import', async (caller) => {
    expect((await server.call('POST', url(), caller, { csv: REDCAP_DICTIONARY })).status).toBe(403);
    expect((await server.call('POST', url(), caller, { csv: REDCAP_DICTIONARY, confirm: true })).status).toBe(403);
  });
});
