// Two writers on one form: the second save meets a newer version (409 stale_version). The page
// fetches the current form and lists, field by field, what changed on the server beside the
// user's values; reapplying lays the user's changes over the current form and the next save sends
// the new version. Where the state no longer allows the user's operation, nothing is reapplied,
// but nothing the user typed disappears either.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API } from '../../helpers/storeHelpers';
import { fieldBox } from '../formEngine/engineHarness';
import { formOf, renderPage, replyForm, VALUES } from './formPageHarness';

const STALE = { message: 'The form was changed by someone else', statusCode: 409, code: 'stale_version', currentVersion: 5 };

/** The cells of the changes table's row for a field: started from, server now, yours, change. */
function rowOf(table: HTMLElement, field: string): string[] {
  const row = within(table).getByRole('rowheader', { name: field }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

test('two writers: the diff lists the server change and my value; reapply keeps my values and saves with the new version', async () => {
  const user = userEvent.setup();
  const { store } = renderPage(formOf());
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'my words');
  const dose = screen.getByRole('textbox', { name: 'Daily dose' });
  await user.clear(dose);
  await user.type(dose, '12');

  nock(API, { reqheaders: { 'x-form-version': '3' } }).put('/api/v1/forms/f-1').reply(409, STALE);
  // Meanwhile a colleague saved version 5: a new code, and a note of their own.
  replyForm(formOf({ version: 5, values: { ...VALUES, code: 'C-5', note: 'theirs' } }), false);
  await user.click(screen.getByRole('button', { name: 'Save draft' }));

  const panel = (await screen.findByText('The form was changed by someone else')).closest('[role="alert"]') as HTMLElement;
  const table = await within(panel).findByRole('table', { name: 'Changes by field' });
  expect(rowOf(table, 'Code')).toEqual(['C-1', 'C-5', 'C-1', 'Changed on the server']);
  expect(rowOf(table, 'Note')).toEqual(['(empty)', 'theirs', 'my words', 'Conflict: both changed it, yours is kept']);
  expect(rowOf(table, 'Daily dose')).toEqual(['10', '10', '12', 'Your change']);
  // The form stays as typed (read-only until the choice), so nothing disappears meanwhile.
  expect(screen.getByLabelText('Note')).toHaveTextContent('my words');
  expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();

  await user.click(within(panel).getByRole('button', { name: 'Reapply my changes' }));
  expect(screen.queryByText('The form was changed by someone else')).not.toBeInTheDocument();
  expect(screen.getByText(/Your changes are laid over the current version of the form\./)).toBeInTheDocument();
  const note = await screen.findByRole('textbox', { name: 'Note' });
  expect(note).toHaveValue('my words');
  expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('C-5');
  expect(screen.getByRole('textbox', { name: 'Daily dose' })).toHaveValue('12');
  // Unsaved against the server's version: marked as changed, and saving is still needed.
  expect(within(fieldBox(note)).getByText('Changed')).toBeInTheDocument();
  expect(within(fieldBox(screen.getByRole('textbox', { name: 'Code' }))).queryByText('Changed')).not.toBeInTheDocument();

  let body: unknown = null;
  const save = nock(API, { reqheaders: { 'x-form-version': '5' } })
    .put('/api/v1/forms/f-1', (b: unknown) => {
      body = b;
      return true;
    })
    // The write answers the form as saved: the page shows it without reading it again.
    .reply(200, { results: [formOf({ version: 6, values: { ...VALUES, code: 'C-5', note: 'my words', dose: 12 } })] }, { 'x-form-version': '6' });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(save.isDone()).toBe(true));
  expect(body).toEqual({ values: expect.objectContaining({ code: 'C-5', note: 'my words', dose: '12' }), submit: false });
  await waitFor(() => expect(store.getState().formPage.form?.version).toBe(6));
  expect(screen.queryByText(/Your changes are laid over the current version/)).not.toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('my words');
  expect(within(fieldBox(screen.getByRole('textbox', { name: 'Note' }))).queryByText('Changed')).not.toBeInTheDocument();
});

test('handed in by someone else meanwhile: no reapply, my values stay listed, discarding asks first', async () => {
  const user = userEvent.setup();
  renderPage(formOf());
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'my words');
  nock(API).put('/api/v1/forms/f-1').reply(409, STALE);
  replyForm(formOf({ version: 5, state: 'await_inspect' }), false);
  await user.click(screen.getByRole('button', { name: 'Save draft' }));

  const panel = (await screen.findByText('The form was changed by someone else')).closest('[role="alert"]') as HTMLElement;
  expect(await within(panel).findByText('Meanwhile the state of the form changed to:')).toBeInTheDocument();
  expect(within(panel).getByText('Awaiting approval')).toBeInTheDocument();
  expect(within(panel).getByText(/can no longer be saved in this state/)).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Reapply my changes' })).not.toBeInTheDocument();
  expect(rowOf(within(panel).getByRole('table'), 'Note')).toEqual(['(empty)', '(empty)', 'my words', 'Your change']);

  await user.click(within(panel).getByRole('button', { name: 'Discard my changes' }));
  const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByText('The form was changed by someone else')).toBeInTheDocument();

  await user.click(within(panel).getByRole('button', { name: 'Discard my changes' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(screen.queryByText('The form was changed by someone else')).not.toBeInTheDocument());
  // The form as the server holds it: handed in, so this investigator only reads it.
  expect(within(screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement).getByText('Awaiting approval')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Note' })).not.toBeInTheDocument();
});

test('a rejection that meets a form approved meanwhile lists the reasons instead of reapplying them', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'await_inspect' }), { roles: ['monitor_investigator'] });
  const code = fieldBox(await screen.findByLabelText('Code'));
  await user.click(within(code).getByRole('button', { name: /^Reject: / }));
  await user.type(within(code).getByLabelText('Reason for rejection'), 'Looks wrong');
  await user.click(within(code).getByRole('button', { name: 'Reject field' }));

  nock(API).put('/api/v1/forms/f-1/reject').reply(409, STALE);
  const approvals = [1, 2].map((level) => ({ level, userId: 'u-8', userName: 'Dr. Other', at: '2026-03-02T10:00:00Z' }));
  replyForm(formOf({ version: 5, state: 'final', approvals }), false);
  await user.click(screen.getByRole('button', { name: 'Request correction' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Send the form back for correction' })).getByRole('button', { name: 'Yes' }));

  const panel = (await screen.findByText('The form was changed by someone else')).closest('[role="alert"]') as HTMLElement;
  expect(await within(panel).findByText('Final')).toBeInTheDocument();
  expect(within(panel).getByText('Your rejections')).toBeInTheDocument();
  expect(within(panel).getByText('Code: Looks wrong')).toBeInTheDocument();
  expect(within(panel).getByText('No field value differs.')).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Reapply my changes' })).not.toBeInTheDocument();
});

test('the current form that cannot be fetched is asked for again', async () => {
  const user = userEvent.setup();
  renderPage(formOf());
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'my words');
  nock(API).put('/api/v1/forms/f-1').reply(409, STALE);
  nock(API).get('/api/v1/forms/f-1').reply(503, { message: 'Unavailable', statusCode: 503, code: 'unavailable' });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  const panel = (await screen.findByText('The form was changed by someone else')).closest('[role="alert"]') as HTMLElement;
  expect(await within(panel).findByText('The current version of the form could not be loaded.')).toBeInTheDocument();

  replyForm(formOf({ version: 5, values: { ...VALUES, code: 'C-5' } }), false);
  await user.click(within(panel).getByRole('button', { name: 'Try again' }));
  expect(rowOf(await within(panel).findByRole('table'), 'Note')).toEqual(['(empty)', '(empty)', 'my words', 'Your change']);
});

test('a correction meeting a newer version is reapplied with its correct note and handed in with the new version', async () => {
  const user = userEvent.setup();
  const reviews = { dose: { reason: 'Too high?', rejectedValue: 10, level: 1 } };
  renderPage(formOf({ state: 'rejected', reviews }));
  const dose = fieldBox(await screen.findByLabelText('Daily dose'));
  await user.click(within(dose).getByRole('button', { name: 'Write a correct note' }));
  await user.type(within(dose).getByLabelText('Correct note'), 'The dose is right');
  await user.click(within(dose).getByRole('button', { name: 'Save note' }));

  nock(API, { reqheaders: { 'x-form-version': '3' } }).put('/api/v1/forms/f-1/correct-finalized').reply(409, STALE);
  // Meanwhile the investigator's colleague saved a correction draft with another code.
  replyForm(formOf({ version: 5, state: 'correct_draft', reviews, values: { ...VALUES, code: 'C-5' } }), false);
  await user.click(screen.getByRole('button', { name: 'Finish correction' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Finish the correction' })).getByRole('button', { name: 'Yes' }));

  const panel = (await screen.findByText('The form was changed by someone else')).closest('[role="alert"]') as HTMLElement;
  expect(await within(panel).findByText('Daily dose: The dose is right')).toBeInTheDocument();
  expect(rowOf(within(panel).getByRole('table'), 'Code')).toEqual(['C-1', 'C-5', 'C-1', 'Changed on the server']);
  await user.click(within(panel).getByRole('button', { name: 'Reapply my changes' }));

  const reapplied = fieldBox(await screen.findByLabelText('Daily dose'));
  expect(within(reapplied).getByText('Correct note: The dose is right')).toBeInTheDocument();
  const correct = nock(API, { reqheaders: { 'x-form-version': '5' } })
    .put('/api/v1/forms/f-1/correct-finalized', { values: { ...VALUES, code: 'C-5' }, notes: { dose: 'The dose is right' } })
    .reply(200, { results: [formOf({ state: 'corrected', version: 6 })] }, { 'x-form-version': '6' });
  replyForm(formOf({ state: 'corrected', version: 6, values: { ...VALUES, code: 'C-5' } }));
  await user.click(screen.getByRole('button', { name: 'Finish correction' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Finish the correction' })).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(correct.isDone()).toBe(true));
});
