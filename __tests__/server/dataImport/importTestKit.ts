// The demo-seeded app for the data import tests: the demo importer may write to RA-BIO at SZLK
// (the seed's uploader entry), the job queue runs, and small helpers upload a file, start a job and wait
// for it to reach a state.
import { formatCsvLine } from '../../../src/domain/import';
import { createClinicalTestServer, IMPORTER, INVESTIGATOR, validTaj, type Answer, type ClinicalTestServer } from '../clinical/clinicalTestKit';

export { ADMIN, IMPORTER, INVESTIGATOR, INVESTIGATOR2, validTaj } from '../clinical/clinicalTestKit';
export type { Answer } from '../clinical/clinicalTestKit';

export interface ImportTestServer extends ClinicalTestServer {
  /** Uploads bytes as the caller; answers the raw upload answer. */
  upload(content: string | Buffer, fileName: string, as?: string): Promise<Answer>;
  /** Uploads and starts an import of RA-AE; answers the POST /data-import answer. */
  start(content: string, overrides?: Record<string, unknown>, as?: string): Promise<Answer>;
  /** Polls the job until its state is one of `states`; answers the job. */
  waitFor(id: string, states: string[], as?: string): Promise<Answer['body']>;
  aeTypeId: string;
  /** A patient of RA-BIO at SZLK, where the importer may write, and one at DEK, where it may not. */
  patient: { id: string; number: string; insurance: string };
  otherPatient: { id: string; number: string };
  formCount(): Promise<number>;
}

async function newPatient(server: ClinicalTestServer, institute: string, as: string): Promise<{ id: string; number: string; insurance: string }> {
  const insurance = validTaj();
  const created = await server.call('POST', `/institutes/${server.instituteId(institute)}/patients`, as, { registryId: server.registryId('RA-BIO'), name: 'Import Elek', insuranceNumber: insurance, dob: '1965-04-03', gender: 'male' });
  if (created.status !== 201 && created.status !== 200) throw new Error(`patient not created: ${JSON.stringify(created.body)}`);
  const id: string = created.body.results[0].id;
  const row = await server.db.selectFrom('patients').select('internal_patient_number').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, number: row.internal_patient_number, insurance };
}

export async function createImportTestServer(): Promise<ImportTestServer> {
  const server = await createClinicalTestServer();
  const rheuma = server.registryId('RA-BIO');
  await server.app.jobs.start();
  const ae = await server.db.selectFrom('form_types').select('id').where('display_id', '=', 'RA-AE').executeTakeFirstOrThrow();
  const patient = await newPatient(server, 'SZLK', INVESTIGATOR);
  const otherPatient = await newPatient(server, 'DEK', 'admin@example.org');

  const upload: ImportTestServer['upload'] = async (content, fileName, as = IMPORTER) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/data-import/files',
      headers: { 'x-test-user': as, 'accept-language': 'en', 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(fileName) },
      payload: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  return {
    ...server,
    aeTypeId: String(ae.id),
    patient,
    otherPatient,
    upload,
    async start(content, overrides = {}, as = IMPORTER) {
      const uploaded = await upload(content, 'events.csv', as);
      if (uploaded.status !== 201) throw new Error(`upload refused: ${JSON.stringify(uploaded.body)}`);
      return server.call('POST', '/data-import', as, { name: 'AE import', registryId: rheuma, formTypeId: String(ae.id), formTypeVersion: 1, fileId: uploaded.body.fileId, ...overrides });
    },
    async waitFor(id, states, as = IMPORTER) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const answer = await server.call('GET', `/data-import/jobs/${id}`, as);
        const job = answer.body?.results?.[0];
        if (job && states.includes(job.state)) return job;
        if (Date.now() > deadline) throw new Error(`job ${id} stayed ${job?.state}: ${JSON.stringify(answer.body)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async formCount() {
      return Number((await server.db.selectFrom('forms').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    },
  };
}

/** The file's server: filled before its tests run, its job queue stopped and database closed after them. */
export function useImportTestServer(): ImportTestServer {
  const server = {} as ImportTestServer;
  beforeAll(async () => {
    Object.assign(server, await createImportTestServer());
  });
  afterAll(async () => {
    await server.app.jobs.stop();
    await server.close();
  });
  return server;
}

/** CSV text of rows (header first), CRLF-terminated. */
export const csv = (rows: string[][], delimiter: ',' | ';' = ','): string => rows.map((r) => formatCsvLine(r, delimiter)).join('\r\n') + '\r\n';

/** An RA-AE row for a new attendance of the investigator at SZLK; `values` replace the defaults. */
export const AE_COLUMNS = ['patientNumber', 'institute', 'attendanceStart', 'physician', 'aeTerm', 'aeCategory', 'aeOnsetDate', 'aeOngoing', 'aeEndDate', 'aeOutcome', 'ctcaeGrade', 'serious', 'suspectDrug', 'causality', 'actionTaken', 'reporterName', 'reportDate'];
export function aeRow(patientNumber: string, values: Record<string, string> = {}): string[] {
  const defaults: Record<string, string> = {
    patientNumber,
    institute: 'SZLK',
    attendanceStart: '2026-01-12T09:00',
    physician: INVESTIGATOR,
    aeTerm: 'Headache',
    aeCategory: 'other',
    aeOnsetDate: '2026-01-02',
    aeOngoing: 'no',
    aeEndDate: '2026-01-05',
    aeOutcome: 'recovered',
    ctcaeGrade: '1',
    serious: 'false',
    suspectDrug: 'adalimumab',
    causality: 'Possible',
    actionTaken: 'none',
    reporterName: 'Dr. Import',
    reportDate: '2026-01-06',
  };
  return AE_COLUMNS.map((column) => values[column] ?? defaults[column]);
}
