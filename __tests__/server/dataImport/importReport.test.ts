// The validation report through the API: values parsed per field type, per-row permissions, and a
// file with one bad row writes nothing and cannot be committed.
import { AE_COLUMNS, aeRow, useImportTestServer, csv, IMPORTER } from './importTestKit';

const server = useImportTestServer();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ReportError = { row: number; column: string; value: string; messageId: string; message: string; [key: string]: any };

async function report(rows: string[][], columns = AE_COLUMNS): Promise<{ job: Record<string, unknown>; errors: ReportError[] }> {
  const started = await server.start(csv([columns, ...rows]));
  expect(started.status).toBe(202);
  const job = await server.waitFor(started.body.results[0].id, ['validated', 'failed']);
  return { job, errors: job.errors };
}

describe('values are read per field type', () => {
  const lab = [...AE_COLUMNS, 'aeHemoglobin', 'aeNeutrophils', 'seriousCriteria'];
  const labRow = (values: Record<string, string>): string[] => {
    const base = aeRow(server.patient.number, { aeCategory: 'Cytopenia', ...values });
    return [...base, values.aeHemoglobin ?? '120', values.aeNeutrophils ?? '1,25', values.seriousCriteria ?? ''];
  };

  test('numbers with a dot or a comma, dates in ISO or the English format, booleans, choices by code or label all read', async () => {
    const { job, errors } = await report(
      [
        labRow({ aeNeutrophils: '1,25', aeOnsetDate: '02/01/2026', aeOngoing: 'N' }),
        labRow({ aeNeutrophils: '2.5', aeOnsetDate: '2026-01-02', aeOngoing: 'off', serious: 'yes', seriousCriteria: 'hospitalisation; Other medically important' }),
      ],
      lab,
    );
    expect(errors).toEqual([]);
    expect(job).toMatchObject({ state: 'validated', validationErrorsNumber: 0, recalculatedFieldsNumber: 2 });
  });

  test.each([
    ['a number that is not one', { aeHemoglobin: '12o' }, 'aeHemoglobin', 'import.value.number'],
    ['an integer with decimals', { aeHemoglobin: '120,5' }, 'aeHemoglobin', 'validation.number.integer'],
    ['a number out of range', { aeHemoglobin: '500' }, 'aeHemoglobin', 'validation.number.max'],
    ['a month-first date', { aeOnsetDate: '01/13/2026' }, 'aeOnsetDate', 'import.value.date'],
    ['a Hungarian date in an English import', { aeOnsetDate: '2026. 01. 02.' }, 'aeOnsetDate', 'import.value.date'],
    ['a boolean outside the strict list', { aeOngoing: 'maybe' }, 'aeOngoing', 'import.value.boolean'],
    ['a choice neither code nor label', { aeCategory: 'Broken leg' }, 'aeCategory', 'import.value.choice'],
    ['a missing mandatory value', { aeTerm: '' }, 'aeTerm', 'validation.any.required'],
  ])('%s is reported with row, column, value and message', async (_name, values, column, messageId) => {
    const { job, errors } = await report([labRow({}), labRow(values)], lab);
    expect(job.results).toMatchObject({ rowsTotal: 2, rowsOk: 1, rowsWithErrors: 1 });
    expect(errors).toEqual([expect.objectContaining({ row: 2, column, value: (values as Record<string, string>)[column], messageId, message: expect.any(String) })]);
  });
});

describe('each row is checked against what the importer may write', () => {
  test('a patient of an institute the importer may not write to, an institute it may not write to, an unknown patient and physician are row errors', async () => {
    const { job, errors } = await report([
      aeRow(server.patient.number),
      aeRow(server.otherPatient.number),
      aeRow(server.patient.number, { institute: 'DEK' }),
      aeRow('NO-SUCH-PATIENT'),
      aeRow(server.patient.number, { physician: 'nobody@example.org' }),
    ]);
    expect(job.results).toMatchObject({ rowsTotal: 5, rowsOk: 1, rowsWithErrors: 4 });
    expect(errors.map((e) => [e.row, e.column, e.messageId])).toEqual([
      [2, 'patientNumber', 'import.row.patientNotWritable'],
      [3, 'institute', 'import.row.instituteNotWritable'],
      [4, 'patientNumber', 'import.row.patientUnknown'],
      [5, 'physician', 'import.row.physicianUnknown'],
    ]);
    expect(errors[0].message).toBe('the patient belongs to an institute you may not import into');
  });

  test('a file with one bad row writes nothing, and its commit is refused', async () => {
    const before = await server.formCount();
    const started = await server.start(csv([AE_COLUMNS, aeRow(server.patient.number), aeRow(server.patient.number, { aeOngoing: 'perhaps' })]));
    const id = started.body.results[0].id;
    const job = await server.waitFor(id, ['validated', 'failed']);
    expect(job.results).toMatchObject({ rowsOk: 1, rowsWithErrors: 1 });
    const commit = await server.call('POST', `/data-import/jobs/${id}/commit`, IMPORTER);
    expect(commit.status).toBe(409);
    expect(commit.body).toMatchObject({ code: 'import_has_errors', statusCode: 409, message: expect.stringContaining('1 rows with errors') });
    expect(await server.formCount()).toBe(before);
  });
});
