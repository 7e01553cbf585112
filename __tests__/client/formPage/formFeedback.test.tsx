// Feedback and orientation on the form page (issue 11 items 1-2): every action ends with a notice in
// words through the one notification helper, the saved form shows at once with focus kept, the
// header names the state and each approval level (who and when), Approve names its level, the
// reject confirmation has its own text, the monitor is offered the next form of their list, and
// the 409 panel takes focus.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import nock from 'nock';
import { API } from '../../helpers/storeHelpers';
import { formOf, renderPage, replyForm, VALUES } from './formPageHarness';

let shown: jest.SpyInstance;
beforeEach(() => {
  shown = jest.spyOn(notifications, 'show').mockImplementation(() => 'n-1');
});
afterEach(() => shown.mockRestore());

const noticesShown = (): unknown[] => shown.mock.calls.map(([options]) => (options as { message: unknown }).message);
const levels = (): string[] => within(screen.getByRole('list', { name: 'Approval levels' })).getAllByRole('listitem').map((item) => item.textContent ?? '');
const approvals = [{ level: 1, userId: 'u-9', userName: 'Dr. Monitor', at: '2026-03-02T10:00:00Z' }];
const listed = (id: string, displayId: string): Record<string, unknown> => ({
  ...formOf({ id, displayId, state: 'await_inspect' }),
  formTypeName: 'Small',
  patient: { id: 'p-2', internalPatientNumber: 'SZLK-000002', name: 'Minta Márton' },
  attendance: { id: 'a-2', displayId: 'ATT-2' },
  registry: { id: 'r-1', shortName: 'RA-BIO' },
});

test('Save draft says "Draft saved", shows the saved form without reading it again, and keeps focus on the button', async () => {
  const user = userEvent.setup();
  const { store } = renderPage(formOf());
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'x');
  // Only the write is answered: a second read of the form would find no reply and fail the page.
  const put = nock(API).put('/api/v1/forms/f-1').reply(200, { results: [formOf({ version: 4, values: { ...VALUES, note: 'x' } })] }, { 'x-form-version': '4' });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  await waitFor(() => expect(put.isDone()).toBe(true));
  await waitFor(() => expect(noticesShown()).toEqual(['Draft saved']));
  expect(store.getState().formPage.version).toBe(4);
  expect(store.getState().formPage.status).toBe('loaded');
  expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('x');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save draft' })).toHaveFocus());
});

test('the header lists each required level, done with who and when or not yet; Approve names the next level', async () => {
  renderPage(formOf({ state: 'await_inspect', approvals }), { roles: ['monitor_investigator'] });
  expect(await screen.findByRole('button', { name: 'Approve at level 2' })).toBeInTheDocument();
  const [one, two] = levels();
  expect(one).toMatch(/^✔ Level 1 of 2: approved by Dr\. Monitor, .*2026/);
  expect(two).toBe('○ Level 2 of 2: not approved yet');
});

test('approving says "Approved at level 2 of 2", shows the final form at once and offers the next form of the list', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'await_inspect', approvals }), { roles: ['monitor_investigator'] });
  await user.click(await screen.findByRole('button', { name: 'Approve at level 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Approve the form' });
  expect(within(dialog).getByText('Are you sure everything is correct?')).toBeInTheDocument();
  const final = formOf({ state: 'final', version: 4, approvals: [...approvals, { ...approvals[0], level: 2, userName: 'Dr. Second' }] });
  nock(API).put('/api/v1/forms/f-1/approve', { level: 2 }).reply(200, { results: [final] }, { 'x-form-version': '4' });
  // The list still holds this form for a moment: the next one offered is the first other form.
  nock(API).get('/api/v1/forms/approvable').query({ limit: '5' }).reply(200, { results: [listed('f-1', 'FRM-0001'), listed('f-2', 'FRM-0002')], total: 2 });
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));

  await waitFor(() => expect(noticesShown()).toEqual(['Approved at level 2 of 2']));
  expect(levels()[1]).toMatch(/^✔ Level 2 of 2: approved by Dr\. Second/);
  const next = await screen.findByRole('link', { name: 'Next form to approve: FRM-0002 (SZLK-000002 · Minta Márton)' });
  expect(next).toHaveAttribute('href', '/forms/f-2');
  // The Approve button is gone: focus went to the form's standing, which says what changed.
  expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 }).closest('[tabindex="-1"]')).toHaveFocus();
});

test('rejecting asks in its own words, says how many fields went back, and says when nothing else waits', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'await_inspect' }), { roles: ['monitor_investigator'] });
  await user.click(await screen.findByRole('button', { name: 'Reject: Code' }));
  await user.type(screen.getByLabelText('Reason for rejection'), 'Looks wrong');
  await user.click(screen.getByRole('button', { name: 'Reject field' }));
  await user.click(screen.getByRole('button', { name: 'Request correction' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send the form back for correction' });
  expect(within(dialog).queryByText('Are you sure everything is correct?')).not.toBeInTheDocument();
  expect(within(dialog).getByText(/goes back to its owner for correction, with 1 rejected field/)).toBeInTheDocument();

  const rejected = formOf({ state: 'rejected', version: 4, reviews: { code: { reason: 'Looks wrong', rejectedValue: 'C-1', level: 1 } } });
  nock(API).put('/api/v1/forms/f-1/reject').reply(200, { results: [rejected] }, { 'x-form-version': '4' });
  nock(API).get('/api/v1/forms/approvable').query({ limit: '5' }).reply(200, { results: [], total: 0 });
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(noticesShown()).toEqual(['Sent back for correction at level 1: 1 field rejected']));
  expect(await screen.findByText('No other form is waiting for your approval.')).toBeInTheDocument();
});

test('deleting a draft says "Draft deleted" as the page leaves', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ operations: [{ operation: 'update', submit: false }, { operation: 'delete' }] }));
  await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
  nock(API).delete('/api/v1/forms/f-1').reply(204);
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete draft' }));
  await waitFor(() => expect(noticesShown()).toEqual(['Draft deleted']));
});

test('a save meeting a newer version brings the conflict panel into view and gives it focus', async () => {
  const user = userEvent.setup();
  renderPage(formOf());
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'mine');
  const scrolled = jest.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => undefined);
  nock(API).put('/api/v1/forms/f-1').reply(409, { message: 'The form was changed by someone else', statusCode: 409, code: 'stale_version' });
  replyForm(formOf({ version: 5, values: { ...VALUES, note: 'theirs' } }), false);
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  const panel = (await screen.findByText('The form was changed by someone else')).closest('[role="alert"]') as HTMLElement;
  await waitFor(() => expect(panel).toHaveFocus());
  expect(scrolled.mock.contexts).toContain(panel);
  scrolled.mockRestore();
  expect(noticesShown()).toEqual([]);
});
