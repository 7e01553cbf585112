// The registration form as a user meets it: the rules' texts, the captcha that must be solved,
// the institute chosen by search, a duplicate address shown on its field, and the notice after.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { RegistrationArea } from '../../../src/features/registration/RegistrationArea';
import { ALTCHA_STATE_CHANGE } from '../../../src/features/registration/AltchaCaptcha';
import { API } from '../../helpers/storeHelpers';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { answerFormLoads, quietStartup } from './fixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => quietStartup());
afterEach(() => nock.cleanAll());

const ROUTES = [{ path: '/registration/*', element: <RegistrationArea /> }];

async function openForm(locale: 'en' | 'hu' = 'en'): Promise<void> {
  answerFormLoads();
  renderWithProviders(<RegistrationArea />, { routes: ROUTES, route: '/registration', locale });
  await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
}

/** The widget cannot solve a puzzle in jsdom: send the event it sends when it has. */
function solveCaptcha(payload = 'ZmFrZS1wYXlsb2Fk'): void {
  const widget = document.querySelector('altcha-widget');
  if (!widget) throw new Error('no captcha widget');
  fireEvent(widget, new CustomEvent(ALTCHA_STATE_CHANGE, { detail: { state: 'verified', payload } }));
}

async function fillValidForm(): Promise<void> {
  await userEvent.type(screen.getByLabelText('Name'), 'Dr. Kiss Anna');
  await userEvent.type(screen.getByLabelText('E-mail address'), 'anna@example.org');
  await userEvent.type(screen.getByLabelText('Password'), 'Correct-Horse-9');
  await userEvent.type(screen.getByLabelText('Password again'), 'Correct-Horse-9');
  await userEvent.type(screen.getByRole('combobox', { name: 'Institute' }), 'SZLK');
  await userEvent.click(await screen.findByRole('option', { name: 'Szent Lukács Kórház (SZLK)' }));
  await userEvent.type(screen.getByLabelText('Phone number (optional)'), '+36 1 234 5678');
  await userEvent.click(screen.getByLabelText('I am a physician'));
}

test('submitting an empty form asks for every required field and for the captcha', async () => {
  await openForm();
  expect(screen.getByRole('heading', { name: 'Registration', level: 1 })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByText('captcha not set')).toBeInTheDocument();
  // Announced: the captcha has no input of its own to carry the error.
  expect(screen.getByText('captcha not set').closest('[role="alert"]')).not.toBeNull();
  expect(screen.getAllByText('Required')).toHaveLength(5);
});

test('the e-mail and password rules show their texts', async () => {
  await openForm();
  await userEvent.type(screen.getByLabelText('E-mail address'), 'anna@example');
  await userEvent.type(screen.getByLabelText('Password'), 'short');
  await userEvent.type(screen.getByLabelText('Password again'), 'different');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByText('Invalid e-mail address')).toBeInTheDocument();
  expect(screen.getByText('password not complex enough')).toBeInTheDocument();
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
});

test('a solved captcha clears "captcha not set"', async () => {
  await openForm();
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByText('captcha not set')).toBeInTheDocument();
  solveCaptcha();
  await waitFor(() => expect(screen.queryByText('captcha not set')).not.toBeInTheDocument());
});

test('in Hungarian the missing captcha is "a captcha nincs kitöltve"', async () => {
  await openForm('hu');
  await userEvent.click(screen.getByRole('button', { name: 'Regisztrálok' }));
  expect(await screen.findByText('a captcha nincs kitöltve')).toBeInTheDocument();
});

test('a complete form registers, and the notice shows the address and resends the link', async () => {
  const register = nock(API)
    .post('/api/v1/user-registrations/users', {
      name: 'Dr. Kiss Anna',
      email: 'anna@example.org',
      password: 'Correct-Horse-9',
      passwordConfirmation: 'Correct-Horse-9',
      instituteId: 'i-1',
      phone: '+36 1 234 5678',
      doctor: true,
      altcha: 'ZmFrZS1wYXlsb2Fk',
    })
    .reply(201, { results: [{ id: 'u-9', email: 'anna@example.org', state: 'unconfirmed' }] });
  const resend = nock(API).post('/api/v1/user-registrations/resend-confirmation-email', { email: 'anna@example.org' }).reply(200, { results: [{ accepted: true }] });
  await openForm();
  await fillValidForm();
  solveCaptcha();
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));

  expect(await screen.findByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
  expect(screen.getByText(/We have sent a confirmation link to anna@example.org\./)).toBeInTheDocument();
  expect(register.isDone()).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
  expect(await screen.findByText(/we have sent a new link to it/)).toBeInTheDocument();
  expect(resend.isDone()).toBe(true);
});

test('a duplicate address shows "already exists" on the e-mail field and a new captcha must be solved', async () => {
  nock(API)
    .post('/api/v1/user-registrations/users')
    .reply(400, { message: 'Validation failed', code: 'validation_failed', errors: [{ path: 'email', key: 'api.unique', context: {} }] });
  const renewed = nock(API).get('/api/v1/user-registrations/captcha').reply(200, { parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n-2', salt: 's', cost: 1, keyLength: 32, keyPrefix: '00' }, signature: 'x' });
  await openForm();
  await fillValidForm();
  solveCaptcha();
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));

  await waitFor(() => expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('already exists'));
  await waitFor(() => expect(renewed.isDone()).toBe(true));
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByText('captcha not set')).toBeInTheDocument();
});

test('institutes that cannot be loaded say so', async () => {
  nock(API).get('/api/v1/user-registrations/institutes').reply(500, { message: 'down' });
  nock(API).get('/api/v1/user-registrations/captcha').reply(200, { parameters: {}, signature: 'x' });
  renderWithProviders(<RegistrationArea />, { routes: ROUTES, route: '/registration' });
  expect(await screen.findByText('Can not load institutes, please contact an administrator!')).toBeInTheDocument();
});
