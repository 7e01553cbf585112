// Bio samples for the grown patients of every registry with sample types, so that the biobank's
// lists are measured at scale too (issue 17: "every list call of the product"): two per patient, of
// the registry's first two sample types (by id), one still at the site and one that arrived at the
// biobank, each with the first entry of its custody record, hash-chained and MAC'd as createSample
// writes it (audit:verify checks them). Patients that already have samples (the demo's) are left
// alone, so the step can also be run on a database grown before it existed.
import { sql, type Kysely } from 'kysely';
import { entryHash, GENESIS_HASH } from '../../server/audit/hashChain';
import { anchorFor, entryMac } from '../../server/audit/recordChain';
import { sampleHashedContent, sampleRecord } from '../../server/biobank/bioSampleHistory';
import { deriveState, fieldChanges, type SampleFields } from '../../server/biobank/bioSampleRules';
import type { Database } from '../../server/db/database';
import { BIOBANK_ACCOUNT } from '../../server/seed/demo';
import type { BulkWriter } from './bulkWrite';
import type { IdSource } from './ids';
import { emptyChunk, type ChunkRows } from './rows';

const HOUR_MS = 3_600_000;
const PATIENTS_PER_CHUNK = 2_000;

interface SampleRegistry {
  id: string;
  code: string;
  /** The registry's sample types, the first two used (a registry with one uses it twice). */
  typeIds: string[];
  last: number;
}

interface GrownSample {
  registry: SampleRegistry;
  patient: { id: string; instituteId: string; createdAt: string };
  typeId: string;
  /** Hours after the patient's registration. */
  hours: number;
  amount: number;
  arrived: boolean;
}

async function sampleRegistries(db: Kysely<Database>): Promise<SampleRegistry[]> {
  const rows = await db
    .selectFrom('registries')
    .innerJoin('bio_sample_type_registries as t', 't.registry_id', 'registries.id')
    .leftJoin('bio_sample_sequences as q', 'q.registry_id', 'registries.id')
    .select(['registries.id', 'registries.bio_sample_code', 'registries.short_name', 't.bio_sample_type_id', 'q.last'])
    .orderBy('registries.id')
    .orderBy('t.bio_sample_type_id')
    .execute();
  const byId = new Map<string, SampleRegistry>();
  for (const row of rows) {
    const registry = byId.get(row.id) ?? { id: row.id, code: row.bio_sample_code ?? row.short_name, typeIds: [], last: Number(row.last ?? 0) };
    registry.typeIds.push(row.bio_sample_type_id);
    byId.set(row.id, registry);
  }
  return [...byId.values()];
}

function addSample(rows: ChunkRows, sample: GrownSample, actor: { id: string; name: string }, recordKey: Buffer, ids: IdSource): void {
  const { registry, patient } = sample;
  registry.last += 1;
  const id = ids.next();
  const sampleNumber = `${registry.code}-${String(registry.last).padStart(6, '0')}`;
  const at = new Date(Date.parse(patient.createdAt) + sample.hours * HOUR_MS).toISOString();
  const fields: SampleFields = {
    bio_sample_type_id: sample.typeId,
    sample_collected_at: at,
    legacy_sample_number: null,
    notes: null,
    sample_parameters: {},
    arrived_to_biobank_at: sample.arrived ? new Date(Date.parse(at) + 20 * HOUR_MS).toISOString() : null,
    amount: sample.amount,
    is_virtual: false,
    ancestor_sample_id: null,
    box_id: null,
    box_row: null,
    box_column: null,
    dispatched_at: null,
    dispatched_to: null,
  };
  const entry = {
    sampleId: id,
    position: 1,
    at,
    userId: actor.id,
    userName: actor.name,
    onBehalfOfId: null,
    onBehalfOf: null,
    operation: 'created',
    changes: JSON.parse(JSON.stringify({ sampleNumber: [null, sampleNumber], ...fieldChanges(null, fields) })) as Record<string, [unknown, unknown]>,
  };
  const hash = entryHash(GENESIS_HASH, sampleHashedContent(entry));
  const mac = entryMac(recordKey, sampleRecord(id), 1, hash);
  const anchor = anchorFor(recordKey, sampleRecord(id), 1, mac);
  rows.bio_samples.push([
    id, sampleNumber, deriveState(fields, 0), fields.bio_sample_type_id, registry.id, patient.instituteId, patient.id, fields.sample_collected_at,
    fields.arrived_to_biobank_at, fields.amount, false, 1, at, at, anchor.count, anchor.head, anchor.seal,
  ]);
  rows.bio_sample_history.push([ids.next(), id, 1, at, actor.id, actor.name, null, null, 'created', JSON.stringify(entry.changes), GENESIS_HASH, hash, mac]);
}

/** Adds the samples and their records through `writer`, and moves each registry's number sequence past them; answers the samples added. */
export async function growSamples(db: Kysely<Database>, writer: BulkWriter, recordKey: Buffer, ids: IdSource): Promise<number> {
  const actorRow = await db.selectFrom('users').select(['id', 'name']).where('email', '=', BIOBANK_ACCOUNT).executeTakeFirst();
  if (!actorRow) return 0;
  const actor = { id: actorRow.id, name: actorRow.name };
  let added = 0;
  for (const registry of await sampleRegistries(db)) {
    let after = '';
    for (;;) {
      const patients = await db
        .selectFrom('patients')
        .select(['id', 'institute_id', 'created_at'])
        .where('registry_id', '=', registry.id)
        .where('id', '>', after)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('bio_samples').select(sql`1`.as('one')).whereRef('bio_samples.patient_id', '=', 'patients.id'))))
        .orderBy('id')
        .limit(PATIENTS_PER_CHUNK)
        .execute();
      if (patients.length === 0) break;
      const rows = emptyChunk();
      patients.forEach((row, k) => {
        const patient = { id: row.id, instituteId: row.institute_id, createdAt: row.created_at };
        const typeAt = (i: number): string => registry.typeIds[i % registry.typeIds.length];
        addSample(rows, { registry, patient, typeId: typeAt(0), hours: 2, amount: 4, arrived: false }, actor, recordKey, ids);
        addSample(rows, { registry, patient, typeId: typeAt(1), hours: 3, amount: 250 + (k % 4) * 250, arrived: true }, actor, recordKey, ids);
      });
      await writer.writeChunk(rows);
      added += rows.bio_samples.length;
      after = patients[patients.length - 1].id;
    }
    await db
      .insertInto('bio_sample_sequences')
      .values({ registry_id: registry.id, last: registry.last })
      .onConflict((oc) => oc.column('registry_id').doUpdateSet({ last: registry.last }))
      .execute();
  }
  return added;
}
