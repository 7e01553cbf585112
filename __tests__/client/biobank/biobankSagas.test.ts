// The biobank sagas with the real store, HTTP answered by nock: the list sends its filters as the
// contract's query; a scanned number opens its sample, anything else narrows the list; a refused
// position (409) is told apart and the box is read again; linking reloads the form's samples; a
// refused link keeps the server's reason; labels and the dashboard card load their samples.
import nock from 'nock';
import { biobankActions } from '../../../src/features/biobank/biobank.slice';
import { createGridQuery } from '../../../src/common/dataGrid';
import { API, startStore, waitForState } from '../../helpers/storeHelpers';
import { box, list, sample, signedInAs } from './biobankFixtures';

jest.setTimeout(15_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

test('the list sends page, order and every filter of the filter bar as the contract query', async () => {
  const store = startStore(signedInAs());
  store.dispatch(biobankActions.scopeChanged('i-1'));
  let asked: Record<string, string> = {};
  nock(API)
    .get('/api/v1/institutes/i-1/bio-samples')
    .query((query) => {
      asked = query as Record<string, string>;
      return true;
    })
    .reply(200, list([sample()], 41));
  store.dispatch(biobankActions.listQueryChanged({ ...createGridQuery(20), sort: [{ field: 'sampleNumber', direction: 'desc' }] }));
  await waitForState(store, (s) => !s.biobank.list.loading && s.biobank.list.total === 41);
  expect(asked).toMatchObject({ offset: '0', limit: '20', sort: '-sampleNumber', statistics: 'true' });

  nock(API)
    .get('/api/v1/institutes/i-1/bio-samples')
    .query((query) => {
      asked = query as Record<string, string>;
      return true;
    })
    .reply(200, list([], 0));
  store.dispatch(biobankActions.filtersChanged({ bioSampleTypeId: 't-1', state: 'localized', patientId: 'p-1', boxId: 'b-1', collectedFrom: '2026-03-01', collectedTo: '2026-03-31' }));
  await waitForState(store, (s) => !s.biobank.list.loading && s.biobank.list.total === 0);
  expect(asked).toMatchObject({ bioSampleTypeId: 't-1', state: 'localized', patientId: 'p-1', boxId: 'b-1', collectedFrom: '2026-03-01', collectedTo: '2026-03-31', offset: '0' });
});

test('the central biobank reads /bio-samples, over every institute', async () => {
  const store = startStore(signedInAs());
  store.dispatch(biobankActions.scopeChanged(null));
  nock(API).get('/api/v1/bio-samples').query(true).reply(200, list([sample(), sample({ id: 's-2', institute: { id: 'i-2', name: 'Duna Klinika' } })]));
  store.dispatch(biobankActions.listQueryChanged(createGridQuery(20)));
  const state = await waitForState(store, (s) => s.biobank.list.items.length === 2);
  expect(state.biobank.list.items.map((s) => s.institute.id)).toEqual(['i-1', 'i-2']);
});

test('a scanned sample number opens exactly that sample; a fragment narrows the list instead', async () => {
  const store = startStore(signedInAs());
  store.dispatch(biobankActions.scopeChanged('i-1'));
  nock(API)
    .get('/api/v1/institutes/i-1/bio-samples')
    .query((q) => q.search === 'RAB-000001')
    .reply(200, list([sample({ id: 's-10', sampleNumber: 'RAB-0000010' }), sample()]));
  store.dispatch(biobankActions.scanSubmitted(' RAB-000001 '));
  const opened = await waitForState(store, (s) => s.biobank.scan.openId !== null);
  expect(opened.biobank.scan.openId).toBe('s-1');

  store.dispatch(biobankActions.listQueryChanged(createGridQuery(20)));
  nock(API).get('/api/v1/institutes/i-1/bio-samples').query((q) => q.search === 'RAB-0' && q.limit === '5').reply(200, list([sample()]));
  const listed = nock(API).get('/api/v1/institutes/i-1/bio-samples').query((q) => q.search === 'RAB-0' && q.limit === '20').reply(200, list([sample()]));
  nock(API).get('/api/v1/institutes/i-1/bio-samples').query((q) => q.search === undefined).reply(200, list([]));
  store.dispatch(biobankActions.scanSubmitted('RAB-0'));
  const narrowed = await waitForState(store, (s) => s.biobank.scan.status === 'notFound' && s.biobank.filters.search === 'RAB-0' && !s.biobank.list.loading && s.biobank.list.items.length === 1);
  expect(narrowed.biobank.scan.openId).toBeNull();
  expect(listed.isDone()).toBe(true);
});

test('a position taken meanwhile (409) is told apart from other failures, and the box is read again', async () => {
  const store = startStore(signedInAs());
  store.dispatch(biobankActions.boxLoaded(box()));
  let body: unknown;
  nock(API)
    .put('/api/v1/institutes/i-1/bio-samples/s-1', (b) => {
      body = b;
      return true;
    })
    .reply(409, { message: 'This position is already taken', statusCode: 409, code: 'position_taken' });
  const reread = nock(API)
    .get('/api/v1/institutes/i-1/bio-sample-boxes/b-1')
    .reply(200, { results: [box({ occupied: [{ row: 2, column: 3, sampleId: 's-7', sampleNumber: 'RAB-000007' }] })] });
  store.dispatch(biobankActions.saveRequested({ scope: 'i-1', id: 's-1', input: { localization: { boxId: 'b-1', row: 2, column: 3 }, version: 3 } }));
  const state = await waitForState(store, (s) => s.biobank.editor.status === 'failed' && s.biobank.box.status === 'ready' && s.biobank.box.item?.occupied?.[0]?.sampleId === 's-7');
  expect(state.biobank.editor.positionTaken).toBe(true);
  expect(body).toEqual({ localization: { boxId: 'b-1', row: 2, column: 3 }, version: 3 });
  expect(reread.isDone()).toBe(true);

  nock(API).put('/api/v1/institutes/i-1/bio-samples/s-1').reply(409, { message: 'The sample was changed meanwhile', statusCode: 409, code: 'stale_version', currentVersion: 4 });
  store.dispatch(biobankActions.saveRequested({ scope: 'i-1', id: 's-1', input: { localization: { boxId: 'b-1', row: 3, column: 3 }, version: 3 } }));
  const refused = await waitForState(store, (s) => s.biobank.editor.status === 'failed' && s.biobank.editor.error?.code === 'stale_version');
  expect(refused.biobank.editor.positionTaken).toBe(false);
});

test('a new derived sample is posted with its ancestor and the open ancestor page is read again', async () => {
  const store = startStore(signedInAs());
  store.dispatch(biobankActions.scopeChanged('i-1'));
  nock(API).get('/api/v1/institutes/i-1/bio-samples/s-1').reply(200, { results: [sample()] });
  nock(API).get('/api/v1/patients/p-1/bio-samples').reply(200, list([sample()]));
  nock(API).get('/api/v1/bio-samples/s-1/history').reply(200, list([]));
  nock(API).get('/api/v1/bio-samples/s-1/attachable-forms').reply(403, { message: 'no', statusCode: 403, code: 'forbidden' });
  store.dispatch(biobankActions.sampleRequested({ scope: 'i-1', id: 's-1' }));
  await waitForState(store, (s) => s.biobank.sample.status === 'ready');

  let posted: unknown;
  nock(API)
    .post('/api/v1/institutes/i-1/bio-samples', (b) => {
      posted = b;
      return true;
    })
    .reply(201, { results: [sample({ id: 's-2', sampleNumber: 'RAB-000002', ancestorSample: { id: 's-1', sampleNumber: 'RAB-000001' } })] });
  const derived = sample({ id: 's-2', sampleNumber: 'RAB-000002', ancestorSample: { id: 's-1', sampleNumber: 'RAB-000001' } });
  nock(API).get('/api/v1/institutes/i-1/bio-samples/s-1').reply(200, { results: [sample({ descendantCount: 1 })] });
  nock(API).get('/api/v1/patients/p-1/bio-samples').reply(200, list([sample({ descendantCount: 1 }), derived]));
  nock(API).get('/api/v1/bio-samples/s-1/history').reply(200, list([]));
  nock(API).get('/api/v1/bio-samples/s-1/attachable-forms').reply(200, list([]));
  store.dispatch(biobankActions.saveRequested({ scope: 'i-1', id: null, input: { registryId: 'r-1', patientId: 'p-1', bioSampleTypeId: 't-1', sampleCollectedAt: '2026-03-02T08:30:00.000Z', ancestorSampleId: 's-1', amount: 1 } }));
  const state = await waitForState(store, (s) => s.biobank.editor.status === 'saved' && s.biobank.sample.family.length === 2);
  expect(state.biobank.editor.saved?.sampleNumber).toBe('RAB-000002');
  expect(posted).toMatchObject({ ancestorSampleId: 's-1', patientId: 'p-1', registryId: 'r-1' });
  expect(state.biobank.sample.item?.descendantCount).toBe(1);
});

test('attaching from the form panel reloads its samples; a refused link keeps the reason', async () => {
  const store = startStore(signedInAs());
  const attachedSample = sample({ connectedForms: [{ id: 'f-1', displayId: 'BL-1', formTypeName: 'Baseline' }] });
  nock(API).get('/api/v1/patients/p-1/bio-samples').reply(200, list([sample()]));
  nock(API).get('/api/v1/forms/f-1/attachable-bio-samples').reply(200, list([sample()]));
  store.dispatch(biobankActions.formSamplesRequested({ formId: 'f-1', patientId: 'p-1' }));
  await waitForState(store, (s) => s.biobank.form.status === 'ready' && s.biobank.form.attachable.length === 1);

  let attachBody: unknown;
  nock(API)
    .post('/api/v1/forms/f-1/attached-bio-samples', (b) => {
      attachBody = b;
      return true;
    })
    .reply(200, { results: [attachedSample] });
  nock(API).get('/api/v1/patients/p-1/bio-samples').reply(200, list([attachedSample]));
  nock(API).get('/api/v1/forms/f-1/attachable-bio-samples').reply(200, list([]));
  store.dispatch(biobankActions.attachRequested({ formId: 'f-1', sampleId: 's-1' }));
  const state = await waitForState(store, (s) => s.biobank.form.status === 'ready' && s.biobank.form.attached.length === 1);
  expect(attachBody).toEqual({ sampleId: 's-1' });
  expect(state.biobank.form.attachable).toEqual([]);

  nock(API).post('/api/v1/forms/f-1/attached-bio-samples/s-1/detach').reply(409, { message: 'There was an error in the linking process!', statusCode: 409, code: 'bio_sample_link_failed' });
  store.dispatch(biobankActions.detachRequested({ formId: 'f-1', sampleId: 's-1' }));
  const refused = await waitForState(store, (s) => s.biobank.form.error !== null);
  expect(refused.biobank.form.error?.message).toContain('There was an error in the linking process!');
  expect(refused.biobank.form.attached).toHaveLength(1);
});

test('labels read each chosen sample; the card reads the institute summary', async () => {
  const store = startStore(signedInAs());
  nock(API).get('/api/v1/bio-samples/s-1').reply(200, { results: [sample()] });
  nock(API).get('/api/v1/bio-samples/s-2').reply(200, { results: [sample({ id: 's-2', sampleNumber: 'RAB-000002' })] });
  store.dispatch(biobankActions.labelsRequested({ scope: null, ids: ['s-1', 's-2'] }));
  const labels = await waitForState(store, (s) => s.biobank.labels.status === 'ready');
  expect(labels.biobank.labels.items.map((s) => s.sampleNumber)).toEqual(['RAB-000001', 'RAB-000002']);

  nock(API).get('/api/v1/institutes/i-1/bio-samples-summary').reply(200, { results: [{ counts: { arrived: 2 }, awaitingLocalization: [sample()] }] });
  store.dispatch(biobankActions.summaryRequested('i-1'));
  const card = await waitForState(store, (s) => s.biobank.summary.status === 'ready');
  expect(card.biobank.summary.data?.counts.arrived).toBe(2);
});
