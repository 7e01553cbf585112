// Bio sample calls over the demo biobank, for the biobank admin (biobank@), a reader who holds only
// the read codes at SZLK, and a user of the other institute (DEK): lists, single reads, writes through
// each state, deleting, a patient's samples and the patient's count.
import { brokenCount, verifyAllChains } from '../../../server/audit/auditVerify';
import { TEST_RECORD_KEY } from '../../helpers/serverApp';
import { BIOBANK, INVESTIGATOR, LOCAL_ADMIN, OTHER_INSTITUTE, READER, useBiobankTestServer, validTaj } from './biobankKit';

const world = useBiobankTestServer();
let sampleId: string;
beforeAll(async () => {
  // The localized parent of the demo's aliquots, attached to the baseline form.
  sampleId = (
    await world.server.db.selectFrom('bio_samples').innerJoin('bio_sample_forms', 'bio_sample_forms.bio_sample_id', 'bio_samples.id').select('id').where('state', '=', 'localized').executeTakeFirstOrThrow()
  ).id;
});

const { call } = world;
const newSample = (extra: Record<string, unknown> = {}) => ({
  bioSampleTypeId: world.types.WB,
  registryId: world.raBio,
  patientId: world.patientId,
  sampleCollectedAt: '2026-03-01T08:00:00Z',
  amount: 2,
  ...extra,
});

describe('lists and reads by caller', () => {
  test('the central list: every demo sample in every state for the biobank admin and the SZLK reader; 403 for another institute', async () => {
    for (const who of [BIOBANK, READER]) {
      const answer = await call('GET', '/bio-samples?statistics=true&limit=100', who);
      expect(answer.status).toBe(200);
      expect(answer.body.statistics.total).toBe(6);
      expect(new Set(answer.body.results.map((s: { state: string }) => s.state))).toEqual(new Set(['collected', 'attached', 'arrived', 'localized', 'dispatched']));
    }
    const other = await call('GET', '/bio-samples', OTHER_INSTITUTE);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("You haven't got permission to view this resource");
  });

  test('the institute list and its filters; the other institute is refused', async () => {
    const all = await call('GET', `/institutes/${world.szlk}/bio-samples?statistics=true`, READER);
    expect(all.body.statistics.total).toBe(6);
    const localized = await call('GET', `/institutes/${world.szlk}/bio-samples?state=localized`, READER);
    expect(localized.body.results.map((s: { state: string }) => s.state)).toEqual(['localized', 'localized']);
    const inBox = await call('GET', `/institutes/${world.szlk}/bio-samples?boxId=${world.boxes[0].id}`, READER);
    expect(inBox.body.results).toHaveLength(1);
    const sorted = await call('GET', `/institutes/${world.szlk}/bio-samples?sort=sampleNumber&limit=100`, READER);
    const numbers = sorted.body.results.map((s: { sampleNumber: string }) => s.sampleNumber);
    expect(numbers).toEqual([...numbers].sort());
    // A scanner types a whole sample number: that sample comes first.
    const scanned = await call('GET', `/institutes/${world.szlk}/bio-samples?search=${numbers[3]}`, READER);
    expect(scanned.body.results[0].sampleNumber).toBe(numbers[3]);
    expect((await call('GET', `/institutes/${world.szlk}/bio-samples?collectedFrom=2027-01-01`, READER)).body.results).toEqual([]);
    expect((await call('GET', `/institutes/${world.szlk}/bio-samples`, OTHER_INSTITUTE)).status).toBe(403);
    expect((await call('GET', `/institutes/${world.dek}/bio-samples`, OTHER_INSTITUTE)).body.results).toEqual([]);
  });

  test('one sample: the biobank admin and the reader read it; the other institute gets 404', async () => {
    for (const who of [BIOBANK, READER]) {
      const central = await call('GET', `/bio-samples/${sampleId}`, who);
      expect(central.status).toBe(200);
      expect(central.body.results[0]).toMatchObject({ id: sampleId, state: 'localized', localization: { row: 1, column: 1 }, registry: { id: world.raBio } });
      expect((await call('GET', `/institutes/${world.szlk}/bio-samples/${sampleId}`, who)).status).toBe(200);
      expect((await call('GET', `/bio-samples/${sampleId}/history`, who)).status).toBe(200);
      expect((await call('GET', `/bio-samples/${sampleId}/forms`, who)).body.results).toHaveLength(1);
    }
    for (const url of [`/bio-samples/${sampleId}`, `/institutes/${world.szlk}/bio-samples/${sampleId}`, `/bio-samples/${sampleId}/history`, `/bio-samples/${sampleId}/forms`]) {
      expect((await call('GET', url, OTHER_INSTITUTE)).status).toBe(404);
    }
    // The sample is not of DEK: asked through DEK it does not exist.
    expect((await call('GET', `/institutes/${world.dek}/bio-samples/${sampleId}`, BIOBANK)).status).toBe(404);
  });

  test("a patient's samples and the patient's count", async () => {
    expect((await call('GET', `/patients/${world.patientId}/bio-samples`, READER)).body.results).toHaveLength(6);
    expect((await call('GET', `/patients/${world.patientId}/bio-samples`, OTHER_INSTITUTE)).body.results).toEqual([]);
    const patient = await call('GET', `/patients/${world.patientId}`, INVESTIGATOR);
    expect(patient.body.results[0].bioSampleCount).toBe(6);
  });
});

describe('writes by caller', () => {
  test('creating: central by the biobank admin, institute by a registry physician; the reader and the other institute are refused', async () => {
    const central = await call('POST', '/bio-samples', BIOBANK, newSample());
    expect(central.status).toBe(201);
    expect(central.body.results[0]).toMatchObject({ state: 'collected', institute: { id: world.szlk }, amount: 2, version: 1 });
    expect(central.body.results[0].sampleNumber).toMatch(/^RAB-0000\d\d$/);
    const institute = await call('POST', `/institutes/${world.szlk}/bio-samples`, INVESTIGATOR, newSample());
    expect(institute.status).toBe(201);
    for (const who of [READER, OTHER_INSTITUTE]) {
      expect((await call('POST', '/bio-samples', who, newSample())).status).toBe(403);
      expect((await call('POST', `/institutes/${world.szlk}/bio-samples`, who, newSample())).status).toBe(403);
    }
  });

  test('updating: the biobank admin takes a sample through every state; the reader gets 403, the other institute 404', async () => {
    const created = (await call('POST', '/bio-samples', BIOBANK, newSample())).body.results[0];
    const put = (body: Record<string, unknown>, who = BIOBANK) => call('PUT', `/bio-samples/${created.id}`, who, body);
    expect((await put({ version: 1, notes: 'x' }, READER)).status).toBe(403);
    expect((await put({ version: 1, notes: 'x' }, OTHER_INSTITUTE)).status).toBe(404);
    expect((await call('POST', `/forms/${world.baselineFormId}/attached-bio-samples`, BIOBANK, { sampleId: created.id })).body.results[0].state).toBe('attached');
    const arrived = await put({ version: 2, arrivedToBiobankAt: '2026-03-02T08:00:00Z' });
    expect(arrived.body.results[0].state).toBe('arrived');
    const localized = await put({ version: 3, localization: { boxId: world.boxes[1].id, row: 5, column: 10 } });
    expect(localized.body.results[0]).toMatchObject({ state: 'localized', localization: { boxId: world.boxes[1].id, row: 5, column: 10, box: world.boxes[1].name } });
    const dispatched = await put({ version: 4, dispatchedAt: '2026-03-05T08:00:00Z', dispatchedTo: 'Lab' });
    expect(dispatched.body.results[0]).toMatchObject({ state: 'dispatched', localization: null, dispatchedTo: 'Lab', version: 5 });
    // The institute PUT under update_institute_bio_sample.
    const viaInstitute = await call('PUT', `/institutes/${world.szlk}/bio-samples/${created.id}`, BIOBANK, { version: 5, notes: 'sent' });
    expect(viaInstitute.body.results[0].notes).toBe('sent');
  });

  test('deleting: refused with forms or descendants, else the sample is gone', async () => {
    const attached = await world.server.db.selectFrom('bio_samples').select('id').where('state', '=', 'attached').executeTakeFirstOrThrow();
    const refused = await call('DELETE', `/bio-samples/${attached.id}`, BIOBANK);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Can not delete this bio sample!');
    const parent = (await call('POST', '/bio-samples', BIOBANK, newSample())).body.results[0];
    await call('POST', '/bio-samples', BIOBANK, newSample({ ancestorSampleId: parent.id }));
    expect((await call('DELETE', `/bio-samples/${parent.id}`, BIOBANK)).body.message).toBe('Can not delete this bio sample!');
    const lone = (await call('POST', '/bio-samples', BIOBANK, newSample())).body.results[0];
    expect((await call('DELETE', `/bio-samples/${lone.id}`, READER)).status).toBe(403);
    expect((await call('DELETE', `/bio-samples/${lone.id}`, OTHER_INSTITUTE)).status).toBe(404);
    expect((await call('DELETE', `/bio-samples/${lone.id}`, BIOBANK)).status).toBe(204);
    expect((await call('GET', `/bio-samples/${lone.id}`, BIOBANK)).status).toBe(404);
  });

  test('a patient with samples is not deleted (409); merged into another patient, the samples follow', async () => {
    const patient = (await call('POST', `/institutes/${world.szlk}/patients`, LOCAL_ADMIN, { registryId: world.raBio, name: 'Minta Mária', dob: '1980-01-01', gender: 'female', insuranceNumber: validTaj() })).body.results[0];
    const sample = (await call('POST', `/institutes/${world.szlk}/bio-samples`, LOCAL_ADMIN, newSample({ patientId: patient.id }))).body.results[0];
    const refused = await call('DELETE', `/patient/${patient.id}`, LOCAL_ADMIN);
    expect(refused.status).toBe(409);
    const merged = await call('DELETE', `/patient/${patient.id}?mergeInto=${world.patientId}`, LOCAL_ADMIN);
    expect(merged.status).toBe(204);
    const moved = (await call('GET', `/bio-samples/${sample.id}`, BIOBANK)).body.results[0];
    expect(moved.patient.id).toBe(world.patientId);
    expect(moved.version).toBe(sample.version + 1);
    // The move is in the sample's chain of custody, named by who merged, and the chain still verifies.
    const history = (await call('GET', `/bio-samples/${sample.id}/history`, BIOBANK)).body.results;
    expect(history.at(-1)).toMatchObject({ operation: 'updated', changes: { patient: [patient.internalPatientNumber, moved.patient.internalPatientNumber] } });
    expect(history.at(-1).user.name).toBeTruthy();
    expect(brokenCount(await verifyAllChains(world.server.db, { recordKey: TEST_RECORD_KEY }))).toBe(0);
  });
});
