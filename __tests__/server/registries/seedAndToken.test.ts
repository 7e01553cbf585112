// The demo registries in the seed (descriptors load, every access entry references existing rows),
// and the reads behind a real Bearer token.
import { loadDescriptorOrThrow } from '../../../src/domain/forms';
import { DEMO_FORMS } from '../../../src/domain/forms/demo';
import { bearer, createAuthTestServer, get, tokenOf, type AuthTestServer } from '../auth/authTestKit';

let server: AuthTestServer;
beforeAll(async () => {
  server = await createAuthTestServer();
});
afterAll(() => server.close());

test('two registries with their institutes, four form types, and descriptors in hu and en that load', async () => {
  const { db } = server;
  const registries = await db.selectFrom('registries').selectAll().orderBy('short_name').execute();
  expect(registries.map((r) => [r.short_name, r.registry_type, Boolean(r.has_inpatient_day), Boolean(r.mandatory_insurance_number)])).toEqual([
    ['NSCLC-1L', 'trial', false, true],
    ['RA-BIO', 'registry', true, true],
  ]);
  const participation = await db
    .selectFrom('registry_institutes')
    .innerJoin('registries', 'registries.id', 'registry_institutes.registry_id')
    .innerJoin('institutes', 'institutes.id', 'registry_institutes.institute_id')
    .select(['registries.short_name as registry', 'institutes.short_name as institute'])
    .orderBy('registries.short_name')
    .orderBy('institutes.short_name')
    .execute();
  expect(participation.map((p) => `${p.registry}@${p.institute}`)).toEqual(['NSCLC-1L@AMK', 'NSCLC-1L@SZLK', 'RA-BIO@DEK', 'RA-BIO@SZLK']);
  const groups = await db.selectFrom('registry_random_groups').select(['name', 'multiplier']).orderBy('position').execute();
  expect(groups.map((g) => [g.name, Number(g.multiplier)])).toEqual([
    ['A: standard', 1],
    ['B: experimental', 1],
  ]);

  const formTypes = await db.selectFrom('form_types').selectAll().orderBy('id').execute();
  expect(formTypes.map((t) => [Number(t.id), t.display_id, t.behavior_type])).toEqual([
    [101, 'RA-BASELINE', 'attendance_start'],
    [102, 'RA-FOLLOWUP', 'any'],
    [103, 'RA-AE', 'any'],
    [201, 'NSCLC-ENROL', 'attendance_start'],
  ]);
  const descriptors = await db.selectFrom('form_descriptors').selectAll().execute();
  expect(descriptors).toHaveLength(DEMO_FORMS.length * 2);
  for (const row of descriptors) {
    const descriptor = loadDescriptorOrThrow(JSON.parse(row.document));
    expect([descriptor.formTypeId, descriptor.version, descriptor.locale]).toEqual([Number(row.form_type_id), Number(row.version), row.locale]);
  }
});

test('every access entry and external field references existing rows', async () => {
  const { db } = server;
  const entries = await db.selectFrom('access_entries').selectAll().execute();
  expect(entries).toHaveLength(11);
  const ids = async (table: 'users' | 'user_groups' | 'registries' | 'institutes'): Promise<Set<string>> =>
    new Set((await db.selectFrom(table).select('id').execute()).map((r) => r.id));
  const [users, groups, registries, institutes] = await Promise.all([ids('users'), ids('user_groups'), ids('registries'), ids('institutes')]);
  const formTypes = new Set((await db.selectFrom('form_types').select('id').execute()).map((r) => Number(r.id)));
  for (const entry of entries) {
    expect(entry.trustee_user_id ? users.has(entry.trustee_user_id) : groups.has(entry.trustee_group_id ?? '')).toBe(true);
    if (entry.registry_id) expect(registries.has(entry.registry_id)).toBe(true);
    if (entry.institute_id) expect(institutes.has(entry.institute_id)).toBe(true);
    if (entry.form_type_id !== null) expect(formTypes.has(Number(entry.form_type_id))).toBe(true);
    if (entry.physician_id) expect(users.has(entry.physician_id)).toBe(true);
  }
  const external = await db.selectFrom('form_type_external_fields').selectAll().execute();
  // PATIENT: the field repeats the patient record (server/forms/patientFields.ts).
  const displayIds = new Set([...(await db.selectFrom('form_types').select('display_id').execute()).map((r) => r.display_id), 'PATIENT']);
  for (const field of external) {
    expect(formTypes.has(Number(field.form_type_id))).toBe(true);
    expect(displayIds.has(field.source_display_id)).toBe(true);
  }
});

test('a signed-in investigator reads through a Bearer token; without one the answer is 401', async () => {
  const token = await tokenOf(server, 'investigator@example.org');
  const response = await get(server, '/api/v1/accessible-registries?sort=shortName', bearer(token));
  expect(response.statusCode).toBe(200);
  expect(response.json().results.map((r: { shortName: string }) => r.shortName)).toEqual(['NSCLC-1L', 'RA-BIO']);
  expect((await get(server, '/api/v1/accessible-registries')).statusCode).toBe(401);
  expect((await get(server, '/api/v1/registry-acl', bearer(token))).statusCode).toBe(403);
});
