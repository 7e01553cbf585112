// Registries and form types in the client with the real store and sagas, HTTP answered by nock:
// the verbose registry reads, a form type with its versions and the latest descriptor, a JSON
// version upload (refused with the server's paths, or saved and shown), and a REDCap import
// previewed without saving, then confirmed.
import nock from 'nock';
import type { FormType, RedcapImportAnswer } from '../../../src/api/registries';
import { formTypesActions } from '../../../src/features/formTypes/formTypes.slice';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const TYPE: FormType = {
  id: 103, registryId: 'r-1', displayId: 'RA-AE', name: 'Adverse event', nameHu: 'Nemkívánatos esemény', nameEn: 'Adverse event', shortName: 'AE',
  locales: ['hu', 'en'], behaviorType: 'any', startDatetimeFieldId: null, endDatetimeFieldId: null, patientNameFieldId: 'patient', lastVersion: 1, externalFields: [],
};
const V1 = { version: 1, locales: ['en', 'hu'], createdAt: '2026-01-01T00:00:00.000Z' };
const V2 = { version: 2, locales: ['en', 'hu'], createdAt: '2026-02-01T00:00:00.000Z' };
const DOC = { formTypeId: 103, version: 1, locale: 'en' };

test('the registries list and one registry are read verbose', async () => {
  const store = startStore();
  nock(API).get('/api/v1/registries').query({ verbose: 'true', limit: '100' }).reply(200, { results: [{ id: 'r-1', name: 'RA', shortName: 'RA-BIO', formTypes: [TYPE] }] });
  store.dispatch(formTypesActions.registriesRequested());
  const list = await waitForState(store, (s) => s.formTypes.registries.status === 'ready');
  expect(list.formTypes.registries.items[0].formTypes?.[0].displayId).toBe('RA-AE');

  nock(API).get('/api/v1/registries/r-1').query({ verbose: 'true' }).reply(200, { results: [{ id: 'r-1', name: 'RA', periods: [] }] });
  store.dispatch(formTypesActions.registryRequested('r-1'));
  expect((await waitForState(store, (s) => s.formTypes.registry.status === 'ready')).formTypes.registry.item).toMatchObject({ id: 'r-1', periods: [] });

  nock(API).get('/api/v1/registries/nope').query(true).reply(404, { statusCode: 404, code: 'not_found', message: 'Registry not found' });
  store.dispatch(formTypesActions.registryRequested('nope'));
  const failed = await waitForState(store, (s) => s.formTypes.registry.status === 'failed');
  expect(failed.formTypes.registry.error).toMatchObject({ code: 'not_found', message: 'Registry not found (404)' });
});

async function openedStore(): Promise<ReturnType<typeof startStore>> {
  const store = startStore();
  nock(API).get('/api/v1/form-types/103').reply(200, { results: [TYPE] });
  nock(API).get('/api/v1/form-types/103/form-descriptors').reply(200, { results: [V1] });
  nock(API).get('/api/v1/form-types/103/form-descriptors/1').query({ locale: 'en' }).reply(200, { results: [DOC] });
  store.dispatch(formTypesActions.formTypeRequested({ id: 103, locale: 'en' }));
  await waitForState(store, (s) => s.formTypes.formType.descriptor !== null);
  return store;
}

test('opening a form type loads it, its versions and the latest descriptor; another version is fetched on choice', async () => {
  const store = await openedStore();
  expect(store.getState().formTypes.formType).toMatchObject({ status: 'ready', versions: [V1], chosen: { version: 1, locale: 'en' }, descriptor: DOC });
  nock(API).get('/api/v1/form-types/103/form-descriptors/1').query({ locale: 'hu' }).reply(200, { results: [{ ...DOC, locale: 'hu' }] });
  store.dispatch(formTypesActions.versionChosen({ version: 1, locale: 'hu' }));
  const hu = await waitForState(store, (s) => s.formTypes.formType.descriptor !== null);
  expect(hu.formTypes.formType.descriptor).toMatchObject({ locale: 'hu' });
});

test('a refused upload keeps the server message naming the path; a saved one shows the new version', async () => {
  const store = await openedStore();
  nock(API)
    .post('/api/v1/form-types/103/form-descriptors', { descriptors: [{ bad: true }] })
    .reply(400, { statusCode: 400, code: 'invalid_descriptor', message: 'The form descriptor is not valid: descriptors[0].sections: is required', errors: [{ path: 'descriptors[0].sections', key: 'descriptor.invalid' }] });
  store.dispatch(formTypesActions.uploadRequested({ id: 103, descriptors: [{ bad: true }] }));
  const refused = await waitForState(store, (s) => s.formTypes.upload.status === 'failed');
  expect(refused.formTypes.upload.error).toMatchObject({ code: 'invalid_descriptor', message: 'The form descriptor is not valid: descriptors[0].sections: is required (400)' });
  expect(refused.formTypes.formType.item?.lastVersion).toBe(1);

  nock(API).post('/api/v1/form-types/103/form-descriptors', { descriptors: [DOC] }).reply(201, { results: [{ ...TYPE, lastVersion: 2 }] });
  nock(API).get('/api/v1/form-types/103/form-descriptors').reply(200, { results: [V2, V1] });
  nock(API).get('/api/v1/form-types/103/form-descriptors/2').query({ locale: 'hu' }).reply(200, { results: [{ ...DOC, version: 2, locale: 'hu' }] });
  store.dispatch(formTypesActions.uploadRequested({ id: 103, descriptors: [DOC] }));
  const saved = await waitForState(store, (s) => s.formTypes.upload.status === 'done' && s.formTypes.formType.descriptor?.version === 2);
  expect(saved.formTypes.formType).toMatchObject({ item: { lastVersion: 2 }, versions: [V2, V1], chosen: { version: 2 }, descriptor: { version: 2 } });
});

test('a REDCap preview is shown without saving; confirming saves it and shows the new version; a bad CSV keeps the message', async () => {
  const store = await openedStore();
  const preview: RedcapImportAnswer = { version: 2, saved: false, descriptor: { ...DOC, version: 2 }, report: [{ row: 2, variable: 'record_id', code: 'recordId', message: 'not imported' }] };
  nock(API).post('/api/v1/form-types/103/redcap-import', { csv: 'x', confirm: false }).reply(200, { results: [preview] });
  store.dispatch(formTypesActions.redcapRequested({ id: 103, csv: 'x', confirm: false }));
  const previewed = await waitForState(store, (s) => s.formTypes.redcap.answer !== null);
  expect(previewed.formTypes.redcap).toMatchObject({ status: 'idle', answer: { saved: false, report: [{ variable: 'record_id' }] } });
  expect(previewed.formTypes.formType.item?.lastVersion).toBe(1);

  nock(API).post('/api/v1/form-types/103/redcap-import', { csv: 'x', confirm: true }).reply(201, { results: [{ ...preview, saved: true }] });
  nock(API).get('/api/v1/form-types/103').reply(200, { results: [{ ...TYPE, lastVersion: 2 }] });
  nock(API).get('/api/v1/form-types/103/form-descriptors').reply(200, { results: [V2, V1] });
  nock(API).get('/api/v1/form-types/103/form-descriptors/2').query({ locale: 'hu' }).reply(200, { results: [{ ...DOC, version: 2 }] });
  store.dispatch(formTypesActions.redcapRequested({ id: 103, csv: 'x', confirm: true }));
  const saved = await waitForState(store, (s) => s.formTypes.redcap.status === 'done' && s.formTypes.formType.descriptor?.version === 2);
  expect(saved.formTypes.formType).toMatchObject({ item: { lastVersion: 2 }, chosen: { version: 2 } });

  nock(API).post('/api/v1/form-types/103/redcap-import').reply(400, { statusCode: 400, code: 'invalid_dictionary', message: 'The file is not a REDCap data dictionary: csv.header: missing columns' });
  store.dispatch(formTypesActions.redcapRequested({ id: 103, csv: 'name,age', confirm: false }));
  const bad = await waitForState(store, (s) => s.formTypes.redcap.status === 'failed');
  expect(bad.formTypes.redcap.error?.message).toBe('The file is not a REDCap data dictionary: csv.header: missing columns (400)');
});
