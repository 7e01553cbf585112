// An attacker with database access tampers with the form record through SQL; audit:verify's check
// (verifyAllChains) finds each case: deleted newest entries, a record emptied, an entry edited and
// the unkeyed chain recomputed, a forged entry with a correct SHA-256 hash, edited current values,
// and (holding the key) a whole chain rewritten: caught by the last checkpoint.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { sql } from 'kysely';
import { brokenCount, formatReport, verifyAllChains, type AuditReport, type CheckpointInput } from '../../../server/audit/auditVerify';
import { readCheckpoint, writeCheckpoint } from '../../../server/audit/checkpoint';
import { entryHash, GENESIS_HASH } from '../../../server/audit/hashChain';
import { anchorFor, entryMac } from '../../../server/audit/recordChain';
import { sealLegacyRecords } from '../../../server/audit/sealLegacy';
import { formRecord, hashedContent } from '../../../server/forms/history';
import { historyOf, type HistoryEntry } from '../../../server/forms/history.repository';
import { createTestServer, TEST_RECORD_KEY, type TestServer } from '../../helpers/serverApp';

let server: TestServer;
let multi: string[];
let single: string[];

beforeAll(async () => {
  server = await createTestServer({ seed: true });
  const rows = await server.db.selectFrom('form_history').select(['form_id', sql<number>`count(*)`.as('n')]).groupBy('form_id').orderBy('form_id').execute();
  multi = rows.filter((row) => Number(row.n) >= 2).map((row) => row.form_id);
  single = rows.filter((row) => Number(row.n) < 2).map((row) => row.form_id);
}, 60_000);
afterAll(async () => server.close());

const verify = (checkpoints: CheckpointInput[] = [], recordKey: Buffer | null = TEST_RECORD_KEY): Promise<AuditReport> =>
  verifyAllChains(server.db, { recordKey, checkpoints });
const kindsOf = (report: AuditReport, formId: string): string[] => report.breaks.filter((b) => b.formId === formId).map((b) => b.kind);

/** The attacker's rewrite: recompute the SHA-256 chain of a form (and, holding the key, its MACs and anchor). */
async function rewriteChain(formId: string, edit: (entry: HistoryEntry) => HistoryEntry, key?: Buffer): Promise<void> {
  let previousHash = GENESIS_HASH;
  let mac = '';
  const entries = await historyOf(server.db, formId);
  for (const original of entries) {
    const entry = edit(original);
    const hash = entryHash(previousHash, hashedContent(entry));
    mac = key ? entryMac(key, formRecord(formId), entry.position, hash) : (entry.mac ?? '');
    await sql`update form_history set user_name = ${entry.userName}, previous_hash = ${previousHash}, hash = ${hash}, mac = ${mac} where id = ${entry.id}`.execute(server.db);
    previousHash = hash;
  }
  if (key) {
    const anchor = anchorFor(key, formRecord(formId), entries.length, mac);
    await sql`update forms set record_count = ${anchor.count}, record_head = ${anchor.head}, record_seal = ${anchor.seal} where id = ${formId}`.execute(server.db);
  }
}

const renameFirst = (entry: HistoryEntry): HistoryEntry => (entry.position === 1 ? { ...entry, userName: 'Somebody Else' } : entry);

test('an untouched seeded database verifies clean, MACs included', async () => {
  expect(multi.length).toBeGreaterThanOrEqual(5);
  expect(single.length).toBeGreaterThanOrEqual(2);
  const report = await verify();
  expect(report.breaks).toEqual([]);
  expect(report.macsChecked).toBe(true);
  expect(report.forms).toBe(multi.length + single.length);
  expect(formatReport(report).at(-1)).toBe('0 broken');
});

test('deleting the newest entry is found, also when the anchor is moved back', async () => {
  const formId = multi[0];
  const [last, previous] = (await historyOf(server.db, formId)).reverse();
  await sql`delete from form_history where id = ${last.id}`.execute(server.db);
  expect(kindsOf(await verify(), formId)).toContain('entries_removed_at_end');
  await sql`update forms set record_count = ${previous.position}, record_head = ${previous.mac} where id = ${formId}`.execute(server.db);
  expect(kindsOf(await verify(), formId)).toContain('forged_anchor');
  expect(kindsOf(await verify([], null), formId)).not.toContain('forged_anchor'); // the anchor's MAC needs the key
});

test('deleting every entry of a form is found', async () => {
  const formId = multi[1];
  const count = (await historyOf(server.db, formId)).length;
  await sql`delete from form_history where form_id = ${formId}`.execute(server.db);
  const report = await verify();
  expect(kindsOf(report, formId)).toContain('entries_removed_at_end');
  expect(formatReport(report)).toContain(`form ${formId}: entries removed at the end (${count} of ${count})`);
});

test('an entry edited with the unkeyed chain recomputed is a forged entry', async () => {
  const formId = multi[2];
  const first = (await historyOf(server.db, formId))[0];
  await rewriteChain(formId, renameFirst);
  const report = await verify();
  expect(report.breaks.filter((b) => b.formId === formId)).toEqual([{ formId, kind: 'forged_entry', entryId: first.id }]);
  // Without the key the recomputed chain cannot be told apart: the MAC is what catches it.
  expect(kindsOf(await verify([], null), formId)).toEqual([]);
});

test('an appended entry with a correct SHA-256 hash is a forged entry', async () => {
  const formId = multi[3];
  const entries = await historyOf(server.db, formId);
  const last = entries[entries.length - 1];
  const forged = { ...last, id: 'forged-entry', position: last.position + 1, operation: 'approve', level: 2, changes: [] };
  const hash = entryHash(last.hash, hashedContent(forged));
  await sql`insert into form_history (id, form_id, position, at, user_id, user_name, on_behalf_of, operation, level, changes, reasons, notes, previous_hash, hash, mac)
    values (${forged.id}, ${formId}, ${forged.position}, ${forged.at}, ${forged.userId}, ${forged.userName}, ${null}, ${forged.operation}, ${2}, ${'[]'}, ${JSON.stringify(forged.reasons)}, ${JSON.stringify(forged.notes)}, ${last.hash}, ${hash}, ${last.mac})`.execute(server.db);
  expect(kindsOf(await verify(), formId)).toEqual(['forged_entry', 'entries_beyond_anchor']);
  await sql`update forms set record_count = ${forged.position}, record_head = ${last.mac} where id = ${formId}`.execute(server.db);
  expect(kindsOf(await verify(), formId)).toEqual(['forged_entry', 'forged_anchor']);
});

test('edited current values differ from what the record replays to', async () => {
  const formId = single[0];
  const row = await server.db.selectFrom('forms').select('field_values').where('id', '=', formId).executeTakeFirstOrThrow();
  const values = { ...(JSON.parse(row.field_values) as Record<string, unknown>), tampered: 42 };
  await sql`update forms set field_values = ${JSON.stringify(values)} where id = ${formId}`.execute(server.db);
  const report = await verify([], null);
  expect(report.breaks.filter((b) => b.formId === formId)).toEqual([{ formId, kind: 'values_differ', detail: 'tampered' }]);
  expect(formatReport(report)).toContain(`form ${formId}: values differ from the record (tampered)`);
  expect(formatReport(report)).toContain('MACs NOT checked: no record key (set AUDIT_KEY_FILE or APP_SECRET).');
});

describe('checkpoints', () => {
  let input: CheckpointInput;

  test('a checkpoint file is written outside the database, once per change, and verify reads it', async () => {
    const dir = join(server.workDir, 'checkpoints');
    const written = await writeCheckpoint({ db: server.db, recordKey: TEST_RECORD_KEY, dir });
    expect(written.file).not.toBeNull();
    const file = written.file as string;
    // Forms and bio samples (sampleCheckpoint.test.ts checks the samples' heads).
    const samples = await server.db.selectFrom('bio_samples').select('id').execute();
    expect(samples.length).toBeGreaterThan(0);
    expect(readCheckpoint(file)).toMatchObject({ version: 1, records: multi.length + single.length + samples.length, digest: written.checkpoint.digest });
    expect((await writeCheckpoint({ db: server.db, recordKey: TEST_RECORD_KEY, dir })).file).toBeNull();
    input = { file, checkpoint: readCheckpoint(file) };
    const report = await verify([input]);
    expect(report.checkpoints).toEqual([basename(file)]);
    expect(report.checkpointBreaks).toEqual([]);
  });

  test('a chain rewritten with the key (re-MACed, re-anchored) is caught by the last checkpoint', async () => {
    const formId = multi[4];
    await rewriteChain(formId, renameFirst, TEST_RECORD_KEY);
    expect(kindsOf(await verify(), formId)).toEqual([]);
    const report = await verify([input]);
    expect(report.breaks.filter((b) => b.formId === formId)).toEqual([{ formId, kind: 'rewritten_before_checkpoint', detail: basename(input.file) }]);
    expect(brokenCount(report)).toBeGreaterThan(0);
  });

  test('an edited checkpoint file is reported', async () => {
    const copy = join(server.workDir, 'edited.json');
    const checkpoint = readCheckpoint(input.file);
    const [someId] = Object.keys(checkpoint.heads.form);
    checkpoint.heads.form[someId] = [1, 'x'];
    writeFileSync(copy, JSON.stringify(checkpoint));
    const report = await verify([{ file: copy, checkpoint: readCheckpoint(copy) }]);
    expect(report.checkpointBreaks).toEqual([{ file: 'edited.json', problem: 'heads do not match its digest' }]);
    expect(readFileSync(input.file, 'utf8')).not.toContain('"x"');
  });
});

describe('legacy records (before migration 0006)', () => {
  test('are reported unsealed until the server seals them; a record with MACs but no anchor is not sealed', async () => {
    const [legacy, stripped] = single.slice(1, 3).length === 2 ? single.slice(1, 3) : [single[1], multi[5]];
    await sql`update form_history set mac = ${null} where form_id = ${legacy}`.execute(server.db);
    for (const id of [legacy, stripped]) await sql`update forms set record_count = ${null}, record_head = ${null}, record_seal = ${null} where id = ${id}`.execute(server.db);
    const before = await verify();
    expect(kindsOf(before, legacy)).toEqual(['unsealed_legacy']);
    expect(kindsOf(before, stripped)).toEqual(['anchor_mismatch']);
    expect(await sealLegacyRecords(server.db, TEST_RECORD_KEY)).toEqual({ sealed: 1, refused: [stripped] });
    expect(kindsOf(await verify(), legacy)).toEqual([]);
  });
});
