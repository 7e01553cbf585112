// The central biobank's new-sample form finds the patient through GET /bio-sample-patients (biobank
// staff have no patient access): the typed number is sent as the search, the chosen patient brings
// its registry, no name is shown where the server sends none, and a failed look-up says so.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import type { BioSamplePatient } from '../../../src/api/bioSamples';
import { NewSamplePage } from '../../../src/features/biobank/NewSamplePage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { list, SERUM, signedInAs } from './biobankFixtures';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

const BIOBANK_STAFF = { id: 'u-bio', name: 'Tóth Réka', roles: ['biobank_admin'], institute: null };
const PATIENT: BioSamplePatient = { id: 'p-7', internalPatientNumber: 'SZLK-000007', registry: { id: 'r-1', shortName: 'RA-BIO' }, institute: { id: 'i-1', name: 'Szent Lukács Kórház' }, name: null };
const routes = [{ path: '/biobank/new', element: <NewSamplePage /> }];

function answerCentralReferences(): void {
  nock(API).get('/api/v1/bio-sample-types').query(true).reply(200, list([SERUM]));
  // No registry access: the registry comes with the chosen patient.
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([]));
}

test('biobank staff find a patient by internal number; the patient brings its registry and its types', async () => {
  const preloadedState = signedInAs(BIOBANK_STAFF);
  answerCentralReferences();
  let asked: Record<string, string> | undefined;
  nock(API)
    .get('/api/v1/bio-sample-patients')
    .query((query) => {
      asked = query as Record<string, string>;
      return true;
    })
    .reply(200, list([PATIENT]));
  nock(API).get('/api/v1/patients/p-7/bio-samples').reply(200, list([]));
  renderWithProviders(<></>, { preloadedState, routes, route: '/biobank/new?central=1' });

  await userEvent.type(await screen.findByRole('textbox', { name: 'Patient' }), 'szlk-7');
  await userEvent.click(await screen.findByRole('option', { name: 'SZLK-000007 · RA-BIO, Szent Lukács Kórház' }));
  expect(asked).toMatchObject({ search: 'szlk-7', limit: '20' });
  expect(asked?.registryId).toBeUndefined();
  await waitFor(() => expect(screen.getByLabelText(/^Registry/, { selector: 'input' })).toHaveValue('RA-BIO'));
  await userEvent.click(screen.getByLabelText(/^Sample type/, { selector: 'input' }));
  expect(await screen.findByRole('option', { name: 'Serum' })).toBeInTheDocument();
});

test('a failed look-up says so in words', async () => {
  const preloadedState = signedInAs(BIOBANK_STAFF);
  answerCentralReferences();
  nock(API).get('/api/v1/bio-sample-patients').query(true).reply(403, { message: "You haven't got permission to view this resource", statusCode: 403, code: 'forbidden' });
  renderWithProviders(<></>, { preloadedState, routes, route: '/biobank/new?central=1' });
  await userEvent.type(await screen.findByRole('textbox', { name: 'Patient' }), '123');
  expect(await screen.findByRole('alert')).toHaveTextContent('Error loading patients');
});
