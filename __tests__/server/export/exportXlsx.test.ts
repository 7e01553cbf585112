// The .xlsx export over the demo seed: its rows are the forms at the chosen approval level, cells
// are typed, sheets split by the limits, the codebook and parameters sheets are there, and the
// file opens only with the password.
import { createTestServer, type TestServer } from '../../helpers/serverApp';
import { decryptAgile } from '../../../server/export/crypto/agileDecrypt';
import { allRegistryIds, exportParameters, PASSWORD, runExport, removeExportFolders } from './exportKit';
import { readWorkbook, values } from './xlsxReader';

let server: TestServer;
let registryIds: string[];

beforeAll(async () => {
  server = await createTestServer({ seed: true });
  registryIds = await allRegistryIds(server.db);
}, 60_000);
afterAll(async () => {
  removeExportFolders();
  await server.close();
});

async function expectedDisplayIds(formTypeDisplayId: string, minimumLevel: number): Promise<string[]> {
  const rows = await server.db
    .selectFrom('forms')
    .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
    .select('forms.display_id')
    .where('form_types.display_id', '=', formTypeDisplayId)
    .where('forms.deleted_at', 'is', null)
    .where('forms.approval_level', '>=', minimumLevel)
    .execute();
  return rows.map((r) => r.display_id).sort();
}

describe('xlsx export by form', () => {
  it('holds one row per visible form at each approval level, with typed cells', async () => {
    const all = await runExport(server.db, exportParameters({ registryIds }));
    const workbook = readWorkbook(await decryptAgile(all.path, PASSWORD));
    const baseline = workbook.get('Baseline visit');
    expect(baseline).toBeDefined();
    const [labels, ids, ...rows] = baseline ?? [];
    expect(ids.slice(0, 3).map((c) => c?.value)).toEqual(['formId', 'attendanceId', 'patientNumber']);
    expect(labels[0]?.value).toBe('Form id');
    const ids2 = values([ids])[0];
    expect(rows.map((r) => r[0]?.value).sort()).toEqual(await expectedDisplayIds('RA-BASELINE', 0));
    expect(all.forms).toBeGreaterThan(rows.length);
    expect(all.downloadName).toBe('registry-export.xlsx');
    expect(all.progress.at(-1)).toEqual([all.forms, all.forms]);

    // A finalized baseline: numbers, labels of choices, booleans, dates as Excel serials.
    const column = (id: string): number => ids2.indexOf(id);
    const final = rows.find((r) => r[column('state')]?.value === 'final');
    expect(final?.[column('tjc28')]?.value).toBe(4);
    expect(final?.[column('diagnosis')]?.value).toBe('Rheumatoid arthritis');
    expect(final?.[column('consentSigned')]?.value).toBe(true);
    expect(final?.[column('visitDate')]).toEqual({ value: (Date.UTC(2026, 0, 10) / 86_400_000) + 25_569, style: 1 });
    expect(final?.[column('approvalLevel')]?.value).toBe(2);
    expect(column('birthDate')).toBe(-1);
    expect(column('patientName')).toBe(-1);

    const approved = await runExport(server.db, exportParameters({ registryIds, minimumApprovalLevel: 2 }));
    const approvedRows = readWorkbook(await decryptAgile(approved.path, PASSWORD)).get('Baseline visit')?.slice(2) ?? [];
    expect(approvedRows.map((r) => r[0]?.value).sort()).toEqual(await expectedDisplayIds('RA-BASELINE', 2));
    expect(approvedRows.length).toBeGreaterThan(0);
    expect(approvedRows.length).toBeLessThan(rows.length);
  }, 60_000);

  it('refuses a wrong password', async () => {
    const produced = await runExport(server.db, exportParameters({ registryIds }));
    await expect(decryptAgile(produced.path, 'not-the-password')).rejects.toThrow('The password does not open this file');
  }, 30_000);
});
