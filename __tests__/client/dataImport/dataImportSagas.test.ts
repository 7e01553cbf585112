// The data import sagas with the real store, HTTP answered by nock: the new job form offers only
// registries the importer may write to; a start uploads the file, then posts the job with its id;
// a job is polled until it stops running (validated waits for the importer); commit and cancel;
// clearing failed jobs; refused answers are kept for the screens.
import { File as NodeFile } from 'node:buffer';
import nock from 'nock';
import { startImportJob } from '../../../src/features/dataImport/dataImport.saga';
import { dataImportActions } from '../../../src/features/dataImport/dataImport.slice';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { signedInAs } from '../admin/adminFixtures';
import { BAD_ROW, IMPORTER, REGISTRIES, REGISTRY_R1, REPORT, job, validatedClean } from './dataImportFixtures';

jest.setTimeout(15_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

// Node's fetch sends only Node's own File as bytes (in a browser the chosen File is native to both).
const csvFile = (content: string, name = 'baseline.csv'): File => new NodeFile([content], name, { type: 'text/csv' }) as unknown as File;
const NEW_JOB = { name: 'Baseline 2026', registryId: 'r-1', formTypeId: '11', formTypeVersion: 3 };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('the new job form offers the registries where the importer may create or edit forms, and their form types', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, { results: REGISTRIES });
  store.dispatch(dataImportActions.newJobOpened());
  const loaded = await waitForState(store, (s) => s.dataImport.registries !== null);
  expect(loaded.dataImport.registries?.map((r) => r.id)).toEqual(['r-1']);

  nock(API).get('/api/v1/registries/r-1').query({ verbose: 'true' }).reply(200, { results: [REGISTRY_R1] });
  store.dispatch(dataImportActions.registryChosen('r-1'));
  const types = await waitForState(store, (s) => s.dataImport.formTypes !== null);
  expect(types.dataImport.formTypes?.items.map((t) => [t.name, t.lastVersion])).toEqual([
    ['Baseline visit', 3],
    ['Follow-up', 1],
  ]);
});

test('a start uploads the file with its name, then posts the job naming the stored file', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  let uploaded = '';
  const upload = nock(API, { reqheaders: { authorization: 'Bearer admin.token', 'content-type': 'text/csv', 'x-file-name': 'baseline%20%C5%91.csv' } })
    .post('/api/v1/data-import/files', (body: string) => {
      uploaded = body;
      return true;
    })
    .reply(201, { fileId: 'file-7', fileName: 'baseline ő.csv', bytes: 12, kind: 'csv' });
  let posted: unknown;
  nock(API)
    .post('/api/v1/data-import', (body) => {
      posted = body;
      return true;
    })
    .reply(202, { results: [job()] });
  const answer = await store.runSaga(startImportJob, NEW_JOB, csvFile('patientNumber;das28\n', 'baseline ő.csv'));
  expect(upload.isDone()).toBe(true);
  expect(uploaded).toBe('patientNumber;das28\n');
  expect(posted).toEqual({ ...NEW_JOB, fileId: 'file-7' });
  expect(answer?.id).toBe('imp-1');
  expect(store.getState().dataImport).toMatchObject({ submitting: null, submitError: null, job: { id: 'imp-1' } });
});

test('a refused upload keeps the server\'s message and posts no job', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  nock(API)
    .post('/api/v1/data-import/files')
    .reply(400, { message: 'report.pdf is not a CSV or xlsx file', statusCode: 400, code: 'import_file_type' });
  const posted = nock(API).post('/api/v1/data-import').reply(202, { results: [job()] });
  const answer = await store.runSaga(startImportJob, NEW_JOB, csvFile('%PDF', 'report.pdf'));
  expect(answer).toBeNull();
  expect(posted.isDone()).toBe(false);
  expect(store.getState().dataImport.submitError).toMatchObject({ status: 400, code: 'import_file_type', message: 'report.pdf is not a CSV or xlsx file (400)' });
  expect(store.getState().dataImport.submitting).toBeNull();
});

test('an opened job is polled while it is checked and polling stops once it waits for the commit', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [job({ state: 'validating', progress: { done: 1, total: 3 } })] });
  nock(API)
    .get('/api/v1/data-import/jobs/imp-1')
    .reply(200, { results: [job({ state: 'validated', progress: { done: 3, total: 3 }, results: REPORT, validationErrorsNumber: 1, errors: [BAD_ROW] })] });
  const extra = nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [job({ state: 'validated' })] });
  store.dispatch(dataImportActions.jobOpened('imp-1'));
  const running = await waitForState(store, (s) => s.dataImport.job?.state === 'validating');
  expect(running.dataImport.job?.progress).toEqual({ done: 1, total: 3 });
  const validated = await waitForState(store, (s) => s.dataImport.job?.state === 'validated', 4000);
  expect(validated.dataImport.job?.errors).toEqual([BAD_ROW]);
  expect(validated.dataImport.job?.results).toEqual(REPORT);
  await sleep(1500);
  expect(extra.isDone()).toBe(false);
});

test('a commit is posted, then the job is polled again until it has succeeded, and no longer', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  store.dispatch(dataImportActions.jobUpdated(validatedClean()));
  const commit = nock(API).post('/api/v1/data-import/jobs/imp-1/commit').reply(200, { results: [validatedClean({ state: 'committing', progress: { done: 0, total: 3 } })] });
  nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [validatedClean({ state: 'committing', progress: { done: 2, total: 3 } })] });
  nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [validatedClean({ state: 'succeeded', success: true, progress: { done: 3, total: 3 } })] });
  store.dispatch(dataImportActions.actionRequested({ id: 'imp-1', action: 'commit' }));
  const committing = await waitForState(store, (s) => s.dataImport.job?.state === 'committing');
  expect(commit.isDone()).toBe(true);
  expect(committing.dataImport.action).toBeNull();
  const extra = nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [validatedClean({ state: 'succeeded' })] });
  const done = await waitForState(store, (s) => s.dataImport.job?.state === 'succeeded', 4000);
  expect(done.dataImport.job).toMatchObject({ success: true, results: { newPatients: 2, formsCreated: 3 } });
  // Ended: no further poll.
  await sleep(1300);
  expect(extra.isDone()).toBe(false);
});

test('a refused commit (the job moved on) is kept for the page and the job is read again', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  store.dispatch(dataImportActions.jobUpdated(validatedClean()));
  nock(API)
    .post('/api/v1/data-import/jobs/imp-1/commit')
    .reply(409, { message: 'The import job was cancelled and cannot be committed', statusCode: 409, code: 'import_job_state' });
  nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [validatedClean({ state: 'cancelled' })] });
  store.dispatch(dataImportActions.actionRequested({ id: 'imp-1', action: 'commit' }));
  const state = await waitForState(store, (s) => s.dataImport.job?.state === 'cancelled');
  expect(state.dataImport.actionError).toMatchObject({ status: 409, code: 'import_job_state' });
  expect(state.dataImport.action).toBeNull();
});

test('a cancel is posted and the job shows as cancelled', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  store.dispatch(dataImportActions.jobUpdated(validatedClean()));
  nock(API).post('/api/v1/data-import/jobs/imp-1/cancel').reply(200, { results: [validatedClean({ state: 'cancelled' })] });
  nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [validatedClean({ state: 'cancelled' })] });
  store.dispatch(dataImportActions.actionRequested({ id: 'imp-1', action: 'cancel' }));
  const state = await waitForState(store, (s) => s.dataImport.job?.state === 'cancelled');
  expect(state.dataImport.actionError).toBeNull();
});

test('the job list loads a page; clearing failed jobs deletes them and loads the list again', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  nock(API)
    .get('/api/v1/data-import/jobs')
    .query({ offset: '0', limit: '20', statistics: 'true' })
    .reply(200, { results: [job({ id: 'a', state: 'failed' }), job({ id: 'b', state: 'succeeded' })], statistics: { total: 2 } });
  store.dispatch(dataImportActions.jobsOpened());
  const listed = await waitForState(store, (s) => !s.dataImport.jobsLoading && s.dataImport.jobs.length === 2);
  expect(listed.dataImport.total).toBe(2);

  const cleared = nock(API).delete('/api/v1/data-import/jobs/failed').reply(200, { deleted: 1 });
  nock(API).get('/api/v1/data-import/jobs').query(true).reply(200, { results: [job({ id: 'b', state: 'succeeded' })], statistics: { total: 1 } });
  store.dispatch(dataImportActions.clearFailedRequested());
  const after = await waitForState(store, (s) => s.dataImport.cleared === 1 && s.dataImport.jobs.length === 1);
  expect(cleared.isDone()).toBe(true);
  expect(after.dataImport.jobs.map((j) => j.id)).toEqual(['b']);
});

test('refused list and job reads are kept for the screens; a job the caller may not see is not polled', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  nock(API).get('/api/v1/data-import/jobs').query(true).reply(403, { message: 'You may not import data', statusCode: 403, code: 'forbidden' });
  store.dispatch(dataImportActions.jobsOpened());
  const list = await waitForState(store, (s) => s.dataImport.jobsError !== null);
  expect(list.dataImport.jobsError).toMatchObject({ status: 403, code: 'forbidden' });

  nock(API).get('/api/v1/data-import/jobs/other').reply(404, { message: 'No such import job', statusCode: 404, code: 'not_found' });
  const again = nock(API).get('/api/v1/data-import/jobs/other').reply(200, { results: [job({ id: 'other' })] });
  store.dispatch(dataImportActions.jobOpened('other'));
  const detail = await waitForState(store, (s) => s.dataImport.jobError !== null);
  expect(detail.dataImport.jobError).toMatchObject({ status: 404 });
  await sleep(1300);
  expect(again.isDone()).toBe(false);
});

test('leaving the job page stops polling a job that still runs', async () => {
  const store = startStore(signedInAs(IMPORTER as never));
  nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [job({ state: 'validating', progress: { done: 1, total: 3 } })] });
  const later = nock(API).get('/api/v1/data-import/jobs/imp-1').reply(200, { results: [job({ state: 'validating', progress: { done: 2, total: 3 } })] });
  store.dispatch(dataImportActions.jobOpened('imp-1'));
  await waitForState(store, (s) => s.dataImport.job?.state === 'validating');
  store.dispatch(dataImportActions.jobClosed());
  await sleep(1300);
  expect(later.isDone()).toBe(false);
});
