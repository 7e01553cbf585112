// The form page against nock: loading with its version, a draft save sending x-form-version and
// the values, a monitor's approval and rejection at the next level, an investigator's correction
// with a correct note, and a censored form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API } from '../../helpers/storeHelpers';
import { fieldBox } from '../formEngine/engineHarness';
import { formOf, renderPage, replyForm, VALUES } from './formPageHarness';

/** The title row: the form's id and the badge of its state. */
const titleRow = (): HTMLElement => screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;

test('a draft is saved with the version it was read at and the typed values, then reloaded', async () => {
  const user = userEvent.setup();
  const { store } = renderPage(formOf());
  const note = await screen.findByRole('textbox', { name: 'Note' });
  expect(store.getState().formPage.version).toBe(3);
  await user.type(note, 'hello world');

  let body: unknown = null;
  const put = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .put('/api/v1/forms/f-1', (b: unknown) => {
      body = b;
      return true;
    })
    .reply(200, { results: [formOf({ version: 4, values: { ...VALUES, note: 'hello world' } })] }, { 'x-form-version': '4' });
  replyForm(formOf({ version: 4, values: { ...VALUES, note: 'hello world' } }));
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(put.isDone()).toBe(true));
  expect(body).toEqual({ values: expect.objectContaining({ code: 'C-1', note: 'hello world' }), submit: false });
  await waitFor(() => expect(store.getState().formPage.version).toBe(4));
  expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('hello world');
});

test('a monitor approves at the next level with the version', async () => {
  const user = userEvent.setup();
  const approvals = [{ level: 1, userId: 'u-9', userName: 'Dr. Monitor', at: '2026-03-02T10:00:00Z' }];
  renderPage(formOf({ state: 'await_inspect', approvals }), { roles: ['monitor_investigator'] });
  await user.click(await screen.findByRole('button', { name: 'Approve at level 2' }));
  const approve = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .put('/api/v1/forms/f-1/approve', { level: 2 })
    .reply(200, { results: [formOf({ state: 'final', version: 4 })] }, { 'x-form-version': '4' });
  replyForm(formOf({ state: 'final', version: 4, approvals: [...approvals, { ...approvals[0], level: 2 }] }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(approve.isDone()).toBe(true));
  expect(await within(titleRow()).findByText('Final')).toBeInTheDocument();
});

test('a monitor rejects a field with a reason: the rejection goes out with the version and the form is rejected', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'await_inspect' }), { roles: ['monitor_investigator'] });
  expect(await within(titleRow()).findByText('Awaiting approval')).toBeInTheDocument();
  const code = fieldBox(await screen.findByLabelText('Code'));
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeDisabled();

  await user.click(within(code).getByRole('button', { name: /^Reject: / }));
  await user.type(within(code).getByLabelText('Reason for rejection'), 'Looks wrong');
  await user.click(within(code).getByRole('button', { name: 'Reject field' }));
  expect(within(code).getByText('Reason for rejection: Looks wrong')).toBeInTheDocument();

  const reject = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .put('/api/v1/forms/f-1/reject', { level: 1, rejections: [{ path: 'code', reason: 'Looks wrong' }] })
    .reply(200, { results: [formOf({ state: 'rejected', version: 4 })] }, { 'x-form-version': '4' });
  replyForm(formOf({ state: 'rejected', version: 4, reviews: { code: { reason: 'Looks wrong', rejectedValue: 'C-1', level: 1 } } }));
  await user.click(screen.getByRole('button', { name: 'Request correction' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send the form back for correction' });
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(reject.isDone()).toBe(true));
  expect(await within(titleRow()).findByText('Rejected')).toBeInTheDocument();
  // The monitor now only reads the rejected form.
  expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
});

test('an investigator corrects a rejected form: one field changed, one kept with a correct note, then handed in', async () => {
  const user = userEvent.setup();
  const reviews = {
    code: { reason: 'Wrong code', rejectedValue: 'C-1', level: 1 },
    dose: { reason: 'Too high?', rejectedValue: 10, level: 1 },
  };
  renderPage(formOf({ state: 'rejected', reviews }));
  const code = await screen.findByRole('textbox', { name: 'Code' });
  const finish = screen.getByRole('button', { name: 'Finish correction' });
  expect(finish).toBeDisabled();

  await user.clear(code);
  await user.type(code, 'C-2');
  const dose = fieldBox(screen.getByLabelText('Daily dose'));
  await user.click(within(dose).getByRole('button', { name: 'Write a correct note' }));
  await user.type(within(dose).getByLabelText('Correct note'), 'The dose is right');
  await user.click(within(dose).getByRole('button', { name: 'Save note' }));
  expect(within(dose).getByText('Correct note: The dose is right')).toBeInTheDocument();
  expect(finish).toBeEnabled();

  let body: unknown = null;
  const correct = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .put('/api/v1/forms/f-1/correct-finalized', (b: unknown) => {
      body = b;
      return true;
    })
    .reply(200, { results: [formOf({ state: 'corrected', version: 4 })] }, { 'x-form-version': '4' });
  replyForm(formOf({ state: 'corrected', version: 4, values: { ...VALUES, code: 'C-2' } }));
  await user.click(finish);
  await user.click(within(await screen.findByRole('dialog', { name: 'Finish the correction' })).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(correct.isDone()).toBe(true));
  expect(body).toEqual({ values: expect.objectContaining({ code: 'C-2', dose: 10 }), notes: { dose: 'The dose is right' } });
  expect(await within(titleRow()).findByText('Corrected')).toBeInTheDocument();
});

test('a censored form says "No permission to view"', async () => {
  renderPage(formOf({ censored: true, values: null }));
  expect(await screen.findByText('No permission to view')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
});

test("the header shows the attendance's patient and physician by name, and nobody types into them", async () => {
  nock(API)
    .get('/api/v1/forms/f-1/form-start-data')
    .reply(200, { results: [{ headerLabels: { patient: 'SZLK-000001 · Teszt Anna', physician: 'Dr. Teszt Elek' } }] });
  renderPage(formOf());
  expect(await screen.findByRole('textbox', { name: 'Note' })).toBeInTheDocument();
  expect(await screen.findByText('SZLK-000001 · Teszt Anna')).toBeInTheDocument();
  expect(screen.getByText('Dr. Teszt Elek')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Patient' })).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Physician' })).not.toBeInTheDocument();
  // Save is not held back by the header: its values come with the form.
  expect(screen.getByRole('button', { name: 'Save draft' })).toBeEnabled();
});

test("Close returns to the patient's attendance list at the form's attendance", async () => {
  const user = userEvent.setup();
  nock(API)
    .get('/api/v1/forms/f-1/form-start-data')
    .reply(200, { results: [{ headerLabels: {}, patient: { id: 'p-9' } }] });
  const { store } = renderPage(formOf());
  await screen.findByRole('textbox', { name: 'Note' });
  await waitFor(() => expect(store.getState().formPage.patientId).toBe('p-9'));
  await user.click(screen.getByRole('button', { name: 'Close' }));
  expect(await screen.findByText('Reached /patients/p-9/attendances#attendance-a-1')).toBeInTheDocument();
});

test('a form whose descriptor cannot be read says so instead of showing an empty page', async () => {
  renderPage(formOf(), { descriptor: { formTypeId: 7, version: 2, sections: 'not a list' } });
  expect(await screen.findByRole('alert')).toHaveTextContent('The description of this form type could not be read');
  expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
});
