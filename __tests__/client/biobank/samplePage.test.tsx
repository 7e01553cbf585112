// The sample page: its lineage as a tree (ancestor, this sample, derived ones), its chain of custody
// in words, its connected forms, and placing it in a box: a position taken meanwhile (409) is said
// plainly and the map drawn again; a read-only caller gets no edit, place or detach controls.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { SamplePage } from '../../../src/features/biobank/SamplePage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { answerReferences, box, list, sample, signedInAs, SZLK } from './biobankFixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const routes = [{ path: '/biobank/samples/:sampleId', element: <SamplePage /> }];

const parent = sample({ id: 's-0', sampleNumber: 'RAB-000000', virtual: true, amount: null, descendantCount: 1 });
const current = sample({ ancestorSample: { id: 's-0', sampleNumber: 'RAB-000000' }, descendantCount: 1, connectedForms: [{ id: 'f-1', displayId: 'BL-1', formTypeName: 'Baseline' }], sampleParameters: { centrifugeMinutes: 15 } });
const child = sample({ id: 's-3', sampleNumber: 'RAB-000003', ancestorSample: { id: 's-1', sampleNumber: 'RAB-000001' } });

function answerSample(item = current): void {
  nock(API).get('/api/v1/institutes/i-1/bio-samples/s-1').reply(200, { results: [item] });
  nock(API).get('/api/v1/patients/p-1/bio-samples').reply(200, list([parent, item, child]));
  nock(API)
    .get('/api/v1/bio-samples/s-1/history')
    .reply(200, list([{ id: 'h-1', operation: 'arrived', at: '2026-03-02T10:00:00.000Z', user: { id: 'u-bio', name: 'Tóth Réka' }, onBehalfOf: null, changes: { arrivedToBiobankAt: [null, '2026-03-02T10:00:00.000Z'] } }]));
  nock(API).get('/api/v1/bio-samples/s-1/attachable-forms').reply(200, list([]));
}

test('the lineage is a tree from the ancestor through this sample to the derived one; custody reads as sentences', async () => {
  const preloadedState = signedInAs();
  answerReferences();
  answerSample();
  renderWithProviders(<></>, { preloadedState, routes, route: '/biobank/samples/s-1' });
  expect(await screen.findByRole('heading', { name: 'Bio sample RAB-000001' })).toBeInTheDocument();
  const tree = screen.getByRole('list', { name: 'Ancestor and derived samples' });
  const root = within(tree).getByRole('link', { name: 'RAB-000000 · Serum' });
  const nested = within(tree).getAllByRole('group')[0];
  expect(within(nested).getByText(/RAB-000001 · Serum \(this sample\)/)).toBeInTheDocument();
  expect(within(nested).getByRole('link', { name: 'RAB-000003 · Serum' })).toHaveAttribute('href', '/biobank/samples/s-3');
  expect(root).toHaveAttribute('href', '/biobank/samples/s-0');
  const custody = screen.getByRole('list', { name: 'Chain of custody' });
  expect(custody).toHaveTextContent('Arrived to the biobank by Tóth Réka');
  expect(custody).toHaveTextContent(/arrivedToBiobankAt: — → 2 Mar 2026, \d\d:00/);
  expect(screen.getByRole('link', { name: 'Baseline (BL-1)' })).toHaveAttribute('href', '/forms/f-1');
  // The type's parameter is named by its label.
  await waitFor(() => expect(screen.getByRole('row', { name: 'Centrifugation (minutes) 15' })).toBeInTheDocument());
});

test('placing the sample: a position taken meanwhile is said plainly and the map shows its new holder', async () => {
  const preloadedState = signedInAs();
  answerReferences();
  answerSample();
  renderWithProviders(<></>, { preloadedState, routes, route: '/biobank/samples/s-1' });
  const storage = await screen.findByRole('region', { name: 'Storage' });
  expect(storage).toHaveTextContent('The sample has no position yet.');
  nock(API).get('/api/v1/institutes/i-1/bio-sample-boxes/b-1').reply(200, { results: [box()] });
  await userEvent.click(await within(storage).findByRole('combobox', { name: 'Box' }));
  await userEvent.click(await screen.findByRole('option', { name: 'F1 / C2 / Box A (11 free)' }));
  fireEvent.click(await within(storage).findByRole('gridcell', { name: 'row 2, column 3, free' }));

  nock(API).put('/api/v1/institutes/i-1/bio-samples/s-1').reply(409, { message: 'This position is already taken', statusCode: 409, code: 'position_taken' });
  nock(API)
    .get('/api/v1/institutes/i-1/bio-sample-boxes/b-1')
    .reply(200, { results: [box({ occupied: [{ row: 2, column: 3, sampleId: 's-7', sampleNumber: 'RAB-000007' }] })] });
  fireEvent.click(within(storage).getByRole('button', { name: 'Place at row 2, column 3' }));
  expect(await within(storage).findByRole('alert')).toHaveTextContent('That position was taken meanwhile by another sample.');
  expect(await within(storage).findByRole('gridcell', { name: 'row 2, column 3, holds RAB-000007' })).toHaveAttribute('aria-disabled', 'true');
  expect(within(storage).queryByRole('button', { name: /Place at/ })).not.toBeInTheDocument();
});

test('a caller with the read code only inspects: no edit, no placing, no detaching', async () => {
  const preloadedState = signedInAs({ id: 'u-2', name: 'Dr. Nagy Eszter', roles: ['local_investigator'], institute: SZLK });
  answerReferences(['read_institute_bio_sample']);
  answerSample(sample({ ...current, localization: { boxId: 'b-1', fridge: 'F1', compartment: 'C2', box: 'Box A', row: 3, column: 4 } }));
  nock(API).get('/api/v1/institutes/i-1/bio-sample-boxes/b-1').reply(200, { results: [box({ occupied: [{ row: 3, column: 4, sampleId: 's-1', sampleNumber: 'RAB-000001' }] })] });
  renderWithProviders(<></>, { preloadedState, routes, route: '/biobank/samples/s-1' });
  const storage = await screen.findByRole('region', { name: 'Storage' });
  expect(storage).toHaveTextContent('F1 / C2 / Box A, row 3, column 4');
  expect(await within(storage).findByRole('gridcell', { name: 'row 3, column 4, this sample (RAB-000001)' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('link', { name: 'Print label' })).toBeInTheDocument());
  expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Take out of the box' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Detach/ })).not.toBeInTheDocument();
});
