// A deleted (or destroyed) form lets its samples go in the delete's own transaction: no link, the
// state recomputed, a `detached` custody entry naming the form, and the custody records still verify.
// A refused delete leaves the samples attached, and an attach racing the delete never outlives it.
import { brokenCount, verifyAllChains } from '../../../server/audit/auditVerify';
import { TEST_RECORD_KEY } from '../../helpers/serverApp';
import { newBaseline, versionHeader, type FormRef } from '../clinical/formLifecycleKit';
import { BIOBANK, INVESTIGATOR, MONITOR, useBiobankTestServer } from './biobankKit';

const world = useBiobankTestServer();
const { call } = world;

interface FormWithSamples {
  form: FormRef;
  displayId: string;
  patientId: string;
  samples: string[];
}

/** A new patient's baseline (a draft, or handed in) with `count` samples of the patient attached to it by biobank@. */
async function formWithSamples(submit: boolean, count: number, extra: Record<string, unknown> = {}): Promise<FormWithSamples> {
  const form = await newBaseline(world.server, submit);
  const { patient_id: patientId, display_id: displayId } = await world.server.db
    .selectFrom('forms')
    .innerJoin('attendances', 'attendances.id', 'forms.attendance_id')
    .select(['attendances.patient_id', 'forms.display_id'])
    .where('forms.id', '=', form.id)
    .executeTakeFirstOrThrow();
  const samples: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await call('POST', '/bio-samples', BIOBANK, { bioSampleTypeId: world.types.SER, registryId: world.raBio, patientId, sampleCollectedAt: '2026-03-01T08:00:00Z', ...extra });
    expect(created.status).toBe(201);
    const attached = await call('POST', `/forms/${form.id}/attached-bio-samples`, BIOBANK, { sampleId: created.body.results[0].id });
    expect(attached.status).toBe(200);
    samples.push(created.body.results[0].id);
  }
  return { form, displayId, patientId, samples };
}

const sampleOf = async (id: string) => (await call('GET', `/bio-samples/${id}`, BIOBANK)).body.results[0];
const operationsOf = async (id: string): Promise<{ operation: string; changes: Record<string, unknown>; user: { id: string } }[]> =>
  (await call('GET', `/bio-samples/${id}/history`, BIOBANK)).body.results;

describe('deleting a form with attached samples', () => {
  test('a refused delete leaves the sample attached; the investigator\'s delete detaches it in the same write', async () => {
    const { form, displayId, samples } = await formWithSamples(false, 1);
    const [sampleId] = samples;
    expect(await sampleOf(sampleId)).toMatchObject({ state: 'attached', connectedForms: [{ id: form.id, displayId }] });
    const before = await sampleOf(sampleId);

    const refused = await call('DELETE', `/forms/${form.id}`, MONITOR, undefined, versionHeader(form));
    expect(refused.status).toBe(403);
    expect(await sampleOf(sampleId)).toMatchObject({ state: 'attached', connectedForms: [{ id: form.id }], version: before.version });
    expect((await operationsOf(sampleId)).at(-1)?.operation).toBe('attached');

    const deleted = await call('DELETE', `/forms/${form.id}`, INVESTIGATOR, undefined, versionHeader(form));
    expect(deleted.status).toBe(204);
    // The version moved on: an edit begun before the delete is refused.
    expect(await sampleOf(sampleId)).toMatchObject({ state: 'collected', connectedForms: [], version: before.version + 1 });
    expect((await call('GET', `/bio-samples/${sampleId}/forms`, BIOBANK)).body.results).toEqual([]);
    const history = await operationsOf(sampleId);
    expect(history.map((entry) => entry.operation)).toEqual(['created', 'attached', 'detached']);
    expect(history.at(-1)).toMatchObject({ changes: { form: [displayId, null] }, user: { id: world.server.userId(INVESTIGATOR) } });
    const links = await world.server.db.selectFrom('bio_sample_forms').select('bio_sample_id').where('form_id', '=', form.id).execute();
    expect(links).toEqual([]);
    // The sample can now be deleted (it was refused while attached).
    expect((await call('DELETE', `/bio-samples/${sampleId}`, BIOBANK)).status).toBe(204);
  });

  test('destroying a handed-in form detaches every sample; an arrived one stays arrived; audit:verify finds nothing broken', async () => {
    const arrived = { arrivedToBiobankAt: '2026-03-02T08:00:00Z' };
    const { form, displayId, samples } = await formWithSamples(true, 2, arrived);
    expect((await sampleOf(samples[0])).state).toBe('arrived');
    const destroyed = await call('DELETE', `/forms/${form.id}?destroy=true`, MONITOR, { reason: 'Entered for the wrong patient' }, versionHeader(form));
    expect(destroyed.status).toBe(204);
    for (const id of samples) {
      expect(await sampleOf(id)).toMatchObject({ state: 'arrived', connectedForms: [] });
      expect((await operationsOf(id)).at(-1)).toMatchObject({ operation: 'detached', changes: { form: [displayId, null] }, user: { id: world.server.userId(MONITOR) } });
    }
    const report = await verifyAllChains(world.server.db, { recordKey: TEST_RECORD_KEY });
    expect(report.breaks).toEqual([]);
    expect(brokenCount(report)).toBe(0);
  });

  test('an attach racing a delete never leaves a link to the deleted form', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { form, patientId } = await formWithSamples(false, 0);
      const created = await call('POST', '/bio-samples', BIOBANK, { bioSampleTypeId: world.types.SER, registryId: world.raBio, patientId, sampleCollectedAt: '2026-03-01T08:00:00Z' });
      const sampleId: string = created.body.results[0].id;
      const [attached, deleted] = await Promise.all([
        call('POST', `/forms/${form.id}/attached-bio-samples`, BIOBANK, { sampleId }),
        call('DELETE', `/forms/${form.id}`, INVESTIGATOR, undefined, versionHeader(form)),
      ]);
      expect(deleted.status).toBe(204);
      // The attach either came first (and the delete let the sample go) or found the form gone.
      expect([200, 404]).toContain(attached.status);
      expect(await world.server.db.selectFrom('bio_sample_forms').select('form_id').where('bio_sample_id', '=', sampleId).execute()).toEqual([]);
      expect(await sampleOf(sampleId)).toMatchObject({ state: 'collected', connectedForms: [] });
    }
  });
});
