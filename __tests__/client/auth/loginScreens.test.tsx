// The /login screens for each step: what a person sees and can do.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { LoginArea } from '../../../src/features/auth/LoginArea';
import type { AuthState } from '../../../src/features/auth/auth.types';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, CONFIGURATION } from '../../helpers/storeHelpers';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function renderAt(auth: AuthState, locale: 'en' | 'hu' = 'en'): ReturnType<typeof renderWithProviders> {
  nock(API).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  return renderWithProviders(<LoginArea />, {
    locale,
    preloadedState: { auth },
    routes: [{ path: '/login/*', element: <LoginArea /> }],
    route: '/login',
  });
}

const OTP_URL = 'otpauth://totp/Registry:mfa%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Registry';

test('an expired session is explained on the sign-in page', () => {
  renderAt({ step: 'loggedOut', errorMessage: 'token_expired' });
  expect(screen.getByRole('alert')).toHaveTextContent('Session expired');
});

test('the same in Hungarian', () => {
  renderAt({ step: 'loggedOut', errorMessage: 'token_expired' }, 'hu');
  expect(screen.getByRole('alert')).toHaveTextContent('A munkamenet lejárt');
  expect(screen.getByRole('heading', { name: 'Bejelentkezés' })).toBeInTheDocument();
});

test('the password form asks for both fields before calling the server', async () => {
  renderAt({ step: 'loggedOut', errorMessage: null });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findAllByText('Required')).toHaveLength(2);
});

test('the MFA code field is a numeric one-time-code field with focus, and takes 6 digits', async () => {
  renderAt({ step: 'mfaAuthRequired', mfaAccessToken: 'm.x' });
  const field = screen.getByLabelText('Verification code');
  expect(field).toHaveAttribute('inputmode', 'numeric');
  expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  expect(field).toHaveFocus();
  await userEvent.type(field, '12a3');
  expect(field).toHaveValue('123');
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('The code is 6 digits.')).toBeInTheDocument();
});

test.each([
  ['invalid_token', 'Invalid token'],
  ['login_failed', 'Login failed'],
] as const)('a failed code (%s) reads "%s"', (reason, text) => {
  renderAt({ step: 'mfaAuthFailure', mfaAccessToken: 'm.x', errorMessage: reason });
  expect(screen.getByRole('alert')).toHaveTextContent(text);
});

test('a refused recovery key reads "Invalid recovery key", with a way back to the code', async () => {
  const { store } = renderAt({ step: 'mfaRecoveryKeyFailure', mfaAccessToken: 'm.x', errorMessage: 'invalid_token' });
  expect(screen.getByRole('alert')).toHaveTextContent('Invalid recovery key');
  await userEvent.click(screen.getByRole('button', { name: 'Back to the verification code' }));
  expect(store.getState().auth.step).toBe('mfaAuthRequired');
  expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
});

test('MFA setup in the grace period offers a skip; a refused skip reads "Cannot skip MFA setup!"', async () => {
  nock(API, { reqheaders: { authorization: 'Bearer m.setup' } }).post('/api/v1/auth/mfa-tokens/setup').reply(200, { otpUrl: OTP_URL, mfaEnforcedAt: '2099-01-01T00:00:00.000Z' });
  nock(API).post('/api/v1/auth/mfa-tokens/skip-setup').reply(403, { message: 'x', code: 'mfa_skip_forbidden' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  renderAt({ step: 'mfaSetupRequired', mfaAccessToken: 'm.setup', mfaEnforcedAt: '2099-01-01T00:00:00.000Z' });
  expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  expect(screen.getByText(/will be required from/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Cannot skip MFA setup!');
});

test('MFA setup past the enforcement date offers no skip', async () => {
  nock(API).post('/api/v1/auth/mfa-tokens/setup').reply(200, { otpUrl: OTP_URL, mfaEnforcedAt: '2020-01-01T00:00:00.000Z' });
  renderAt({ step: 'mfaSetupRequired', mfaAccessToken: 'm.setup', mfaEnforcedAt: '2020-01-01T00:00:00.000Z' });
  expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  // The key box is named by its label and wraps instead of scrolling (a scroll box keyboards cannot reach).
  const keyBox = screen.getByRole('group', { name: 'Key for manual entry' });
  expect(keyBox).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
  expect(keyBox).toHaveStyle({ whiteSpace: 'pre-wrap' });
  expect(screen.getByText(/Cannot skip MFA setup!/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Skip for now' })).not.toBeInTheDocument();
});

test('a wrong setup code reads "Invalid token"; the right one shows the keys before the app opens', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  nock(API).post('/api/v1/auth/mfa-tokens/setup').reply(200, { otpUrl: OTP_URL, mfaEnforcedAt: null });
  nock(API).post('/api/v1/auth/mfa-tokens/verify', { otp_token: '111111' }).reply(400, { message: 'x', code: 'invalid_token' });
  nock(API)
    .post('/api/v1/auth/mfa-tokens/verify', { otp_token: '222222' })
    .reply(200, { recoveryKeys: ['AAAA-BBBB-CCCC-DDDD'], access_token: 'f.new', expires_in: 900 });
  nock(API).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  nock(API).get('/api/v1/profile-settings').reply(200, { results: [{ perPage: 10, locale: 'en', saved: false, mfaEnabled: true, mfaPolicy: 'enforced', mfaEnforcedAt: null }] });
  const { store } = renderAt({ step: 'mfaSetupRequired', mfaAccessToken: 'm.setup', mfaEnforcedAt: null });
  await screen.findByText('JBSW Y3DP EHPK 3PXP');
  await userEvent.type(screen.getByLabelText('Verification code'), '111111');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Invalid token');
  await userEvent.type(screen.getByLabelText('Verification code'), '222222');
  await userEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
  expect(await screen.findByText('AAAA-BBBB-CCCC-DDDD')).toBeInTheDocument();
  expect(store.getState().auth.step).toBe('loggedIn');
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
});
