// The institutes administration in the client with the real store and sagas, HTTP answered by
// nock: the grid's query goes out as list parameters, opening loads the main name and the usage,
// a save PUTs or POSTs and reloads the page, a refused delete keeps the server's text.
import nock from 'nock';
import type { Institute, InstituteInput } from '../../../src/api/institutes';
import { navEntriesFor } from '../../../src/app/navigation';
import { createGridQuery } from '../../../src/common/dataGrid';
import { institutesActions } from '../../../src/features/institutes/institutes.slice';
import { timeZoneOptions } from '../../../src/features/institutes/timeZones';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const SZLK: Institute = {
  id: 'i-1', name: 'Szent Lukács Kórház', nameHu: 'Szent Lukács Kórház', nameEn: "St. Luke's Hospital", shortName: 'SZLK', country: 'HU', city: 'Budapest',
  contactName: null, contactEmail: null, contactPhone: null, notes: null, timeZone: 'Europe/Budapest', postCode: null, region: null, address: null,
  lat: 47.5, lon: 19.04, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};
const { id: _id, createdAt: _c, updatedAt: _u, ...INPUT } = SZLK;

test('the grid query goes out with statistics; the answer fills the list', async () => {
  const store = startStore();
  nock(API).get('/api/v1/institutes').query({ offset: '0', limit: '20', statistics: 'true', sort: 'city' }).reply(200, { results: [SZLK], statistics: { total: 1 } });
  store.dispatch(institutesActions.listQueryChanged({ ...createGridQuery(20), sort: [{ field: 'city', direction: 'asc' }] }));
  const state = await waitForState(store, (s) => !s.institutes.list.loading);
  expect(state.institutes.list).toMatchObject({ items: [{ shortName: 'SZLK' }], total: 1, error: null });
});

test('opening an institute loads its main name and usage; a save PUTs it and reloads the page', async () => {
  const store = startStore();
  nock(API).get('/api/v1/institutes/i-1').query({ shouldLocalize: 'false' }).reply(200, { results: [SZLK] });
  nock(API).get('/api/v1/institutes/i-1/usage').reply(200, { results: [{ patients: 3, users: 2, attendances: 4, forms: 9 }] });
  store.dispatch(institutesActions.opened('i-1'));
  const open = await waitForState(store, (s) => s.institutes.editor.status === 'ready');
  expect(open.institutes.editor.usage).toEqual({ patients: 3, users: 2, attendances: 4, forms: 9 });

  const input: InstituteInput = { ...INPUT, timeZone: 'Europe/London' };
  const put = nock(API).put('/api/v1/institutes/i-1', input as unknown as nock.RequestBodyMatcher).reply(200, { results: [{ ...SZLK, timeZone: 'Europe/London' }], regenerated: { attendances: 4, forms: 9 } });
  store.dispatch(institutesActions.saveRequested({ id: 'i-1', input }));
  const saved = await waitForState(store, (s) => s.institutes.editor.status === 'saved');
  expect(put.isDone()).toBe(true);
  expect(saved.institutes.editor.institute?.timeZone).toBe('Europe/London');
});

test('a new institute is POSTed; bad input keeps the server\'s text and field errors', async () => {
  const store = startStore();
  store.dispatch(institutesActions.newStarted());
  nock(API)
    .post('/api/v1/institutes')
    .reply(400, { statusCode: 400, code: 'validation_failed', message: 'Can not add this institutes check your input! timeZone: invalid time zone', errors: [{ path: 'timeZone', key: 'api.invalidTimeZone', context: {} }] });
  store.dispatch(institutesActions.saveRequested({ id: null, input: { ...INPUT, shortName: 'NEW', timeZone: 'Mars/Base' } }));
  const state = await waitForState(store, (s) => s.institutes.editor.status === 'failed');
  expect(state.institutes.editor.error?.message).toContain('Can not add this institutes check your input!');
  expect(state.institutes.editor.error?.errors).toEqual([{ path: 'timeZone', key: 'api.invalidTimeZone', context: {} }]);
});

test('a refused delete shows "Can not delete this institutes!"; an accepted one empties the editor', async () => {
  const store = startStore();
  nock(API).delete('/api/v1/institutes/i-1').reply(409, { statusCode: 409, code: 'institute_in_use', message: 'Can not delete this institutes! (Patients: 3, users: 2.)' });
  store.dispatch(institutesActions.deleteRequested('i-1'));
  const refused = await waitForState(store, (s) => s.institutes.editor.status === 'failed');
  expect(refused.institutes.editor.error?.message).toContain('Can not delete this institutes!');
  nock(API).delete('/api/v1/institutes/i-2').reply(204);
  store.dispatch(institutesActions.deleteRequested('i-2'));
  await waitForState(store, (s) => s.institutes.editor.status === 'deleted');
});

test('the time-zone picker offers the IANA zones and keeps an unlisted current value; menus by role', () => {
  const zones = timeZoneOptions('Europe/Budapest');
  expect(zones).toContain('Europe/Budapest');
  expect(zones).toContain('America/New_York');
  expect(timeZoneOptions('Etc/Unlisted')[0]).toBe('Etc/Unlisted');
  expect(navEntriesFor(['admin'], 'top').map((e) => e.id)).toContain('institutes');
  expect(navEntriesFor(['local_administrator'], 'top').map((e) => e.id)).not.toContain('institutes');
  expect(navEntriesFor(['impersonator'], 'user').map((e) => e.id)).toContain('actAs');
  expect(navEntriesFor(['local_investigator'], 'user').map((e) => e.id)).not.toContain('actAs');
});
