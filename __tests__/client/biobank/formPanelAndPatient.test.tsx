// The form page's "Bio samples" panel (attach one of the patient's samples, detach one, a refusal in
// words, nothing at all for a caller the server refuses or a role biobank entries never reach), and
// a patient's samples page.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { FormBioSamplesPanel } from '../../../src/features/biobank/FormBioSamplesPanel';
import { PatientSamplesPage } from '../../../src/features/biobank/PatientSamplesPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { list, sample, signedInAs, SZLK } from './biobankFixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const BASELINE = { id: 'f-1', displayId: 'BL-1', formTypeName: 'Baseline' };
const free = sample({ id: 's-2', sampleNumber: 'RAB-000002' });
const linked = sample({ connectedForms: [BASELINE] });

test('the panel attaches one of the patient\'s samples and detaches another; a refused link is said in words', async () => {
  const preloadedState = signedInAs();
  nock(API).get('/api/v1/patients/p-1/bio-samples').reply(200, list([linked, free]));
  nock(API).get('/api/v1/forms/f-1/attachable-bio-samples').reply(200, list([free]));
  renderWithProviders(<FormBioSamplesPanel formId="f-1" patientId="p-1" />, { preloadedState });
  const panel = await screen.findByRole('region', { name: 'Bio samples' });
  await within(panel).findByRole('link', { name: 'RAB-000001' });

  let attached: unknown;
  nock(API)
    .post('/api/v1/forms/f-1/attached-bio-samples', (body) => {
      attached = body;
      return true;
    })
    .reply(200, { results: [sample({ ...free, connectedForms: [BASELINE] })] });
  nock(API).get('/api/v1/patients/p-1/bio-samples').reply(200, list([linked, sample({ ...free, connectedForms: [BASELINE] })]));
  nock(API).get('/api/v1/forms/f-1/attachable-bio-samples').reply(200, list([]));
  await userEvent.click(within(panel).getByRole('combobox', { name: 'Sample to attach' }));
  await userEvent.click(await screen.findByRole('option', { name: 'RAB-000002 · Serum' }));
  fireEvent.click(within(panel).getByRole('button', { name: 'Attach' }));
  await within(panel).findByRole('link', { name: 'RAB-000002' });
  expect(attached).toEqual({ sampleId: 's-2' });

  nock(API).post('/api/v1/forms/f-1/attached-bio-samples/s-1/detach').reply(409, { message: 'There was an error in the linking process!', statusCode: 409, code: 'link_failed' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Detach RAB-000001' }));
  expect(await within(panel).findByRole('alert')).toHaveTextContent('There was an error in the linking process!');
});

test('a caller the server refuses sees no panel, and a role biobank entries never reach asks nothing', async () => {
  const preloadedState = signedInAs({ id: 'u-2', name: 'Dr. Nagy Eszter', roles: ['local_investigator'], institute: SZLK });
  const own = nock(API).get('/api/v1/patients/p-1/bio-samples').reply(403, { message: 'no', statusCode: 403, code: 'forbidden' });
  nock(API).get('/api/v1/forms/f-1/attachable-bio-samples').reply(403, { message: 'no', statusCode: 403, code: 'forbidden' });
  const { store, unmount } = renderWithProviders(<FormBioSamplesPanel formId="f-1" patientId="p-1" />, { preloadedState });
  await waitFor(() => expect(store.getState().biobank.form.status).toBe('failed'));
  expect(own.isDone()).toBe(true);
  expect(screen.queryByRole('region', { name: 'Bio samples' })).not.toBeInTheDocument();
  unmount();

  const monitor = signedInAs({ id: 'u-3', name: 'Horváth Katalin', roles: ['monitor_administrator'], institute: null });
  const asked = nock(API).get('/api/v1/patients/p-1/bio-samples').reply(200, list([]));
  renderWithProviders(<FormBioSamplesPanel formId="f-1" patientId="p-1" />, { preloadedState: monitor });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(asked.isDone()).toBe(false);
  expect(screen.queryByRole('region', { name: 'Bio samples' })).not.toBeInTheDocument();
});

test("the patient's samples page lists every sample with its state and position", async () => {
  const preloadedState = signedInAs();
  nock(API)
    .get('/api/v1/patients/p-1/bio-samples')
    .reply(200, list([linked, sample({ id: 's-3', sampleNumber: 'RAB-000003', state: 'localized', localization: { boxId: 'b-1', fridge: 'F1', compartment: 'C2', box: 'Box A', row: 2, column: 3 } })]));
  renderWithProviders(<></>, { preloadedState, routes: [{ path: '/patients/:patientId/bio-samples', element: <PatientSamplesPage /> }], route: '/patients/p-1/bio-samples' });
  expect(await screen.findByRole('heading', { name: 'Bio samples of patient SZLK-000001' })).toBeInTheDocument();
  const row = screen.getByRole('row', { name: /RAB-000003/ });
  expect(row).toHaveTextContent('Localized');
  expect(row).toHaveTextContent('F1 / C2 / Box A, row 2, column 3');
  expect(within(row).getByRole('link', { name: 'RAB-000003' })).toHaveAttribute('href', '/biobank/samples/s-3');
});
