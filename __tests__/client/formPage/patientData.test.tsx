// Patient data and disqualification on the form page: a field the form-start data lists as
// repeating the patient record is shown, never typed; a disqualified attendance's form says so,
// with the reason, in its header.
import { screen } from '@testing-library/react';
import nock from 'nock';
import { API } from '../../helpers/storeHelpers';
import { formOf, renderPage } from './formPageHarness';

const startData = (over: Record<string, unknown>): Record<string, unknown> => ({
  headerLabels: {},
  patient: { id: 'p-9' },
  patientFields: [],
  attendance: { id: 'a-1', displayId: 'SZLK-RA-20260110-1', disqualified: false, disqualificationReason: null },
  ...over,
});

test('a field repeating the patient record is shown read-only, the others stay editable', async () => {
  // "Daily dose" stands in for a patient field (date of birth, sex) of a real descriptor.
  nock(API).get('/api/v1/forms/f-1/form-start-data').reply(200, { results: [startData({ patientFields: ['dose'] })] });
  renderPage(formOf());
  expect(await screen.findByRole('textbox', { name: 'Note' })).toBeInTheDocument();
  expect(await screen.findByText('10')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Daily dose' })).not.toBeInTheDocument();
  expect(screen.queryByRole('spinbutton', { name: 'Daily dose' })).not.toBeInTheDocument();
  expect(screen.queryByText(/is disqualified/)).not.toBeInTheDocument();
});

test('without patient fields the same field is typed into', async () => {
  nock(API).get('/api/v1/forms/f-1/form-start-data').reply(200, { results: [startData({})] });
  const { store } = renderPage(formOf());
  await screen.findByRole('textbox', { name: 'Note' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(store.getState().formPage.patientFields).toEqual([]);
  expect(screen.getByLabelText('Daily dose')).toBeInTheDocument();
});

test("a disqualified attendance's form says so in its header, with the reason", async () => {
  nock(API)
    .get('/api/v1/forms/f-1/form-start-data')
    .reply(200, { results: [startData({ attendance: { id: 'a-1', displayId: 'X', disqualified: true, disqualificationReason: 'Inclusion criteria not met' } })] });
  renderPage(formOf({ state: 'draft', operations: [] }));
  const note = await screen.findByText('The attendance of this form is disqualified: the form takes no changes. Reason: Inclusion criteria not met');
  expect(note.closest('[role="status"]')).not.toBeNull();
});
