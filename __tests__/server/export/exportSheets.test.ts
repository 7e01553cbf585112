// How the .xlsx export lays its data out: sheets split by columns and rows, the codebook and
// parameters sheets, by-attendance rows, field filters and ordering, personal data, cut texts,
// time stamps in the institute's time zone, and a cancelled export leaving no file behind.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestServer, type TestServer } from '../../helpers/serverApp';
import { decryptAgile } from '../../../server/export/crypto/agileDecrypt';
import { produceExport } from '../../../server/export/produceExport';
import type { ExportParameters } from '../../../src/domain/export/exportParameters';
import { allRegistryIds, exportParameters, PASSWORD, runExport, exportFolder, removeExportFolders } from './exportKit';
import { readWorkbook, values, type XlsxCell } from './xlsxReader';

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

async function workbookOf(overrides: Partial<ExportParameters>): Promise<Map<string, Array<Array<XlsxCell | null>>>> {
  const produced = await runExport(server.db, exportParameters({ registryIds, ...overrides }));
  return readWorkbook(await decryptAgile(produced.path, PASSWORD));
}

const baselineIds = async (): Promise<string[]> =>
  (
    await server.db
      .selectFrom('forms')
      .innerJoin('form_types', 'form_types.id', 'forms.form_type_id')
      .select('forms.display_id')
      .where('form_types.display_id', '=', 'RA-BASELINE')
      .where('forms.deleted_at', 'is', null)
      .execute()
  )
    .map((r) => r.display_id)
    .sort();

describe('xlsx layout', () => {
  it('splits a table over sheets by columns and rows, each continuation repeating the form id', async () => {
    const whole = values((await workbookOf({})).get('Baseline visit') ?? []);
    const split = await workbookOf({ columnsPerSheet: 10, formsPerSheet: 3 });
    const baselineSheets = [...split.keys()].filter((name) => name.startsWith('Baseline visit'));
    const chunks = Math.ceil((whole[1].length - 1) / 9);
    const expected = await baselineIds();
    expect(baselineSheets).toHaveLength(chunks * Math.ceil(expected.length / 3));
    expect(baselineSheets.slice(0, 3)).toEqual(['Baseline visit', 'Baseline visit (2)', 'Baseline visit (3)']);
    const sheets = baselineSheets.map((name) => values(split.get(name) ?? []));
    for (const sheet of sheets) {
      expect(sheet[1][0]).toBe('formId');
      expect(sheet[1].length).toBeLessThanOrEqual(10);
      expect(sheet.length - 2).toBeLessThanOrEqual(3);
    }
    // The first sheet of each row block holds the identity columns; together the blocks hold every form once.
    const firstOfBlocks = sheets.filter((_, i) => i % chunks === 0);
    expect(firstOfBlocks.flatMap((sheet) => sheet.slice(2).map((row) => row[0])).sort()).toEqual(expected);
    // Together the column chunks of one block hold every column once (besides the repeated id).
    expect(sheets.slice(0, chunks).flatMap((sheet, i) => (i === 0 ? sheet[1] : sheet[1].slice(1)))).toEqual(whole[1]);
  }, 60_000);

  it('writes the codebook and the parameters of the export', async () => {
    const workbook = await workbookOf({ minimumApprovalLevel: 1, fieldFilters: ['diagnosis', 'esr'] });
    const codebook = values(workbook.get('codebook') ?? []);
    expect(codebook[0]).toEqual(['Form type', 'Field id', 'Field', 'Code', 'Label']);
    expect(codebook).toContainEqual(['RA-BASELINE', 'diagnosis', 'Diagnosis', 'ra', 'Rheumatoid arthritis']);
    const parameters = new Map(values(workbook.get('parameters') ?? []).map((row) => [row[0], row[2]]));
    expect(parameters.get('exportedBy')).toBe('Export Elek <exporter@example.org>');
    expect(parameters.get('minimumApprovalLevel')).toBe(1);
    expect(parameters.get('fieldFilters')).toBe('diagnosis, esr');
    expect(String(parameters.get('registries'))).toContain('RA-BIO');
    expect(parameters.get('includePersonalData')).toBe(false);
    expect(typeof parameters.get('forms')).toBe('number');
  }, 60_000);

  it('renders one row per attendance with the forms as column groups', async () => {
    const workbook = await workbookOf({ renderType: 'byAttendance', fieldFilters: ['tjc28'] });
    const sheet = values(workbook.get('RA-BIO') ?? []);
    expect(sheet[1].slice(0, 5)).toEqual(['attendanceId', 'patientNumber', 'registry', 'institute', 'attendanceStart']);
    expect(sheet[1]).toEqual(expect.arrayContaining(['RA-BASELINE.formId', 'RA-BASELINE.tjc28', 'RA-FOLLOWUP.formId', 'RA-FOLLOWUP.tjc28']));
    const attendances = await server.db
      .selectFrom('attendances')
      .innerJoin('registries', 'registries.id', 'attendances.registry_id')
      .select('attendances.display_id')
      .where('registries.short_name', '=', 'RA-BIO')
      .execute();
    expect(sheet.slice(2).map((row) => row[0]).sort()).toEqual(attendances.map((a) => a.display_id).sort());
    const withFollowUp = sheet.slice(2).find((row) => row[sheet[1].indexOf('RA-FOLLOWUP.formId')] !== null);
    expect(withFollowUp?.[sheet[1].indexOf('RA-BASELINE.formId')]).toEqual(expect.any(String));
  }, 60_000);

  it('keeps the chosen fields in alphabetical order, adds personal data when asked and cuts long texts', async () => {
    const workbook = await workbookOf({ fieldFilters: ['tjc28', 'diagnosis', 'birthDate'], ordering: 'alphabetical', includePersonalData: true, maxCellSize: 10 });
    const sheet = workbook.get('Baseline visit') ?? [];
    const ids = values(sheet)[1];
    expect(ids.slice(-6)).toEqual(['patientName', 'patientBirthDate', 'insuranceNumber', 'birthDate', 'diagnosis', 'tjc28']);
    const row = values(sheet).slice(2).find((r) => r[ids.indexOf('patientName')] === 'Példa Piroska');
    expect(row?.[ids.lastIndexOf('diagnosis')]).toBe('Rheumatoid');
  }, 60_000);

  it('writes time stamps as Excel date-times in the institute time zone', async () => {
    const sheet = (await workbookOf({})).get('Baseline visit') ?? [];
    const ids = values(sheet)[1];
    const first = sheet[2];
    const form = await server.db.selectFrom('forms').select('created_at').where('display_id', '=', String(first[0]?.value)).executeTakeFirstOrThrow();
    const local = new Date(new Date(form.created_at).toLocaleString('en-US', { timeZone: 'Europe/Budapest' }));
    const expected = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds()) / 86_400_000 + 25_569;
    const cell = first[ids.indexOf('createdAt')];
    expect(cell?.style).toBe(2);
    expect(cell?.value).toBeCloseTo(expected, 6);
  }, 60_000);

  it('groups sheets by institute and labels them in the chosen locale', async () => {
    const workbook = await workbookOf({ groupBy: 'institute', locale: 'hu' });
    expect([...workbook.keys()]).toEqual(expect.arrayContaining(['SZLK Kiindulási vizit', 'DEK Kiindulási vizit', 'kódtábla', 'paraméterek']));
    const szlk = values(workbook.get('SZLK Kiindulási vizit') ?? []);
    expect(szlk[0][0]).toBe('Űrlapazonosító');
    expect(new Set(szlk.slice(2).map((row) => row[szlk[1].indexOf('institute')]))).toEqual(new Set(['SZLK']));
  }, 60_000);

  it('keeps to attendances started within the days limit', async () => {
    const none = await runExport(server.db, exportParameters({ registryIds, format: 'odm', daysLimit: 1 }));
    const all = await runExport(server.db, exportParameters({ registryIds, format: 'odm', daysLimit: 36_500 }));
    const forms = await server.db.selectFrom('forms').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    expect(none.forms).toBe(0);
    expect(all.forms).toBe(Number(forms.n));
  }, 60_000);

  it('stops a cancelled export and leaves no file behind', async () => {
    const targetPath = join(exportFolder('export-cancel-'), 'out.xlsx');
    const controller = new AbortController();
    controller.abort();
    await expect(
      produceExport({
        db: server.db,
        parameters: exportParameters({ registryIds }),
        requester: { userId: 'u-1', name: 'Export Elek', email: 'exporter@example.org' },
        targetPath,
        onProgress: () => undefined,
        signal: controller.signal,
      }),
    ).rejects.toThrow('The export was cancelled');
    expect(existsSync(targetPath)).toBe(false);
  }, 60_000);
});
