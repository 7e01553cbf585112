// The status-matrix saga on the real store against nock: one request per page with the list
// parameters, the answer's columns and rows kept, a failure kept as a plain error, the picker's
// registries, and a newer query winning over an older one still on its way.
import nock from 'nock';
import { statusMatrixActions } from '../../../src/features/statusMatrix/statusMatrix.slice';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { answerStartup, dashboardRegistry, list, signedIn } from '../clinical/fixtures';
import { matrixAnswer, row } from './fixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

test('a page is one request with offset, limit, statistics, filter and sort; columns and rows are kept', async () => {
  const scope = nock(API, { reqheaders: { authorization: 'Bearer clinical.token' } })
    .get('/api/v1/registries/r-1/status-matrix')
    .query({ offset: '20', limit: '20', statistics: 'true', filter: 'instituteId==i-1,needsMyAction==true', sort: '-startDateTime' })
    .reply(200, matrixAnswer([row()], 41));
  const store = startStore(signedIn);
  store.dispatch(
    statusMatrixActions.queryChanged({
      registryId: 'r-1',
      query: {
        offset: 20,
        limit: 20,
        filter: [
          { field: 'instituteId', operator: '==', value: 'i-1' },
          { field: 'needsMyAction', operator: '==', value: 'true' },
        ],
        sort: [{ field: 'startDateTime', direction: 'desc' }],
      },
    }),
  );
  const state = await waitForState(store, (s) => !s.statusMatrix.loading && s.statusMatrix.rows.length === 1);
  expect(state.statusMatrix.total).toBe(41);
  expect(state.statusMatrix.columns.map((c) => c.periodName)).toEqual(['Baseline', 'Baseline', 'Month 3']);
  expect(state.statusMatrix.institutes.map((i) => i.shortName)).toEqual(['SZLK', 'DEK']);
  expect(state.statusMatrix.rows[0].cells[1]).toHaveLength(2);
  expect(scope.isDone()).toBe(true);
});

test('a failed page is kept as a plain error', async () => {
  nock(API).get('/api/v1/registries/r-1/status-matrix').query(true).reply(403, { message: 'No permission', statusCode: 403, code: 'forbidden' });
  const store = startStore(signedIn);
  store.dispatch(statusMatrixActions.queryChanged({ registryId: 'r-1', query: { offset: 0, limit: 10, filter: [], sort: [] } }));
  const state = await waitForState(store, (s) => s.statusMatrix.error !== null);
  expect(state.statusMatrix.loading).toBe(false);
  expect(state.statusMatrix.error).toMatchObject({ code: 'forbidden', status: 403 });
});

test('the latest query wins: a slow older page does not overwrite a newer one', async () => {
  nock(API).get('/api/v1/registries/r-1/status-matrix').query({ offset: '0', limit: '10', statistics: 'true' }).delay(300).reply(200, matrixAnswer([row({ attendanceId: 'old' })]));
  nock(API).get('/api/v1/registries/r-1/status-matrix').query({ offset: '10', limit: '10', statistics: 'true' }).reply(200, matrixAnswer([row({ attendanceId: 'new' })], 11));
  const store = startStore(signedIn);
  store.dispatch(statusMatrixActions.queryChanged({ registryId: 'r-1', query: { offset: 0, limit: 10, filter: [], sort: [] } }));
  store.dispatch(statusMatrixActions.queryChanged({ registryId: 'r-1', query: { offset: 10, limit: 10, filter: [], sort: [] } }));
  const state = await waitForState(store, (s) => !s.statusMatrix.loading && s.statusMatrix.rows.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(store.getState().statusMatrix.rows.map((r) => r.attendanceId)).toEqual(['new']);
  expect(state.statusMatrix.total).toBe(11);
});

test('the picker loads the accessible registries', async () => {
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry(), dashboardRegistry({ id: 'r-2', name: 'Oncology trial' })]));
  const store = startStore(signedIn);
  store.dispatch(statusMatrixActions.registriesRequested());
  const state = await waitForState(store, (s) => s.statusMatrix.registries.status === 'ready');
  expect(state.statusMatrix.registries.items.map((r) => r.name)).toEqual(['Rheumatoid arthritis registry', 'Oncology trial']);
});
