// The e-mailed link /registration/confirm/<userId>#token=… and the resend form.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { RegistrationArea } from '../../../src/features/registration/RegistrationArea';
import { API } from '../../helpers/storeHelpers';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { quietStartup } from './fixtures';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
beforeEach(() => quietStartup());
afterEach(() => nock.cleanAll());

const ROUTES = [{ path: '/registration/*', element: <RegistrationArea /> }];

const renderAt = (route: string, locale: 'en' | 'hu' = 'en'): void => void renderWithProviders(<RegistrationArea />, { routes: ROUTES, route, locale });

test('a valid link posts the token of the fragment and says what happens next', async () => {
  const post = nock(API, { badheaders: ['authorization'] })
    .post('/api/v1/user-registrations/users/u-9/email-confirmation-token', { token: 'tok-1' })
    .reply(200, { results: [{ confirmed: true }] });
  renderAt('/registration/confirm/u-9#token=tok-1');
  expect(screen.getByRole('heading', { name: 'E-mail confirmation' })).toBeInTheDocument();
  expect(await screen.findByText('Your e-mail address is confirmed. An administrator will activate your account; you will get an e-mail.')).toBeInTheDocument();
  expect(post.isDone()).toBe(true);
});

test('a used or expired link shows the spec text', async () => {
  nock(API)
    .post('/api/v1/user-registrations/users/u-9/email-confirmation-token', { token: 'used' })
    .reply(400, { message: 'Email confirmation failed. Please contact our administrator.', code: 'email_confirmation_failed' });
  renderAt('/registration/confirm/u-9#token=used');
  expect(await screen.findByRole('alert')).toHaveTextContent('Email confirmation failed. Please contact our administrator.');
});

test('in Hungarian the refusal is translated', async () => {
  nock(API).post('/api/v1/user-registrations/users/u-9/email-confirmation-token').reply(400, { code: 'email_confirmation_failed' });
  renderAt('/registration/confirm/u-9#token=used', 'hu');
  expect(await screen.findByRole('alert')).toHaveTextContent('Az e-mail cím megerősítése nem sikerült. Kérjük, forduljon az adminisztrátorunkhoz.');
});

test('a link without its token fails without asking the server', async () => {
  renderAt('/registration/confirm/u-9');
  expect(await screen.findByRole('alert')).toHaveTextContent('Email confirmation failed. Please contact our administrator.');
});

test('a server that cannot be reached can be retried', async () => {
  nock(API).post('/api/v1/user-registrations/users/u-9/email-confirmation-token').replyWithError('ECONNREFUSED');
  renderAt('/registration/confirm/u-9#token=tok-1');
  expect(await screen.findByRole('alert')).toHaveTextContent('Error');
  nock(API).post('/api/v1/user-registrations/users/u-9/email-confirmation-token').reply(200, { results: [{ confirmed: true }] });
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText(/Your e-mail address is confirmed/)).toBeInTheDocument();
});

test('the resend form checks the address and then says "if"', async () => {
  const post = nock(API).post('/api/v1/user-registrations/resend-confirmation-email', { email: 'anna@example.org' }).reply(200, { results: [{ accepted: true }] });
  renderAt('/registration/resend-confirmation');
  await userEvent.type(screen.getByLabelText('E-mail address'), 'anna@');
  await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
  expect(await screen.findByText('Invalid e-mail address')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('E-mail address'));
  await userEvent.type(screen.getByLabelText('E-mail address'), ' anna@example.org ');
  await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
  expect(await screen.findByRole('status')).toHaveTextContent(/If an unconfirmed registration belongs to this address/);
  expect(post.isDone()).toBe(true);
});

test('the notice opened directly offers the resend form', async () => {
  renderAt('/registration/confirm-email');
  expect(screen.getByText(/We have sent a confirmation link to your e-mail address\./)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Send the link again' }));
  expect(await screen.findByRole('heading', { name: 'Resend the confirmation link' })).toBeInTheDocument();
});
