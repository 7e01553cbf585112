// The application-log and mailing-list sagas with the real store, HTTP answered by nock: the grid
// call carries the range, search and raw option; an entry loads for the pane; the mailing list's
// status, a run, and a refused run that is still shown from the recorded status.
import nock from 'nock';
import { applicationLogActions } from '../../../src/features/applicationLog/applicationLog.slice';
import { mailingListActions } from '../../../src/features/mailingList/mailingList.slice';
import { createGridQuery } from '../../../src/common/dataGrid';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { ADMIN, list, signedInAs } from '../admin/adminFixtures';
import { logEntry, run } from './adminLogFixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

test('the grid call carries the range, search and raw; a new range starts at the first page', async () => {
  const store = startStore(signedInAs(ADMIN));
  nock(API).get('/api/v1/application-log').query({ offset: '0', limit: '10', statistics: 'true' }).reply(200, list([logEntry()], 31));
  store.dispatch(applicationLogActions.listQueryChanged(createGridQuery(10)));
  await waitForState(store, (s) => s.applicationLog.list.total === 31);
  nock(API).get('/api/v1/application-log').query({ offset: '20', limit: '10', statistics: 'true' }).reply(200, list([logEntry({ id: 'e-3' })], 31));
  store.dispatch(applicationLogActions.listQueryChanged({ ...createGridQuery(10), offset: 20 }));
  await waitForState(store, (s) => s.applicationLog.list.items[0]?.id === 'e-3');

  const ranged = nock(API)
    .get('/api/v1/application-log')
    .query({ offset: '0', limit: '10', statistics: 'true', from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T00:00:00.000Z', search: 'zebra', raw: 'true' })
    .reply(200, list([logEntry({ id: 'e-2', raw: { id: 'e-2' } })], 1));
  store.dispatch(applicationLogActions.rawToggled(true));
  nock(API).get('/api/v1/application-log').query(true).reply(200, list([], 0));
  store.dispatch(applicationLogActions.rangeChanged({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T00:00:00.000Z', search: ' zebra ' }));
  const state = await waitForState(store, (s) => s.applicationLog.list.items[0]?.id === 'e-2');
  expect(ranged.isDone()).toBe(true);
  expect(state.applicationLog.list.query?.offset).toBe(0);
});

test('a refused range keeps the server\'s message for the screen', async () => {
  const store = startStore(signedInAs(ADMIN));
  nock(API).get('/api/v1/application-log').query(true).reply(400, { message: 'Invalid request: "from" date have to be earlier than "to" date', statusCode: 400, code: 'validation_failed', errors: [{ path: 'from', key: 'string.dateRange', context: {} }] });
  store.dispatch(applicationLogActions.listQueryChanged(createGridQuery(10)));
  const state = await waitForState(store, (s) => s.applicationLog.list.error !== null);
  expect(state.applicationLog.list.error).toMatchObject({ status: 400, errors: [{ path: 'from' }] });
});

test('opening an entry loads it, with the stored row when raw is on', async () => {
  const store = startStore(signedInAs(ADMIN));
  store.dispatch(applicationLogActions.rawToggled(true));
  nock(API).get('/api/v1/application-log/e-9').query({ raw: 'true' }).reply(200, { results: [logEntry({ id: 'e-9', raw: { id: 'e-9', msg: 'event' } })] });
  store.dispatch(applicationLogActions.entryOpened('e-9'));
  const state = await waitForState(store, (s) => s.applicationLog.detail.entry?.id === 'e-9');
  expect(state.applicationLog.detail.entry?.raw).toEqual({ id: 'e-9', msg: 'event' });
});

test('the mailing list: status, a run that updates the last run, and a refused run shown from the record', async () => {
  const store = startStore(signedInAs(ADMIN));
  nock(API).get('/api/v1/mailchimp-list').reply(200, { results: [{ configured: true, missingSettings: [], lastRun: null }] });
  store.dispatch(mailingListActions.statusRequested());
  await waitForState(store, (s) => s.mailingList.status?.configured === true);

  nock(API).post('/api/v1/mailchimp-list/update').reply(200, { results: [run({ upserted: 12 })] });
  store.dispatch(mailingListActions.updateRequested());
  const done = await waitForState(store, (s) => !s.mailingList.running && s.mailingList.status?.lastRun !== null);
  expect(done.mailingList.status?.lastRun?.upserted).toBe(12);

  nock(API).post('/api/v1/mailchimp-list/update').reply(502, { message: 'Mailchimp refused the API key: check MAILCHIMP_API_KEY', statusCode: 502, code: 'mailing_list_refused' });
  nock(API).get('/api/v1/mailchimp-list').reply(200, { results: [{ configured: true, missingSettings: [], lastRun: run({ stopped: true, upserted: 0 }) }] });
  store.dispatch(mailingListActions.updateRequested());
  const refused = await waitForState(store, (s) => s.mailingList.status?.lastRun?.stopped === true);
  expect(refused.mailingList.error).toMatchObject({ status: 502, code: 'mailing_list_refused' });
});
