// GET /bio-sample-patients and GET /bio-samples/{id}/attachable-forms (issue 16): biobank staff find
// the patient they register a sample for and the forms to attach it to, without registry access and
// without seeing personal data.
import { BIOBANK, OTHER_INSTITUTE, READER, useBiobankTestServer } from './biobankKit';

const world = useBiobankTestServer();

type Found = { id: string; internalPatientNumber: string; registry: { id: string }; institute: { id: string }; name: string | null };

async function patientsOf(where: { institute: string; registry?: string }): Promise<{ id: string; internal_patient_number: string; insurance_number: string | null; name: string }[]> {
  let query = world.server.db.selectFrom('patients').select(['id', 'internal_patient_number', 'insurance_number', 'name']).where('institute_id', '=', where.institute);
  if (where.registry) query = query.where('registry_id', '=', where.registry);
  return query.execute();
}

test('biobank@ finds the patients of SZLK and DEK by internal number, with no names', async () => {
  const [szlk] = await patientsOf({ institute: world.szlk, registry: world.raBio });
  const [dek] = await patientsOf({ institute: world.dek, registry: world.raBio });
  for (const patient of [szlk, dek]) {
    const answer = await world.call('GET', `/bio-sample-patients?search=${encodeURIComponent(patient.internal_patient_number.toLowerCase())}`, BIOBANK);
    expect(answer.status).toBe(200);
    const found = (answer.body.results as Found[]).find((p) => p.id === patient.id);
    expect(found).toMatchObject({ internalPatientNumber: patient.internal_patient_number, registry: { id: world.raBio }, name: null });
    expect(JSON.stringify(answer.body)).not.toContain(patient.name);
  }
});

test('a prefix narrows the list; a whole insurance number finds its patient; statistics count them', async () => {
  const all = await world.call('GET', `/bio-sample-patients?registryId=${world.raBio}&limit=1000&statistics=true`, BIOBANK);
  expect(all.status).toBe(200);
  const numbers = (all.body.results as Found[]).map((p) => p.internalPatientNumber);
  expect(all.body.statistics.total).toBe(numbers.length);
  expect(new Set((all.body.results as Found[]).map((p) => p.registry.id))).toEqual(new Set([world.raBio]));
  const prefix = numbers[0].slice(0, numbers[0].length - 1);
  const narrowed = await world.call('GET', `/bio-sample-patients?registryId=${world.raBio}&search=${encodeURIComponent(prefix)}&limit=1000`, BIOBANK);
  expect((narrowed.body.results as Found[]).map((p) => p.internalPatientNumber)).toEqual(numbers.filter((n) => n.startsWith(prefix)));

  const insured = (await patientsOf({ institute: world.szlk })).find((p) => p.insurance_number);
  expect(insured).toBeDefined();
  const byInsurance = await world.call('GET', `/bio-sample-patients?search=${insured?.insurance_number ?? ''}`, BIOBANK);
  expect((byInsurance.body.results as Found[]).map((p) => p.id)).toEqual([insured?.id]);
  expect(JSON.stringify(byInsurance.body)).not.toContain(insured?.name);

  const nothing = await world.call('GET', '/bio-sample-patients?search=%25', BIOBANK);
  expect(nothing.body.results).toEqual([]);
});

test('an institute creator finds only its institute\'s patients, with their names (it reads personal data there)', async () => {
  const answer = await world.call('GET', '/bio-sample-patients?limit=1000', OTHER_INSTITUTE);
  expect(answer.status).toBe(200);
  const found = answer.body.results as Found[];
  expect(found.length).toBeGreaterThan(0);
  expect(new Set(found.map((p) => p.institute.id))).toEqual(new Set([world.dek]));
  const names = new Map((await patientsOf({ institute: world.dek })).map((p) => [p.id, p.name]));
  for (const patient of found) expect(patient.name).toBe(names.get(patient.id));
});

test('a caller without a create bio code is refused; bad paging is a 400', async () => {
  for (const who of [READER, 'mfa@example.org']) {
    const answer = await world.call('GET', '/bio-sample-patients', who);
    expect(answer.status).toBe(403);
    expect(answer.body.results).toBeUndefined();
  }
  const bad = await world.call('GET', '/bio-sample-patients?limit=abc', BIOBANK);
  expect(bad.status).toBe(400);
  expect(bad.body.message).toEqual(expect.any(String));
});

test('biobank@ lists the forms a sample may be attached to; attaching one removes it from the list', async () => {
  const created = await world.call('POST', '/bio-samples', BIOBANK, { bioSampleTypeId: world.types.WB, registryId: world.raBio, patientId: world.patientId, sampleCollectedAt: '2026-03-01T08:00:00Z' });
  expect(created.status).toBe(201);
  const sampleId = created.body.results[0].id as string;
  expect((await world.call('GET', `/patients/${world.patientId}/attendance_periods`, BIOBANK)).status).not.toBe(200);

  const before = await world.call('GET', `/bio-samples/${sampleId}/attachable-forms`, BIOBANK);
  expect(before.status).toBe(200);
  const ids = (before.body.results as { id: string }[]).map((f) => f.id);
  expect(ids).toContain(world.baselineFormId);

  expect((await world.call('POST', `/forms/${world.baselineFormId}/attached-bio-samples`, BIOBANK, { sampleId })).status).toBe(200);
  const after = await world.call('GET', `/bio-samples/${sampleId}/attachable-forms`, BIOBANK);
  expect((after.body.results as { id: string }[]).map((f) => f.id)).toEqual(ids.filter((id) => id !== world.baselineFormId));

  expect((await world.call('GET', `/bio-samples/${sampleId}/attachable-forms`, OTHER_INSTITUTE)).status).toBe(404);
});
