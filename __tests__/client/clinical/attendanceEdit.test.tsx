// The attendance list's header edit (slide pane → PATCH /attendances/{id}) and approval reset
// (confirm dialog → DELETE /attendances/{id}/approvals, then the list again), with the real store
// and sagas and the HTTP answered by nock: what the user sees and what is sent.
import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import type { Attendance } from '../../../src/api/attendances';
import { AttendanceListPage } from '../../../src/features/attendances/AttendanceListPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API } from '../../helpers/storeHelpers';
import { answerStartup, attendance, signedIn } from './fixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => answerStartup());
afterEach(() => nock.cleanAll());

const routes = [{ path: '/patients/:patientId/attendances', element: <AttendanceListPage /> }];
const editable = (over: Partial<Attendance> = {}): Attendance =>
  attendance({ permissions: ['frm_edit'], registry: { id: 'r-1', shortName: 'RA', registryType: 'registry', hasInpatientDay: true }, ...over });

async function showList(items: Attendance[], locale: 'en' | 'hu' = 'en'): Promise<HTMLElement> {
  nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: items });
  renderWithProviders(<AttendanceListPage />, { locale, preloadedState: signedIn, routes, route: '/patients/p-1/attendances' });
  return screen.findByRole('article', { name: locale === 'en' ? 'Attendance SZLK-RA-20260110-1' : 'SZLK-RA-20260110-1 vizit' });
}

async function openEditor(item = editable()): Promise<HTMLElement> {
  const card = await showList([item]);
  await userEvent.click(within(card).getByRole('button', { name: 'Edit attendance' }));
  return screen.findByRole('dialog', { name: 'Edit attendance SZLK-RA-20260110-1' });
}

test('the actions appear only where the answer grants them', async () => {
  const card = await showList([attendance()]);
  expect(within(card).queryByRole('button', { name: 'Edit attendance' })).not.toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Reset approvals' })).not.toBeInTheDocument();
});

test('an attendance of drafts only offers no approval reset: there is nothing to reset', async () => {
  const base = editable({ permissions: ['frm_edit', 'frm_reset_approval'] });
  const drafts = { ...base, periods: base.periods.map((period) => ({ ...period, forms: period.forms.map((form) => ({ ...form, state: 'draft' as const })) })) };
  const card = await showList([drafts]);
  expect(within(card).getByRole('button', { name: 'Edit attendance' })).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Reset approvals' })).not.toBeInTheDocument();
});

test('the actions are localized in Hungarian', async () => {
  const card = await showList([editable({ permissions: ['frm_edit', 'frm_reset_approval'] })], 'hu');
  expect(within(card).getByRole('button', { name: 'Vizit szerkesztése' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Jóváhagyások visszavonása' })).toBeInTheDocument();
});

test('saving the end, a completed flag and the inpatient stays sends only the changes and shows them', async () => {
  const pane = await openEditor();
  // Shown the one shared way; typed below in ISO, which the input reads as well.
  expect(within(pane).getByLabelText('Stay 1: first day')).toHaveValue('10 Jan 2026');
  fireEvent.change(within(pane).getByLabelText('End date and time'), { target: { value: '2026-01-12T16:00' } });
  await userEvent.click(within(pane).getByLabelText('Completed'));
  fireEvent.change(within(pane).getByLabelText('Stay 1: last day'), { target: { value: '2026-01-11' } });
  await userEvent.click(within(pane).getByRole('button', { name: 'Add inpatient stay' }));
  fireEvent.change(within(pane).getByLabelText('Stay 2: first day'), { target: { value: '2026-01-12' } });
  fireEvent.change(within(pane).getByLabelText('Stay 2: last day'), { target: { value: '2026-01-12' } });

  const end = new Date('2026-01-12T16:00').toISOString();
  const expected = { endDateTime: end, completed: true, inpatientDays: [{ from: '2026-01-10', to: '2026-01-11' }, { from: '2026-01-12', to: '2026-01-12' }] };
  const saved = editable({ ...expected, state: 'completed' });
  const patch = nock(API).patch('/api/v1/attendances/a-1', expected).reply(200, { results: [saved] });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(patch.isDone()).toBe(true));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit attendance SZLK-RA-20260110-1' })).not.toBeInTheDocument());
  const card = screen.getByRole('article', { name: 'Attendance SZLK-RA-20260110-1' });
  expect(within(card).getByText('Completed')).toBeInTheDocument();
  expect(within(card).getByText(/^End:/)).toBeInTheDocument();
  expect(within(card).getAllByRole('listitem')).toHaveLength(2);
});

test('the server’s field errors appear at their fields and nothing typed is lost', async () => {
  const pane = await openEditor();
  fireEvent.change(within(pane).getByLabelText('End date and time'), { target: { value: '2026-01-12T16:00' } });
  fireEvent.change(within(pane).getByLabelText('Stay 1: last day'), { target: { value: '2026-01-13' } });
  nock(API)
    .patch('/api/v1/attendances/a-1')
    .reply(400, {
      message: 'Invalid request',
      statusCode: 400,
      code: 'validation_failed',
      errors: [
        { path: 'endDateTime', key: 'logic.with', context: { main: 'completed', peer: 'endDateTime' } },
        { path: 'inpatientDays.0.to', key: 'string.dateRange', context: { first: 'from', second: 'to' } },
      ],
    });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));

  expect(await within(pane).findByRole('alert')).toHaveTextContent('The attendance was not saved: please correct the marked fields.');
  expect(within(pane).getByText('must provide "endDateTime" when "completed" is present')).toBeInTheDocument();
  expect(within(pane).getByText('"from" date have to be earlier than "to" date')).toBeInTheDocument();
  expect(within(pane).getByLabelText('End date and time')).toHaveValue('2026-01-12T16:00');
  expect(within(pane).getByLabelText('Stay 1: last day')).toHaveValue('2026-01-13');
  // Changing a marked field takes the server's word for it away; the other mark stays.
  fireEvent.change(within(pane).getByLabelText('Stay 1: last day'), { target: { value: '2026-01-14' } });
  await waitFor(() => expect(within(pane).queryByText('"from" date have to be earlier than "to" date')).not.toBeInTheDocument());
  expect(within(pane).getByText('must provide "endDateTime" when "completed" is present')).toBeInTheDocument();
});

test('a failed save without field errors says why, and the typing stays', async () => {
  const pane = await openEditor();
  fireEvent.change(within(pane).getByLabelText('End date and time'), { target: { value: '2026-01-12T16:00' } });
  nock(API).patch('/api/v1/attendances/a-1').reply(403, { message: "You haven't got permission to view this resource", statusCode: 403, code: 'no_permission' });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  expect(await within(pane).findByRole('alert')).toHaveTextContent("The attendance could not be saved: You haven't got permission to view this resource (403)");
  expect(within(pane).getByLabelText('End date and time')).toHaveValue('2026-01-12T16:00');
});

test('the pane checks its own rules before sending anything', async () => {
  const pane = await openEditor();
  const patch = nock(API).patch('/api/v1/attendances/a-1').reply(200, { results: [editable()] });
  await userEvent.click(within(pane).getByLabelText('Completed'));
  fireEvent.change(within(pane).getByLabelText('Stay 1: last day'), { target: { value: '2026-01-09' } });
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  expect(await within(pane).findByText('A completed attendance needs an end date and time')).toBeInTheDocument();
  expect(within(pane).getByText('The last day must not be earlier than the first')).toBeInTheDocument();
  fireEvent.change(within(pane).getByLabelText('End date and time'), { target: { value: '2026-01-09T08:00' } });
  fireEvent.blur(within(pane).getByLabelText('End date and time'));
  expect(await within(pane).findByText('The end must not be earlier than the start')).toBeInTheDocument();
  expect(patch.isDone()).toBe(false);
});

test('registries without inpatient days get no inpatient fields', async () => {
  const pane = await openEditor(editable({ registry: { id: 'r-2', shortName: 'NSCLC', registryType: 'trial', hasInpatientDay: false }, inpatientDays: [] }));
  expect(within(pane).getByLabelText('End date and time')).toBeInTheDocument();
  expect(within(pane).queryByRole('button', { name: 'Add inpatient stay' })).not.toBeInTheDocument();
  expect(within(pane).queryByText('Inpatient days')).not.toBeInTheDocument();
});

test('resetting the approvals asks first, then reloads the list with the forms back in draft', async () => {
  const card = await showList([attendance({ permissions: ['frm_reset_approval'] })]);
  expect(within(card).queryByRole('button', { name: 'Edit attendance' })).not.toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: 'Reset approvals' }));
  let dialog = await screen.findByRole('dialog', { name: 'Reset the approvals of attendance SZLK-RA-20260110-1?' });
  expect(dialog).toHaveTextContent('Every form of this attendance returns to draft and all its approvals are deleted.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  await userEvent.click(within(card).getByRole('button', { name: 'Reset approvals' }));
  dialog = await screen.findByRole('dialog', { name: 'Reset the approvals of attendance SZLK-RA-20260110-1?' });
  const drafts = attendance({ permissions: ['frm_reset_approval'] });
  drafts.periods[0].forms = drafts.periods[0].forms.map((form) => ({ ...form, state: 'draft', approvals: [] }));
  const reset = nock(API).delete('/api/v1/attendances/a-1/approvals').reply(200, { results: [drafts] });
  const reload = nock(API).get('/api/v1/patients/p-1/attendance_periods').reply(200, { results: [drafts] });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reset approvals' }));

  expect(await screen.findByRole('status')).toHaveTextContent('The approvals of attendance SZLK-RA-20260110-1 were reset; its forms are back in draft.');
  expect(reset.isDone() && reload.isDone()).toBe(true);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const forms = within(screen.getByRole('article', { name: 'Attendance SZLK-RA-20260110-1' })).getByRole('table', { name: 'Baseline' });
  await waitFor(() => expect(within(forms).getAllByText('Draft')).toHaveLength(6));
  expect(within(forms).queryByText('Final')).not.toBeInTheDocument();
});

test('a refused reset says why inside the dialog and leaves the list alone', async () => {
  const card = await showList([attendance({ permissions: ['frm_reset_approval'] })]);
  await userEvent.click(within(card).getByRole('button', { name: 'Reset approvals' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset the approvals of attendance SZLK-RA-20260110-1?' });
  nock(API).delete('/api/v1/attendances/a-1/approvals').reply(403, { message: "You haven't got permission to view this resource", statusCode: 403, code: 'no_permission' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reset approvals' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent("The approvals could not be reset: You haven't got permission to view this resource (403)");
  expect(within(screen.getByRole('table', { name: 'Baseline' })).getByText('Final')).toBeInTheDocument();
});

test('the open pane, with its marks, passes axe', async () => {
  const pane = await openEditor();
  await userEvent.click(within(pane).getByLabelText('Completed'));
  await userEvent.click(within(pane).getByRole('button', { name: 'Save' }));
  await within(pane).findByText('A completed attendance needs an end date and time');
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
