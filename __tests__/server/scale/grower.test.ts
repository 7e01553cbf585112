// The scale benchmark's grower (bench/scale) at 200 patients over the demo seed: the grown record
// passes the audit verification, the grown forms are in every state with matching approvals, the
// permission scopes see the grown patients of their institutes, the biobank lists show the grown
// samples, and the API reads and saves grown forms as its own.
import { sql } from 'kysely';
import { SEVERITIES, loadDescriptorOrThrow, validateFormValues, type FormValues } from '../../../src/domain/forms';
import { verifyAllChains } from '../../../server/audit/auditVerify';
import { growDatabase, type GrowCounts } from '../../../bench/scale/grow';
import { TEST_RECORD_KEY } from '../../helpers/serverApp';
import { ADMIN, BIOBANK, createClinicalTestServer, INVESTIGATOR, INVESTIGATOR2, MONITOR, type ClinicalTestServer } from '../clinical/clinicalTestKit';

const PATIENTS = 200;
let server: ClinicalTestServer;
let grown: GrowCounts;
let before: { patients: number; forms: number; samples: number; samplePatients: number };

const count = async (query: string): Promise<number> => Number((await sql<{ n: number | string }>`${sql.raw(query)}`.execute(server.db)).rows[0].n);

beforeAll(async () => {
  server = await createClinicalTestServer();
  before = {
    patients: await count('select count(*) as n from patients'),
    forms: await count('select count(*) as n from forms'),
    samples: await count('select count(*) as n from bio_samples'),
    samplePatients: await count('select count(distinct patient_id) as n from bio_samples'),
  };
  grown = await growDatabase(server.db, server.dialect, { patients: PATIENTS, recordKey: TEST_RECORD_KEY, chunk: 70 });
}, 120_000);
afterAll(async () => {
  await server.close();
});

it('grows about 3 attendances, 10 forms and 30 record entries per patient', async () => {
  expect(grown.patients).toBe(PATIENTS);
  expect(await count('select count(*) as n from patients')).toBe(before.patients + PATIENTS);
  expect(await count('select count(*) as n from forms')).toBe(before.forms + grown.forms);
  expect(grown.attendances / PATIENTS).toBeCloseTo(3, 0);
  expect(grown.forms / PATIENTS).toBeGreaterThan(8);
  expect(grown.form_history / grown.forms).toBeGreaterThan(2.5);
});

it('writes a record that the audit verification finds whole, with the MACs', async () => {
  const report = await verifyAllChains(server.db, { recordKey: TEST_RECORD_KEY });
  expect(report.breaks).toEqual([]);
  expect(report.forms).toBe(before.forms + grown.forms);
  expect(report.entries).toBe(await count('select count(*) as n from form_history'));
  expect(report.bioSamples).toBe(before.samples + grown.bio_samples);
  expect(report.bioSampleEntries).toBe(await count('select count(*) as n from bio_sample_history'));
}, 120_000);

it('grows two samples for each RA-BIO patient without any, numbered on from the registry\'s sequence', async () => {
  const raBio = `(select id from registries where short_name = 'RA-BIO')`;
  const patients = await count(`select count(*) as n from patients where registry_id = ${raBio}`);
  expect(grown.bio_samples).toBe(2 * (patients - before.samplePatients));
  expect(await count('select count(*) as n from bio_samples')).toBe(before.samples + grown.bio_samples);
  expect(await count(`select count(*) as n from bio_samples where state = 'arrived'`)).toBeGreaterThanOrEqual(grown.bio_samples / 2);
  // Every patient of a sample is in the sample's registry and institute.
  expect(await count('select count(*) as n from bio_samples s join patients p on p.id = s.patient_id where p.registry_id <> s.registry_id or p.institute_id <> s.institute_id')).toBe(0);
  // The next sample registered through the API takes the number after the last grown one.
  const last = await count(`select max(cast(substr(sample_number, 5) as integer)) as n from bio_samples where registry_id = ${raBio}`);
  const { rows } = await sql<{ patient_id: string; registry_id: string; type_id: string }>`select p.id as patient_id, p.registry_id, t.bio_sample_type_id as type_id
    from patients p inner join bio_sample_type_registries t on t.registry_id = p.registry_id where p.registry_id = ${sql.raw(raBio)} limit 1`.execute(server.db);
  const [{ patient_id: patientId, registry_id: registryId, type_id: bioSampleTypeId }] = rows;
  const created = await server.call('POST', '/bio-samples', BIOBANK, { bioSampleTypeId, registryId, patientId, sampleCollectedAt: '2026-03-01T08:00:00Z' });
  expect(created.status).toBe(201);
  const read = await server.call('GET', `/bio-samples/${created.body.results[0].id}`, BIOBANK);
  expect(read.body.results[0].sampleNumber).toBe(`RAB-${String(last + 1).padStart(6, '0')}`);
});

it('lists the grown samples to whoever may read them: the institute\'s own to its investigator, every one centrally', async () => {
  const institute = await server.db.selectFrom('institutes').select('id').where('short_name', '=', 'SZLK').executeTakeFirstOrThrow();
  const atSzlk = await count(`select count(*) as n from bio_samples where institute_id = '${institute.id}' and deleted_at is null`);
  const central = await server.call('GET', '/bio-samples?limit=5&statistics=true', ADMIN);
  expect(central.status).toBe(200);
  expect(central.body.statistics.total).toBe(await count('select count(*) as n from bio_samples where deleted_at is null'));
  const own = await server.call('GET', `/institutes/${institute.id}/bio-samples?limit=5&statistics=true`, INVESTIGATOR);
  expect(own.status).toBe(200);
  expect(own.body.statistics.total).toBe(atSzlk);
  expect(atSzlk).toBeGreaterThan(PATIENTS / 4);
});

it('gives every grown account an access entry to a registry its institute takes part in', async () => {
  expect(grown.users).toBe(PATIENTS / 20);
  expect(grown.access_entries).toBe(grown.users);
  const entries = await count(`select count(*) as n from access_entries e inner join users u on u.id = e.trustee_user_id
    inner join registry_institutes ri on ri.registry_id = e.registry_id and ri.institute_id = u.institute_id
    where u.email like 'scale.user.%' and e.institute_id = u.institute_id`);
  expect(entries).toBe(grown.users);
});

it('has forms in every state, each with as many approvals as its approval level', async () => {
  const states = await server.db.selectFrom('forms').select(['state', 'approval_level']).select((eb) => eb.fn.countAll<number>().as('n')).groupBy(['state', 'approval_level']).execute();
  const byState = new Map<string, number>();
  for (const row of states) byState.set(row.state, (byState.get(row.state) ?? 0) + Number(row.n));
  expect([...byState.keys()].sort()).toEqual(['await_inspect', 'correct_draft', 'corrected', 'draft', 'final', 'rejected']);
  expect([...byState.values()].reduce((a, b) => a + b, 0)).toBe(before.forms + grown.forms);
  expect(states.filter((row) => row.state === 'final').map((row) => Number(row.approval_level))).toEqual([2]);
  const mismatched = await count(`select count(*) as n from forms f where f.approval_level <> (select count(*) from form_approvals a where a.form_id = f.id)`);
  expect(mismatched).toBe(0);
});

it('shows each investigator the patients of their institute, and the monitor all of them', async () => {
  const total = async (as: string): Promise<number> => (await server.call('GET', '/patients?limit=1&statistics=true', as)).body.statistics.total;
  const ofInstitute = (shortName: string): Promise<number> => count(`select count(*) as n from patients p join institutes i on i.id = p.institute_id where i.short_name = '${shortName}'`);
  expect(await total(MONITOR)).toBe(before.patients + PATIENTS);
  expect(await total(INVESTIGATOR)).toBe(await ofInstitute('SZLK'));
  expect(await total(INVESTIGATOR2)).toBe(await ofInstitute('DEK'));
  expect(await ofInstitute('DEK')).toBeGreaterThan(PATIENTS / 4);
  const correctable = async (as: string): Promise<number> => (await server.call('GET', '/forms/correctable-count', as)).body.results[0].count;
  const rejectedAt = (shortName: string): Promise<number> =>
    count(
      `select count(*) as n from forms f join institutes i on i.id = f.institute_id join attendances a on a.id = f.attendance_id ` +
        `where i.short_name = '${shortName}' and f.state in ('rejected', 'correct_draft') and a.state <> 'disqualified'`,
    );
  expect(await correctable(INVESTIGATOR)).toBe(await rejectedAt('SZLK'));
  expect(await correctable(INVESTIGATOR2)).toBe(await rejectedAt('DEK'));
});

it('leaves the grown names searchable: the trigram index follows its raw inserts and the folded names', async () => {
  const search = async (filter: string): Promise<number> => (await server.call('GET', `/patients?limit=3&statistics=true&sort=name&filter=${encodeURIComponent(filter)}`, ADMIN)).body.statistics.total;
  const nagy = await count(`select count(*) as n from patients where name_folded like '%nagy%'`);
  expect(nagy).toBeGreaterThanOrEqual(PATIENTS / 20);
  expect(await search('name=@Nagy')).toBe(nagy);
  // The same search with a filter the trigram index cannot answer scans the names.
  expect(await search('name=@Nagy,createdAt>=1900-01-01')).toBe(nagy);
});

it('grows values that the descriptors accept, and forms the API reads and saves', async () => {
  const forms = await server.db
    .selectFrom('forms')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .innerJoin('form_descriptors as d', (join) => join.onRef('d.form_type_id', '=', 'forms.form_type_id').onRef('d.version', '=', 'forms.descriptor_version').on('d.locale', '=', 'hu'))
    .select(['forms.id', 'forms.state', 'forms.field_values', 'forms.version', 'forms.institute_id', 'd.document'])
    .where('forms.state', '<>', 'draft')
    .where('forms.display_id', 'like', 'DEK-%')
    .execute();
  expect(forms.length).toBeGreaterThan(100);
  const invalid = forms.filter((form) => {
    const issues = validateFormValues(loadDescriptorOrThrow(JSON.parse(form.document)), JSON.parse(form.field_values) as FormValues);
    return issues.some((issue) => issue.severity === SEVERITIES.error);
  });
  expect(invalid.map((form) => form.id)).toEqual([]);

  const draft = await server.db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .select(['forms.id', 'forms.version'])
    .where('forms.state', '=', 'draft')
    .where('attendances.state', '=', 'open')
    .where('forms.display_id', 'like', 'DEK-RA-BIO-%')
    .orderBy('forms.id', 'desc')
    .executeTakeFirstOrThrow();
  const read = await server.call('GET', `/forms/${draft.id}`, INVESTIGATOR2);
  expect(read.status).toBe(200);
  expect((await server.call('GET', `/forms/${draft.id}`, INVESTIGATOR)).status).toBeGreaterThanOrEqual(403);
  const saved = await server.call('PUT', `/forms/${draft.id}`, INVESTIGATOR2, { values: read.body.results[0].values, submit: false }, { 'x-form-version': String(draft.version) });
  expect(saved.status).toBe(200);
  expect((await verifyAllChains(server.db, { recordKey: TEST_RECORD_KEY })).breaks).toEqual([]);
}, 120_000);
