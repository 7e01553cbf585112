// The statistics sagas with the real store, HTTP answered by nock: the page loads the filter choices
// and every chart's numbers; new filters load them again with the filters in the query (the
// follow-up statistic names the registry by its short name); a download saves the .xlsx under its
// name; a refused call keeps the server's message.
import nock from 'nock';
import { statisticsActions } from '../../../src/features/statistics/statistics.slice';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { signedInAs } from '../admin/adminFixtures';
import { ADMIN_CALLER, nockChoices, nockStatistics } from './statisticsFixtures';

jest.setTimeout(15_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  nock.cleanAll();
  jest.restoreAllMocks();
});

test('opening the page loads the registries and institutes to filter by and every statistic', async () => {
  const store = startStore(signedInAs(ADMIN_CALLER as never));
  nockChoices();
  const calls = nockStatistics({});
  store.dispatch(statisticsActions.pageOpened());
  const state = await waitForState(store, (s) => s.statistics.data !== null && s.statistics.registries.length > 0);
  expect(calls.every((call) => call.isDone())).toBe(true);
  expect(state.statistics.registries.map((r) => r.shortName)).toEqual(['RA-BIO', 'NSCLC-1L']);
  expect(state.statistics.institutes.map((i) => i.id)).toEqual(['i-1', 'i-2']);
  expect(state.statistics.data?.attendances.targetPatientCount).toBe(1500);
  expect(state.statistics.data?.followUps).toHaveLength(2);
});

test('applied filters go to every call; the follow-up gets the registry short name as name', async () => {
  const store = startStore(signedInAs(ADMIN_CALLER as never));
  const filters = { registryId: 'r-1', registryShortName: 'RA-BIO', instituteId: 'i-1', from: '2026-01-01', to: '2026-06-30' };
  const calls = nockStatistics({ registryId: 'r-1', instituteId: 'i-1', from: '2026-01-01', to: '2026-06-30' }, { name: 'RA-BIO', instituteId: 'i-1', from: '2026-01-01', to: '2026-06-30' });
  store.dispatch(statisticsActions.filtersApplied(filters));
  const state = await waitForState(store, (s) => s.statistics.data !== null && !s.statistics.loading);
  expect(calls.every((call) => call.isDone())).toBe(true);
  expect(state.statistics.filters).toEqual(filters);
});

test('a refused call keeps the server message and no numbers', async () => {
  const store = startStore(signedInAs(ADMIN_CALLER as never));
  nock(API).get('/api/v1/statistics/approval-levels').query(true).reply(400, { message: 'The start date (2026-02-01) cannot be later than the end date (2026-01-01).', statusCode: 400, code: 'validation_failed' });
  nock(API).get(/\/api\/v1\/statistics\/.*/).query(true).times(4).reply(200, { results: [], targetPatientCount: null });
  store.dispatch(statisticsActions.filtersApplied({ registryId: '', registryShortName: '', instituteId: '', from: '2026-02-01', to: '2026-01-01' }));
  const state = await waitForState(store, (s) => s.statistics.error !== null);
  expect(state.statistics.error).toMatchObject({ status: 400, code: 'validation_failed', message: expect.stringContaining('2026-02-01') });
  expect(state.statistics.data).toBeNull();
});

test('a download fetches the .xlsx with the session under the current filters and saves it under its name', async () => {
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:statistics';
  });
  URL.revokeObjectURL = jest.fn();
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const store = startStore(signedInAs(ADMIN_CALLER as never));
  nockStatistics();
  store.dispatch(statisticsActions.filtersApplied({ registryId: 'r-1', registryShortName: 'RA-BIO', instituteId: '', from: '', to: '' }));
  await waitForState(store, (s) => s.statistics.data !== null);
  const file = nock(API, { reqheaders: { authorization: 'Bearer admin.token' } })
    .get('/api/v1/statistics/follow-up')
    .query({ name: 'RA-BIO', format: 'xlsx' })
    .reply(200, Buffer.from('PK statistics'), { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  store.dispatch(statisticsActions.downloadRequested('followUps'));
  await waitForState(store, (s) => s.statistics.downloading.length === 0 && created.length === 1);
  expect(file.isDone()).toBe(true);
  expect(saved).toEqual(['follow-up.xlsx']);

  nock(API).get('/api/v1/statistics/rejection-count').query(true).reply(400, { message: 'Unknown registry short name: NOPE.', statusCode: 400, code: 'validation_failed' });
  store.dispatch(statisticsActions.downloadRequested('rejections'));
  const failed = await waitForState(store, (s) => s.statistics.downloadError !== null);
  expect(failed.statistics.downloadError).toMatchObject({ status: 400, message: expect.stringContaining('Unknown registry short name: NOPE.') });
  expect(failed.statistics.downloading).toEqual([]);
  expect(saved).toEqual(['follow-up.xlsx']);
});
