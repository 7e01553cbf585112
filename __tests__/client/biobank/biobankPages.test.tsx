// The biobank pages by role: the list with its "New sample" for holders of the create code only,
// a scanned number that opens its sample, a refusal in words; the labels page draws barcodes and prints.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { BiobankListPage, CentralBiobankPage } from '../../../src/features/biobank/BiobankListPage';
import { LabelsPage } from '../../../src/features/biobank/LabelsPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { answerReferences, list, sample, signedInAs, SZLK } from './biobankFixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const routes = [
  { path: '/biobank', element: <BiobankListPage /> },
  { path: '/central-biobank', element: <CentralBiobankPage /> },
  { path: '/biobank/samples/:sampleId', element: <p>the sample page</p> },
  { path: '/biobank/labels', element: <LabelsPage /> },
];

test('a biobank administrator sees the institute samples, may register one, and a scanned number opens its sample', async () => {
  const preloadedState = signedInAs();
  answerReferences();
  nock(API).get('/api/v1/institutes/i-1/bio-samples').query((q) => q.search === undefined).reply(200, list([sample(), sample({ id: 's-2', sampleNumber: 'RAB-000002', state: 'localized' })]));
  renderWithProviders(<></>, { preloadedState, routes, route: '/biobank' });
  const grid = await screen.findByRole('table', { name: 'Bio samples' });
  await within(grid).findByRole('link', { name: 'Open RAB-000002' });
  expect(within(grid).getByText('Localized')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'New sample' })).toHaveAttribute('href', '/biobank/new');

  nock(API).get('/api/v1/institutes/i-1/bio-samples').query((q) => q.search === 'RAB-000002').reply(200, list([sample({ id: 's-2', sampleNumber: 'RAB-000002' })]));
  // A scanner types the number and Enter, as a keyboard would.
  await userEvent.type(screen.getByRole('textbox', { name: 'Search or scan a sample number' }), 'RAB-000002{Enter}');
  expect(await screen.findByText('the sample page')).toBeInTheDocument();
});

test('a search the list keeps is shown in the search box when the user comes back to the list', async () => {
  const preloadedState = signedInAs();
  answerReferences();
  nock(API).get('/api/v1/institutes/i-1/bio-samples').query(true).reply(200, list([sample()]));
  nock(API).get('/api/v1/institutes/i-1/bio-samples').query((q) => q.search === 'RAB-00').reply(200, list([sample()]));
  const { store } = renderWithProviders(<></>, { preloadedState, routes, route: '/biobank' });
  const search = await screen.findByRole('textbox', { name: 'Search or scan a sample number' });
  // A fragment narrows the list (no sample has exactly that number)...
  await userEvent.type(search, 'RAB-00{Enter}');
  await waitFor(() => expect(store.getState().biobank.filters.search).toBe('RAB-00'));
  cleanup();
  // ...and the list opened again still narrows by it, so the box must say so.
  nock(API).get('/api/v1/institutes/i-1/bio-samples').query(true).reply(200, list([sample()]));
  renderWithProviders(<></>, { preloadedState: store.getState(), routes, route: '/biobank' });
  expect(await screen.findByRole('textbox', { name: 'Search or scan a sample number' })).toHaveValue('RAB-00');
});

test('an institute user with the read code only gets the list without "New sample"; chosen samples go to the label sheet', async () => {
  const preloadedState = signedInAs({ id: 'u-2', name: 'Dr. Nagy Eszter', roles: ['local_investigator'], institute: SZLK });
  answerReferences(['read_institute_bio_sample']);
  nock(API).get('/api/v1/institutes/i-1/bio-samples').query(true).reply(200, list([sample(), sample({ id: 's-2', sampleNumber: 'RAB-000002' })]));
  const { store } = renderWithProviders(<></>, { preloadedState, routes, route: '/biobank' });
  const grid = await screen.findByRole('table', { name: 'Bio samples' });
  await within(grid).findByRole('link', { name: 'Open RAB-000001' });
  // Only once the codes are known does the absence of "New sample" say anything.
  await waitFor(() => expect(store.getState().biobank.references.status).toBe('ready'));
  expect(screen.queryByRole('link', { name: 'New sample' })).not.toBeInTheDocument();
  fireEvent.click(within(grid).getByRole('checkbox', { name: 'Select sample RAB-000001' }));
  fireEvent.click(within(grid).getByRole('checkbox', { name: 'Select sample RAB-000002' }));
  expect(screen.getByRole('link', { name: 'Print labels (2)' })).toHaveAttribute('href', '/biobank/labels?ids=s-1,s-2');
});

test('the central biobank refused (403) says so in words', async () => {
  const preloadedState = signedInAs();
  nock(API).get('/api/v1/bio-sample-types').query(true).reply(200, list([]));
  nock(API).get('/api/v1/bio-samples').query(true).reply(403, { message: "You haven't got permission to view this resource", statusCode: 403, code: 'forbidden' });
  renderWithProviders(<></>, { preloadedState, routes, route: '/central-biobank' });
  expect(await screen.findByRole('heading', { name: 'Central biobank' })).toBeInTheDocument();
  expect(await screen.findByRole('alert')).toHaveTextContent("You haven't got permission to view this resource");
});

test('the label sheet draws each sample number as a barcode with its type and collection time, and prints', async () => {
  const preloadedState = signedInAs();
  nock(API).get('/api/v1/bio-samples/s-1').reply(200, { results: [sample()] });
  nock(API).get('/api/v1/bio-samples/s-2').reply(200, { results: [sample({ id: 's-2', sampleNumber: 'RAB-000002' })] });
  const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
  renderWithProviders(<></>, { preloadedState, routes, route: '/biobank/labels?ids=s-1,s-2&central=1' });
  const barcode = await screen.findByRole('img', { name: 'Barcode of RAB-000002' });
  expect(decodeURIComponent(barcode.getAttribute('src') ?? '')).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg/);
  const labels = screen.getAllByTestId('sample-label');
  expect(labels).toHaveLength(2);
  expect(labels[0]).toHaveTextContent('RAB-000001');
  expect(labels[0]).toHaveTextContent('Serum');
  expect(labels[0]).toHaveTextContent('2 Mar 2026');
  fireEvent.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalled();
});

test('opened directly, the label sheet of institute samples reads them at the user\'s institute', async () => {
  const preloadedState = signedInAs();
  const read = nock(API).get('/api/v1/institutes/i-1/bio-samples/s-1').reply(200, { results: [sample()] });
  renderWithProviders(<></>, { preloadedState, routes, route: '/biobank/labels?ids=s-1' });
  await screen.findByRole('img', { name: 'Barcode of RAB-000001' });
  expect(read.isDone()).toBe(true);
  expect(screen.getByRole('link', { name: 'Back to the samples' })).toHaveAttribute('href', '/biobank');
});
