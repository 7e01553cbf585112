// Form-level actions, a field's history, fixing under a server-held lock, and the four-eyes note on
// the form page, against nock on the real store: each action is offered only where the form's
// operations list it, asks first, and sends the version the page read.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { API } from '../../helpers/storeHelpers';
import { formOf, renderPage, replyForm, VALUES } from './formPageHarness';

const dialog = async (): Promise<HTMLElement> => screen.findByRole('dialog');
/** The field's box (label, value and its buttons), found by its label. */
const fieldOf = (label: string): HTMLElement => screen.getByText(label, { selector: 'label, legend' }).closest('[data-field]') as HTMLElement;

test("a draft's investigator deletes it after confirming, and the page returns to the attendance list", async () => {
  const user = userEvent.setup();
  nock(API).get('/api/v1/forms/f-1/form-start-data').reply(200, { results: [{ headerLabels: {}, patient: { id: 'p-9' } }] });
  const { store } = renderPage(formOf({ operations: [{ operation: 'update', submit: false }, { operation: 'delete' }] }));
  await screen.findByRole('textbox', { name: 'Note' });
  await waitFor(() => expect(store.getState().formPage.patientId).toBe('p-9'));
  expect(screen.queryByRole('button', { name: 'Destroy form' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Delete draft' }));
  const deleted = nock(API, { reqheaders: { 'x-form-version': '3' } }).delete('/api/v1/forms/f-1').reply(204);
  await user.click(within(await dialog()).getByRole('button', { name: 'Delete draft' }));
  await waitFor(() => expect(deleted.isDone()).toBe(true));
  expect(await screen.findByText('Reached /patients/p-9/attendances#attendance-a-1')).toBeInTheDocument();
});

test('destroying a form asks for a reason, and sends it', async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'final', operations: [{ operation: 'destroy' }] }), { roles: ['monitor_administrator'] });
  await user.click(await screen.findByRole('button', { name: 'Destroy form' }));
  const box = await dialog();
  await user.click(within(box).getByRole('button', { name: 'Destroy form' }));
  expect(await within(box).findByText('Please give a reason')).toBeInTheDocument();
  let body: unknown = null;
  const destroyed = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .delete('/api/v1/forms/f-1', (b: unknown) => {
      body = b;
      return true;
    })
    .query({ destroy: 'true' })
    .reply(204);
  await user.type(within(box).getByRole('textbox', { name: /Reason/ }), 'Entered for the wrong patient');
  await user.click(within(box).getByRole('button', { name: 'Destroy form' }));
  await waitFor(() => expect(destroyed.isDone()).toBe(true));
  expect(body).toEqual({ reason: 'Entered for the wrong patient' });
  expect(await screen.findByText('Reached /')).toBeInTheDocument();
});

test("resetting a form's approvals sends the reason and reads the form again as a draft", async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'final', operations: [{ operation: 'approval_reset' }] }), { roles: ['monitor_administrator'] });
  await user.click(await screen.findByRole('button', { name: 'Reset approvals' }));
  const box = await dialog();
  const reset = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .delete('/api/v1/forms/f-1/approvals', { reason: 'New lab report' })
    .reply(200, { results: [formOf({ version: 4 })] }, { 'x-form-version': '4' });
  replyForm(formOf({ version: 4, operations: [] }));
  await user.type(within(box).getByRole('textbox', { name: /Reason/ }), 'New lab report');
  await user.click(within(box).getByRole('button', { name: 'Reset approvals' }));
  await waitFor(() => expect(reset.isDone()).toBe(true));
  expect(await screen.findByText('Draft')).toBeInTheDocument();
});

test("a field's History button opens that field's record: old → new, who and why", async () => {
  const user = userEvent.setup();
  renderPage(formOf({ state: 'final', operations: [] }));
  await screen.findByText('Daily dose');
  nock(API)
    .get('/api/v1/forms/f-1/field-history/dose')
    .reply(200, {
      results: [
        { id: 'h-2', at: '2026-03-03T10:00:00Z', userId: 'u-9', userName: 'Dr. Monitor', onBehalfOf: null, operation: 'fix', level: null, changes: [{ path: 'dose', old: 10, new: 12 }], reasons: {}, notes: {}, previousHash: 'a', hash: 'b' },
        { id: 'h-3', at: '2026-03-04T10:00:00Z', userId: 'u-9', userName: 'Dr. Monitor', onBehalfOf: null, operation: 'approval_reset', level: null, changes: [], reasons: { $form: 'New lab report' }, notes: {}, previousHash: 'b', hash: 'c' },
      ],
    });
  await user.click(within(fieldOf('Daily dose')).getByRole('button', { name: 'History: Daily dose' }));
  const pane = await screen.findByRole('dialog', { name: 'History of Daily dose' });
  expect(await within(pane).findByText('First part › Daily dose: 10 → 12')).toBeInTheDocument();
  expect(within(pane).getByText('Fixed by a monitor')).toBeInTheDocument();
  expect(within(pane).getByText('Reason: New lab report')).toBeInTheDocument();
  expect(within(pane).getAllByText(/Dr\. Monitor/)).toHaveLength(2);
});

test('a monitor fixes a field: takes its lock, types, and the fix goes out with the version', async () => {
  const user = userEvent.setup();
  const { store } = renderPage(formOf({ state: 'final', operations: [{ operation: 'fix' }] }), { roles: ['monitor_administrator'] });
  await screen.findByText('Daily dose');
  nock(API).put('/api/v1/forms/f-1/fix-locks/dose').reply(200, { results: [{ path: 'dose', userId: 'u-1', userName: 'Dr. Kiss Anna', expiresAt: '2026-03-03T10:10:00Z' }] });
  await user.click(within(fieldOf('Daily dose')).getByRole('button', { name: /^Start fixing: / }));
  const input = await screen.findByRole('textbox', { name: 'Daily dose' });
  expect(within(fieldOf('Daily dose')).getByText('You are fixing this field')).toBeInTheDocument();
  await user.clear(input);
  await user.type(input, '12');
  const fix = nock(API, { reqheaders: { 'x-form-version': '3' } })
    // The value as the engine holds a typed number (the server validates and stores it like a draft's).
    .put('/api/v1/forms/f-1/fix', { path: 'dose', value: '12' })
    .reply(200, { results: [formOf({ state: 'final', version: 4 })] }, { 'x-form-version': '4' });
  replyForm(formOf({ state: 'final', version: 4, values: { ...VALUES, dose: 12 }, operations: [{ operation: 'fix' }] }));
  await user.click(within(fieldOf('Daily dose')).getByRole('button', { name: 'Finish fixing' }));
  await waitFor(() => expect(fix.isDone()).toBe(true));
  await waitFor(() => expect(store.getState().formPage.version).toBe(4));
  expect(await within(fieldOf('Daily dose')).findByText('12')).toBeInTheDocument();
});

test("a field another monitor is fixing says who, and offers no fixing; a refused lock says why", async () => {
  const user = userEvent.setup();
  const locks = [{ path: 'dose', userId: 'u-7', userName: 'Dr. Other', expiresAt: '2026-03-03T10:10:00Z' }];
  renderPage(formOf({ state: 'final', operations: [{ operation: 'fix' }], locks }), { roles: ['monitor_administrator'] });
  expect(await screen.findByText('Dr. Other is fixing this field')).toBeInTheDocument();
  expect(within(fieldOf('Daily dose')).queryByRole('button', { name: /^Start fixing: / })).not.toBeInTheDocument();
  nock(API).put('/api/v1/forms/f-1/fix-locks/note').reply(409, { statusCode: 409, code: 'field_locked', message: 'Dr. Third is fixing this field; try again when they have finished' });
  replyForm(formOf({ state: 'final', operations: [{ operation: 'fix' }], locks }), false);
  await user.click(within(fieldOf('Note')).getByRole('button', { name: /^Start fixing: / }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Dr. Third is fixing this field');
});

test('four eyes: Approve is not offered and the page says why', async () => {
  renderPage(formOf({ state: 'await_inspect', approvals: [{ level: 1, userId: 'u-1', userName: 'Dr. Kiss Anna', at: '2026-03-02T10:00:00Z' }], operations: [{ operation: 'reject', level: 2 }], fourEyes: { reason: 'approved_level', level: 1 } }), {
    roles: ['monitor_administrator'],
  });
  expect(await screen.findByText(/You approved level 1 of this form/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Request correction' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
});
