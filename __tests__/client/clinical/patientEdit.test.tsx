// Editing and deleting a patient: the warning about attached forms, the merge of the edited
// patient into the one that holds the insurance number, and delete-with-data as a merge.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { PatientsPage } from '../../../src/features/patients/PatientsPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { answerStartup, list, patient, signedIn } from './fixtures';

// Whole pane journeys with typing take seconds; on two shared cores they need more than the default 5.
jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

async function openEditor(): Promise<HTMLElement> {
  nock(API).get('/api/v1/patients').query({ offset: '0', limit: '10', statistics: 'true' }).reply(200, list([patient()]));
  renderWithProviders(<PatientsPage />, { preloadedState: signedIn });
  await userEvent.click(await screen.findByRole('button', { name: 'Edit SZLK-000001' }));
  const pane = await screen.findByRole('dialog', { name: 'Edit patient SZLK-000001' });
  expect(pane).toHaveTextContent('The data are not changed in attached forms.');
  return pane;
}

test('an insurance number of another patient merges the edited patient into that one', async () => {
  const pane = await openEditor();
  await userEvent.clear(within(pane).getByLabelText(/^Insurance number/));
  await userEvent.type(within(pane).getByLabelText(/^Insurance number/), '111 111 110');
  nock(API).put('/api/v1/patient/p-1', (body: Record<string, unknown>) => body.insuranceNumber === '111111110').reply(409, { message: 'x', statusCode: 409, code: 'patient_exists_different', existingPatientId: 'p-5' });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));

  expect(await within(pane).findByRole('alert')).toHaveTextContent('Patient already exists with different data');
  const prompt = await screen.findByRole('dialog', { name: 'Patient with these data already exists. Do you want to merge the two patients?' });
  expect(prompt).toHaveTextContent('Patient SZLK-000001 is merged into the existing patient with this insurance number');

  const merge = nock(API).put('/api/v1/patient/p-1').query({ mergeInto: 'p-5' }).reply(200, { results: [patient({ id: 'p-5', internalPatientNumber: 'SZLK-000005' })] });
  nock(API).get('/api/v1/patients').query(true).reply(200, list([patient({ id: 'p-5', internalPatientNumber: 'SZLK-000005' })]));
  await userEvent.click(within(prompt).getByRole('button', { name: 'Merge' }));
  await waitFor(() => expect(merge.isDone()).toBe(true));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit patient SZLK-000001' })).not.toBeInTheDocument());
});

test('an insurance number registered where the user cannot see it: the registry message and no merge prompt', async () => {
  const pane = await openEditor();
  await userEvent.clear(within(pane).getByLabelText(/^Insurance number/));
  await userEvent.type(within(pane).getByLabelText(/^Insurance number/), '111 111 110');
  nock(API).put('/api/v1/patient/p-1').reply(409, { message: 'x', statusCode: 409, code: 'patient_registered_elsewhere' });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));

  expect(await within(pane).findByRole('alert')).toHaveTextContent('This insurance number is already registered in the registry. Ask an administrator of the registry to merge the patients.');
  expect(screen.queryByRole('dialog', { name: /Do you want to merge/ })).not.toBeInTheDocument();
});

test('a save failure says "Data save failed"', async () => {
  const pane = await openEditor();
  nock(API).put('/api/v1/patient/p-1').reply(500, { message: 'x', statusCode: 500 });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  expect(await within(pane).findByRole('alert')).toHaveTextContent('Data save failed');
});

test('deleting a patient with attendances asks for the patient to merge it into', async () => {
  const pane = await openEditor();
  await userEvent.click(within(pane).getByRole('button', { name: 'Delete patient' }));
  const sure = await screen.findByRole('dialog', { name: 'Delete patient SZLK-000001?' });
  nock(API).delete('/api/v1/patient/p-1').reply(409, { message: 'x', statusCode: 409, code: 'patient_has_data' });
  await userEvent.click(within(sure).getByRole('button', { name: 'Yes' }));

  const merge = await screen.findByRole('dialog', { name: 'The patient has data. Do you want to merge it into another patient?' });
  await userEvent.click(within(merge).getByRole('button', { name: 'Merge and delete' }));
  expect(await within(merge).findByText('A patient must be selected for this procedure')).toBeInTheDocument();

  nock(API)
    .get('/api/v1/patients')
    .query({ offset: '0', limit: '20', filter: 'registryId==r-1,name=@Nagy', sort: 'name' })
    .reply(200, list([patient(), patient({ id: 'p-7', internalPatientNumber: 'SZLK-000007', name: 'Nagy Béla' })]));
  await userEvent.type(within(merge).getByLabelText(/^Merge into/), 'Nagy');
  // The patient being deleted is not offered as its own target.
  await userEvent.click(await within(merge).findByRole('option', { name: /SZLK-000007/ }));
  expect(within(merge).queryByRole('option', { name: /SZLK-000001/ })).not.toBeInTheDocument();

  const removed = nock(API).delete('/api/v1/patient/p-1').query({ mergeInto: 'p-7' }).reply(204);
  nock(API).get('/api/v1/patients').query(true).reply(200, list([]));
  await userEvent.click(within(merge).getByRole('button', { name: 'Merge and delete' }));
  await waitFor(() => expect(removed.isDone()).toBe(true));
  expect(await screen.findByText('Patient deleted.')).toBeInTheDocument();
});
