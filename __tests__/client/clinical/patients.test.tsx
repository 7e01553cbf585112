// The patients screen by role and label: the grid with hidden personal data, the new-patient
// pane's TAJ check (client and server), the mandatory insurance number, and the merge prompt.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { PatientsPage } from '../../../src/features/patients/PatientsPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, waitForState } from '../../helpers/storeHelpers';
import { answerStartup, dashboardRegistry, hiddenPatient, list, patient, signedIn } from './fixtures';

// Whole pane journeys with typing take seconds; on two shared cores they need more than the default 5.
jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

const FIRST_PAGE = { offset: '0', limit: '10', statistics: 'true' };

/** The page asks which registries the user may create patients in; the pane asks again when it opens. */
function answerReferences(permissions = ['reg_access', 'frm_create', 'frm_read']): void {
  nock(API).get('/api/v1/accessible-registries').query(true).times(2).reply(200, list([dashboardRegistry({ permissions })]));
  nock(API).get('/api/v1/accessible-institutes').query(true).times(2).reply(200, list([{ id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK', timeZone: 'Europe/Budapest' }]));
}

async function renderPatients(permissions?: string[], patients = [patient(), hiddenPatient]): Promise<ReturnType<typeof renderWithProviders>> {
  answerReferences(permissions);
  nock(API).get('/api/v1/patients').query(FIRST_PAGE).reply(200, list(patients, patients.length));
  const view = renderWithProviders(<PatientsPage />, { preloadedState: signedIn });
  await screen.findByText(patients[patients.length - 1].internalPatientNumber);
  return view;
}

async function openPane(mandatory = false): Promise<void> {
  nock(API)
    .get('/api/v1/registries/r-1')
    .reply(200, { results: [{ id: 'r-1', name: 'RA', shortName: 'RA', registryType: 'registry', hasInpatientDay: true, mandatoryInsuranceNumber: mandatory, instituteIds: ['i-1'] }] });
  await userEvent.click(await screen.findByRole('button', { name: 'New patient' }));
  const pane = await screen.findByRole('dialog', { name: 'New patient' });
  await userEvent.click(within(pane).getByRole('combobox', { name: 'Registry' }));
  // The dropdown's option, not the grid's registry filter offering the same registry.
  await userEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Rheumatoid arthritis registry (RA)' }));
  await userEvent.click(within(pane).getByRole('combobox', { name: 'Institute' }));
  await userEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Szent Lukács Kórház (SZLK)' }));
  await userEvent.type(within(pane).getByLabelText(/^Name/), 'Kovács Anna');
  await userEvent.type(within(pane).getByLabelText(/^Date of birth/), '1970-03-14');
  await userEvent.click(within(pane).getByRole('combobox', { name: 'Gender' }));
  await userEvent.click(await within(pane).findByRole('option', { name: 'Female' }));
}

test('the grid lists patients; hidden personal data shows a dash with the reason', async () => {
  await renderPatients();
  const grid = screen.getByRole('table', { name: 'Patients' });
  expect(within(grid).getByText('Kovács Anna')).toBeInTheDocument();
  expect(within(grid).getByText('123 456 788')).toBeInTheDocument();
  const hidden = within(grid).getAllByLabelText('Personal data hidden: you have no personal data access for this patient');
  expect(hidden).toHaveLength(3);
  expect(hidden[0]).toHaveTextContent('—');
  expect(within(grid).getAllByRole('link', { name: 'Attendance list' })[0]).toHaveAttribute('href', '/patients/p-1/attendances');
});

test('"New patient" is offered only where the user may create one (frm_create in some registry)', async () => {
  const { store } = await renderPatients(['reg_access', 'frm_read', 'frm_approve_1']);
  // The registries have arrived and still no button: a monitor reviews, never creates.
  await waitForState(store, (state) => state.patients.references.status === 'ready');
  expect(screen.queryByRole('button', { name: 'New patient' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /^Start attendance/ })).not.toBeInTheDocument();
});

test('a patient without attendances offers "Start attendance", which opens the dashboard card for them', async () => {
  await renderPatients(undefined, [patient(), patient({ id: 'p-3', internalPatientNumber: 'SZLK-000003', name: 'Új Ödön', attendanceCount: 0 })]);
  expect(await screen.findByRole('button', { name: 'New patient' })).toBeInTheDocument();
  const start = await screen.findByRole('link', { name: 'Start attendance for SZLK-000003' });
  expect(start).toHaveAttribute('href', '/?startFor=p-3');
  // Patients with attendances go to their list instead.
  expect(screen.queryByRole('link', { name: 'Start attendance for SZLK-000001' })).not.toBeInTheDocument();
});

test('sorting asks the server for the next order', async () => {
  await renderPatients();
  const sorted = nock(API).get('/api/v1/patients').query({ ...FIRST_PAGE, sort: 'name' }).reply(200, list([patient()], 1));
  await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
  await waitFor(() => expect(sorted.isDone()).toBe(true));
});

test('the pane checks the TAJ number before sending, then shows the server\'s verdict', async () => {
  await renderPatients();
  await openPane();
  const pane = screen.getByRole('dialog', { name: 'New patient' });
  await userEvent.type(within(pane).getByLabelText(/^Insurance number/), '123 456 789');
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  expect(await within(pane).findByText('Invalid insurance number')).toBeInTheDocument();

  nock(API)
    .post('/api/v1/institutes/i-1/patients', (body: Record<string, unknown>) => body.insuranceNumber === '123456788')
    .reply(400, { message: 'Invalid insurance number', statusCode: 400, code: 'validation_error', errors: [{ path: 'insuranceNumber', key: 'api.invalidInsuranceNumber' }] });
  await userEvent.clear(within(pane).getByLabelText(/^Insurance number/));
  await userEvent.type(within(pane).getByLabelText(/^Insurance number/), '123 456 788');
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(pane).getByLabelText(/^Insurance number/)).toHaveAccessibleDescription(/Invalid insurance number/));
});

test('a registry with mandatory insurance numbers requires one', async () => {
  await renderPatients();
  await openPane(true);
  const pane = screen.getByRole('dialog', { name: 'New patient' });
  await waitFor(() => expect(within(pane).getByLabelText(/^Insurance number/)).toBeRequired());
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(pane).getByLabelText(/^Insurance number/)).toHaveAccessibleDescription(/Required/));
});

test('an unknown institute and other failures have their own texts', async () => {
  await renderPatients();
  await openPane();
  const pane = screen.getByRole('dialog', { name: 'New patient' });
  nock(API).post('/api/v1/institutes/i-1/patients').reply(404, { message: 'Institute not found', statusCode: 404, code: 'not_found' });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  expect(await within(pane).findByRole('alert')).toHaveTextContent('Institute not found');
  nock(API).post('/api/v1/institutes/i-1/patients').reply(500, { message: 'x', statusCode: 500 });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(within(pane).getByRole('alert')).toHaveTextContent('Error creating patient'));
});

test('an insurance number registered where the user cannot see it: the registry message and no merge prompt', async () => {
  await renderPatients();
  await openPane();
  const pane = screen.getByRole('dialog', { name: 'New patient' });
  await userEvent.type(within(pane).getByLabelText(/^Insurance number/), '123456788');
  nock(API).post('/api/v1/institutes/i-1/patients').reply(409, { message: 'x', statusCode: 409, code: 'patient_registered_elsewhere' });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));

  expect(await within(pane).findByRole('alert')).toHaveTextContent('This insurance number is already registered in the registry. Ask an administrator of the registry to merge the patients.');
  expect(screen.queryByRole('dialog', { name: /Do you want to merge/ })).not.toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'New patient' })).toBeInTheDocument();
});

test('an existing patient with different data: the text, the merge prompt, and the kept patient in the grid', async () => {
  await renderPatients();
  await openPane();
  const pane = screen.getByRole('dialog', { name: 'New patient' });
  await userEvent.type(within(pane).getByLabelText(/^Insurance number/), '123456788');
  nock(API).post('/api/v1/institutes/i-1/patients').reply(409, { message: 'x', statusCode: 409, code: 'patient_exists_different', existingPatientId: 'p-1' });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));

  expect(await within(pane).findByRole('alert')).toHaveTextContent('Patient already exists with different data');
  const prompt = await screen.findByRole('dialog', { name: 'Patient with these data already exists. Do you want to merge the two patients?' });
  expect(prompt).toHaveTextContent('the existing patient with this insurance number is kept');

  nock(API).get('/api/v1/patients/p-1').reply(200, { results: [patient()] });
  const narrowed = nock(API).get('/api/v1/patients').query({ ...FIRST_PAGE, filter: 'internalPatientNumber==SZLK-000001' }).reply(200, list([patient()]));
  await userEvent.click(within(prompt).getByRole('button', { name: 'Merge' }));
  await waitFor(() => expect(narrowed.isDone()).toBe(true));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New patient' })).not.toBeInTheDocument());
  expect(await screen.findByText('Showing the existing patient SZLK-000001.')).toBeInTheDocument();
});

test('the registry, institute and date-of-birth filters ask the server for the narrowed list', async () => {
  nock(API).get('/api/v1/accessible-registries').query(true).reply(200, list([dashboardRegistry()]));
  nock(API).get('/api/v1/accessible-institutes').query(true).reply(200, list([{ id: 'i-1', name: 'Szent Lukács Kórház', shortName: 'SZLK', timeZone: 'Europe/Budapest' }]));
  await renderPatients();
  const byRegistry = nock(API).get('/api/v1/patients').query({ ...FIRST_PAGE, filter: 'registryId==r-1' }).reply(200, list([patient()], 1));
  const registryFilter = await screen.findByRole('combobox', { name: 'Filter by Registry' });
  await within(registryFilter).findByRole('option', { name: 'Rheumatoid arthritis registry (RA)' });
  await userEvent.selectOptions(registryFilter, 'r-1');
  await waitFor(() => expect(byRegistry.isDone()).toBe(true));

  const byInstitute = nock(API).get('/api/v1/patients').query({ ...FIRST_PAGE, filter: 'registryId==r-1,instituteId==i-1' }).reply(200, list([patient()], 1));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Filter by Institute' }), 'i-1');
  await waitFor(() => expect(byInstitute.isDone()).toBe(true));

  const byDob = nock(API)
    .get('/api/v1/patients')
    .query({ ...FIRST_PAGE, filter: 'registryId==r-1,instituteId==i-1,dob==1970-03-14' })
    .reply(200, list([patient()], 1));
  await userEvent.type(screen.getByRole('textbox', { name: 'Filter by Date of birth' }), '1970-03-14{Enter}');
  await waitFor(() => expect(byDob.isDone()).toBe(true));
});
