// Checkpoints cover the bio samples' custody records as they cover forms: a sample's chain rewritten
// with the key (re-MACed, re-anchored) or a sample row gone since is reported against the checkpoint,
// a sample written after it still extends it, and a checkpoint written before samples were covered
// (no 'bio_sample' heads) still verifies.
import { join } from 'node:path';
import { sql } from 'kysely';
import { brokenCount, formatReport, verifyAllChains, type AuditReport, type CheckpointInput } from '../../../server/audit/auditVerify';
import { headsDigest, readCheckpoint, writeCheckpoint, type Checkpoint } from '../../../server/audit/checkpoint';
import { entryHash, GENESIS_HASH } from '../../../server/audit/hashChain';
import { anchorFor, checkpointMac, entryMac } from '../../../server/audit/recordChain';
import { appendSampleHistory, sampleHashedContent, sampleHistory, sampleRecord } from '../../../server/biobank/bioSampleHistory';
import { createTestServer, TEST_RECORD_KEY, type TestServer } from '../../helpers/serverApp';

let server: TestServer;
let samples: string[];
let input: CheckpointInput;

beforeAll(async () => {
  server = await createTestServer({ seed: true });
  samples = (await server.db.selectFrom('bio_samples').select('id').orderBy('id').execute()).map((row) => row.id);
  const written = await writeCheckpoint({ db: server.db, recordKey: TEST_RECORD_KEY, dir: join(server.workDir, 'checkpoints') });
  input = { file: written.file as string, checkpoint: readCheckpoint(written.file as string) };
}, 60_000);
afterAll(async () => server.close());

const verify = (checkpoints: CheckpointInput[]): Promise<AuditReport> => verifyAllChains(server.db, { recordKey: TEST_RECORD_KEY, checkpoints });
const sampleBreaks = (report: AuditReport, id: string) => report.breaks.filter((b) => b.record === 'bio_sample' && b.formId === id);

/** The attacker holding the key: the sample's custody chain rewritten (first entry's user renamed), re-MACed and re-anchored. */
async function rewriteSampleChain(sampleId: string): Promise<void> {
  let previousHash = GENESIS_HASH;
  let mac = '';
  const entries = await sampleHistory(server.db, sampleId);
  for (const original of entries) {
    const entry = original.position === 1 ? { ...original, userName: 'Somebody Else' } : original;
    const hash = entryHash(previousHash, sampleHashedContent(entry));
    mac = entryMac(TEST_RECORD_KEY, sampleRecord(sampleId), entry.position, hash);
    await sql`update bio_sample_history set user_name = ${entry.userName}, previous_hash = ${previousHash}, hash = ${hash}, mac = ${mac} where id = ${entry.id}`.execute(server.db);
    previousHash = hash;
  }
  const anchor = anchorFor(TEST_RECORD_KEY, sampleRecord(sampleId), entries.length, mac);
  await sql`update bio_samples set record_count = ${anchor.count}, record_head = ${anchor.head}, record_seal = ${anchor.seal} where id = ${sampleId}`.execute(server.db);
}

test('a checkpoint holds the head of every sample record, and the untouched database verifies against it', async () => {
  expect(samples.length).toBeGreaterThanOrEqual(3);
  const rows = await server.db.selectFrom('bio_samples').select(['id', 'record_count', 'record_head']).execute();
  expect(input.checkpoint.heads.bio_sample).toEqual(Object.fromEntries(rows.map((row) => [row.id, [Number(row.record_count), row.record_head]])));
  const report = await verify([input]);
  expect(report.checkpointBreaks).toEqual([]);
  expect(brokenCount(report)).toBe(0);
});

test('a checkpoint written before samples were covered (no sample heads) still verifies', async () => {
  const { bio_sample: _samples, ...formHeads } = input.checkpoint.heads;
  const digest = headsDigest(formHeads);
  const old: Checkpoint = { version: 1, at: input.checkpoint.at, records: Object.keys(formHeads.form).length, digest, mac: checkpointMac(TEST_RECORD_KEY, input.checkpoint.at, digest), heads: formHeads };
  const report = await verify([{ file: 'old-checkpoint.json', checkpoint: old }]);
  expect(report.checkpointBreaks).toEqual([]);
  expect(brokenCount(report)).toBe(0);
});

test('a sample written after the checkpoint still extends it', async () => {
  const writer = { actor: { userId: null, userName: 'Lab', onBehalfOf: null, onBehalfOfId: null }, recordKey: TEST_RECORD_KEY };
  await server.db.transaction().execute((trx) => appendSampleHistory(trx, writer, samples[0], 'updated', { notes: [null, 'checked'] }, new Date().toISOString()));
  expect(sampleBreaks(await verify([input]), samples[0])).toEqual([]);
});

test("a sample's history rewritten with the key after the checkpoint is reported against it", async () => {
  const sampleId = samples[1];
  await rewriteSampleChain(sampleId);
  // The chain, MACs and anchor are consistent again: only the checkpoint shows the rewrite.
  expect(sampleBreaks(await verify([]), sampleId)).toEqual([]);
  const report = await verify([input]);
  expect(sampleBreaks(report, sampleId)).toEqual([{ formId: sampleId, record: 'bio_sample', kind: 'rewritten_before_checkpoint', detail: expect.stringMatching(/^checkpoint-.*\.json$/) }]);
  expect(formatReport(report)).toContainEqual(expect.stringMatching(new RegExp(`^bio sample ${sampleId}: chain rewritten before checkpoint \\(checkpoint-`)));
  expect(brokenCount(report)).toBeGreaterThan(0);
});

test('a sample record gone since the checkpoint is reported', async () => {
  const [gone] = await server.db
    .selectFrom('bio_samples')
    .select('id')
    .where('id', 'not in', server.db.selectFrom('bio_sample_forms').select('bio_sample_id'))
    .where('id', 'not in', server.db.selectFrom('bio_samples').select('ancestor_sample_id').where('ancestor_sample_id', 'is not', null))
    .where('id', 'not in', samples.slice(0, 2))
    .execute();
  await sql`delete from bio_sample_history where bio_sample_id = ${gone.id}`.execute(server.db);
  await sql`delete from bio_samples where id = ${gone.id}`.execute(server.db);
  const report = await verify([input]);
  expect(sampleBreaks(report, gone.id)).toEqual([{ formId: gone.id, record: 'bio_sample', kind: 'missing_since_checkpoint', detail: expect.any(String) }]);
});
