// The data export sagas with the real store, HTTP answered by nock: the page loads its choices and
// the recent exports; a start posts the parameters and polls the job until it is ready; a refused
// start keeps the field errors for the form; a failed job keeps its reason; the file is saved.
import nock from 'nock';
import { dataExportActions } from '../../../src/features/dataExport/dataExport.slice';
import { defaultExportParameters } from '../../../src/domain/export/exportValidation';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { signedInAs } from '../admin/adminFixtures';
import { EXPORTER, OPTIONS, READY_FILE, job } from './dataExportFixtures';

jest.setTimeout(15_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const PARAMETERS = { ...defaultExportParameters('en'), fileName: 'rheuma', password: 'Export-Passw0rd!', registryIds: ['r-1'] };

test('opening the page loads what the user may export and their recent exports', async () => {
  const store = startStore(signedInAs(EXPORTER as never));
  nock(API).get('/api/v1/data-export/options').reply(200, { results: [OPTIONS] });
  nock(API).get('/api/v1/data-export/jobs').reply(200, { results: [job({ id: 'old', state: 'succeeded', file: READY_FILE })] });
  store.dispatch(dataExportActions.pageOpened({ jobId: null }));
  const state = await waitForState(store, (s) => s.dataExport.options !== null && !s.dataExport.jobsLoading);
  expect(state.dataExport.options?.formTypes.map((t) => t.id)).toEqual(['11', '21']);
  expect(state.dataExport.jobs.map((j) => j.id)).toEqual(['old']);
});

test('a start posts the parameters, then the job is polled through running until it is ready', async () => {
  const store = startStore(signedInAs(EXPORTER as never));
  let posted: unknown;
  nock(API)
    .post('/api/v1/data-export', (body) => {
      posted = body;
      return true;
    })
    .reply(202, { results: [job()] });
  nock(API).get('/api/v1/data-export/jobs/job-1').reply(200, { results: [job({ state: 'running', progress: { done: 40, total: 120 } })] });
  nock(API).get('/api/v1/data-export/jobs/job-1').reply(200, { results: [job({ state: 'succeeded', progress: { done: 120, total: 120 }, file: READY_FILE })] });
  store.dispatch(dataExportActions.exportRequested(PARAMETERS));
  const running = await waitForState(store, (s) => s.dataExport.jobs[0]?.state === 'running');
  expect(running.dataExport.watchedId).toBe('job-1');
  expect(running.dataExport.jobs[0].progress).toEqual({ done: 40, total: 120 });
  const ready = await waitForState(store, (s) => s.dataExport.jobs[0]?.state === 'succeeded', 5000);
  expect(ready.dataExport.jobs[0].file?.name).toBe('rheuma.xlsx');
  expect(posted).toMatchObject({ fileName: 'rheuma', password: 'Export-Passw0rd!', registryIds: ['r-1'], format: 'xlsx' });
});

test('a refused start keeps the field errors for the form and creates nothing to watch', async () => {
  const store = startStore(signedInAs(EXPORTER as never));
  nock(API)
    .post('/api/v1/data-export')
    .reply(400, { message: 'fieldFilters: not a field of the chosen form types: nope', statusCode: 400, code: 'validation_failed', errors: [{ path: 'fieldFilters', key: 'api.unknownExportField', context: { ids: 'nope' } }] });
  store.dispatch(dataExportActions.exportRequested({ ...PARAMETERS, fieldFilters: ['nope'] }));
  const state = await waitForState(store, (s) => s.dataExport.submitError !== null);
  expect(state.dataExport.submitError).toMatchObject({ status: 400, errors: [{ path: 'fieldFilters', key: 'api.unknownExportField' }] });
  expect(state.dataExport.watchedId).toBeNull();
  expect(state.dataExport.submitting).toBe(false);
});

test('the mail\'s link opens the page on its job; a failed job keeps its reason', async () => {
  const store = startStore(signedInAs(EXPORTER as never));
  nock(API).get('/api/v1/data-export/options').reply(200, { results: [OPTIONS] });
  nock(API).get('/api/v1/data-export/jobs').reply(200, { results: [] });
  nock(API).get('/api/v1/data-export/jobs/job-9').reply(200, { results: [job({ id: 'job-9', state: 'failed', errorCode: 'interrupted', error: 'The server running the job stopped' })] });
  store.dispatch(dataExportActions.pageOpened({ jobId: 'job-9' }));
  const state = await waitForState(store, (s) => s.dataExport.jobs.some((j) => j.id === 'job-9'));
  expect(state.dataExport.watchedId).toBe('job-9');
  expect(state.dataExport.jobs[0]).toMatchObject({ state: 'failed', errorCode: 'interrupted' });
});

test('a download fetches the file with the session and hands it to the browser under its name', async () => {
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = jest.fn();
  const saved: string[] = [];
  // jsdom cannot navigate; the link's download name is what the browser would save the file as.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const store = startStore({ ...signedInAs(EXPORTER as never) });
  store.dispatch(dataExportActions.jobUpdated(job({ state: 'succeeded', file: READY_FILE })));
  const file = nock(API, { reqheaders: { authorization: 'Bearer admin.token' } })
    .get('/api/v1/data-export/jobs/job-1/file')
    .reply(200, Buffer.from('PK encrypted'), { 'content-type': READY_FILE.contentType });
  store.dispatch(dataExportActions.downloadRequested('job-1'));
  await waitForState(store, (s) => s.dataExport.downloading.length === 0 && created.length === 1);
  expect(file.isDone()).toBe(true);
  expect(created[0].size).toBe('PK encrypted'.length);
  expect(saved).toEqual(['rheuma.xlsx']);

  nock(API).get('/api/v1/data-export/jobs/job-1/file').reply(410, { message: 'The export file was deleted', statusCode: 410, code: 'export_deleted' });
  store.dispatch(dataExportActions.downloadRequested('job-1'));
  const gone = await waitForState(store, (s) => s.dataExport.downloadError !== null);
  expect(gone.dataExport.downloadError).toMatchObject({ status: 410, code: 'export_deleted' });
});
