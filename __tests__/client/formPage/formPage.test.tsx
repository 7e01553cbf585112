// The form page against nock: loading with its version, a draft save sending x-form-version and
// the values, a stale version keeping what the user typed, a monitor's approval at the next level,
// and a censored form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { FormPage } from '../../../src/features/formPage/FormPage';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, SIGNED_IN_CONFIGURATION, startStore } from '../../helpers/storeHelpers';

const signedIn = { auth: { step: 'loggedIn' as const, accessToken: { token: 'f.me', expiresAt: Date.now() + 600_000 } } };

const DESCRIPTOR = {
  formTypeId: 7,
  version: 2,
  locale: 'en',
  displayId: 'SMALL',
  behaviorType: 'any',
  sections: [{ id: 'first' }],
  commonDataFields: [
    { id: 'patient', type: 'text', role: 'patient' },
    { id: 'physician', type: 'text', role: 'physician' },
  ],
  form: { sections: [{ id: 'first', fields: [{ id: 'code', type: 'text', mandatory: true }, { id: 'note', type: 'text' }] }] },
  labels: { patient: 'Patient', physician: 'Physician', first: 'First part', code: 'Code', note: 'Note' },
  valueLabelMap: {},
  indispensableFields: ['code'],
  personalDataFields: [],
};

const VALUES = { patient: 'P-001', physician: 'Dr. Test', code: 'C-1', note: '' };

function formOf(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'f-1',
    attendanceId: 'a-1',
    attendancePeriodId: 'p-1',
    formTypeId: 7,
    descriptorVersion: 2,
    displayId: 'FRM-0001',
    state: 'draft',
    approvals: [],
    values: VALUES,
    reviews: {},
    physicianId: 'u-1',
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    version: 3,
    censored: false,
    ...overrides,
  };
}

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function replyForm(form: Record<string, unknown>): void {
  nock(API)
    .get('/api/v1/forms/f-1')
    .reply(200, { results: [form] }, { 'x-form-version': String(form.version) });
  if (!form.censored) nock(API).get('/api/v1/form-types/7/form-descriptors/2').query({ locale: 'en' }).reply(200, { results: [DESCRIPTOR] });
}

function renderPage(form: Record<string, unknown>, roles = ['local_investigator']): ReturnType<typeof renderWithProviders> {
  nock(API)
    .get('/api/v1/client-configuration')
    .reply(200, { ...SIGNED_IN_CONFIGURATION, user: { ...SIGNED_IN_CONFIGURATION.user, roles } });
  replyForm(form);
  // A store of its own, stopped after the test, so no saga of an earlier test takes this one's answers.
  const store = startStore({ locale: { locale: 'en' }, ...signedIn });
  return renderWithProviders(<FormPage />, { store, routes: [{ path: '/forms/:formId', element: <FormPage /> }], route: '/forms/f-1' });
}

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

test('a stale version keeps the typed value and offers to load the current version', async () => {
  const user = userEvent.setup();
  renderPage(formOf());
  await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'my words');
  nock(API)
    .put('/api/v1/forms/f-1')
    .reply(409, { message: 'The form was changed by someone else', statusCode: 409, code: 'stale_version', currentVersion: 5 });
  await user.click(screen.getByRole('button', { name: 'Save draft' }));
  const alert = await screen.findByText('The form was changed by someone else');
  expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('my words');

  replyForm(formOf({ version: 5, values: { ...VALUES, note: 'theirs' } }));
  await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Load the current version' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('theirs'));
  expect(screen.queryByText('The form was changed by someone else')).not.toBeInTheDocument();
});

test('a monitor approves at the next level with the version', async () => {
  const user = userEvent.setup();
  const approvals = [{ level: 1, userId: 'u-9', userName: 'Dr. Monitor', at: '2026-03-02T10:00:00Z' }];
  const { store } = renderPage(formOf({ state: 'await_inspect', approvals }), ['monitor_investigator']);
  await user.click(await screen.findByRole('button', { name: 'Approve' }));
  const approve = nock(API, { reqheaders: { 'x-form-version': '3' } })
    .put('/api/v1/forms/f-1/approve', { level: 2 })
    .reply(200, { results: [formOf({ state: 'final', version: 4 })] }, { 'x-form-version': '4' });
  replyForm(formOf({ state: 'final', version: 4, approvals: [...approvals, { ...approvals[0], level: 2 }] }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(approve.isDone()).toBe(true));
  await waitFor(() => expect(store.getState().formPage.form?.state).toBe('final'));
});

test('a censored form says "No permission to view"', async () => {
  renderPage(formOf({ censored: true, values: null }));
  expect(await screen.findByText('No permission to view')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
});
