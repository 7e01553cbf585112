// The profile screen against nock: preferences saved with the language in use, the password
// change and its errors, and the password-protected MFA actions with the spec's texts.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { ProfilePage } from '../../../src/features/profile/ProfilePage';
import { profileActions } from '../../../src/features/profile/profile.slice';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, SIGNED_IN_CONFIGURATION } from '../../helpers/storeHelpers';

const SETTINGS = { perPage: 10, locale: 'en', saved: true, mfaEnabled: true, mfaPolicy: 'user', mfaEnforcedAt: null };
const signedIn = { auth: { step: 'loggedIn' as const, accessToken: { token: 'f.me', expiresAt: Date.now() + 600_000 } } };

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

async function renderProfile(settings = SETTINGS): Promise<ReturnType<typeof renderWithProviders>> {
  nock(API).get('/api/v1/client-configuration').reply(200, SIGNED_IN_CONFIGURATION);
  nock(API, { reqheaders: { authorization: 'Bearer f.me' } }).get('/api/v1/profile-settings').reply(200, { results: [settings] });
  const view = renderWithProviders(<ProfilePage />, { preloadedState: signedIn });
  view.store.dispatch(profileActions.loadRequested());
  await screen.findByText(settings.mfaEnabled ? 'Two-step verification is on.' : 'MFA is not configured');
  return view;
}

test('a new page size is saved together with the language in use', async () => {
  const patch = nock(API).patch('/api/v1/profile-settings', { locale: 'en', perPage: 50 }).reply(200, { results: [{ ...SETTINGS, perPage: 50 }] });
  const { store } = await renderProfile();
  await userEvent.selectOptions(screen.getByLabelText('Rows per page in lists'), '50');
  await waitFor(() => expect(patch.isDone()).toBe(true));
  expect(store.getState().profile.settings?.perPage).toBe(50);
});

test('the password change checks the rules first, then shows "Invalid password" for a wrong current one', async () => {
  nock(API)
    .post('/api/v1/auth/change-password', { currentPassword: 'wrong-one', password: 'Brand-New-Pass-9', passwordConfirmation: 'Brand-New-Pass-9' })
    .reply(400, { message: 'Érvénytelen jelszó', statusCode: 400, code: 'invalid_password' });
  await renderProfile();
  await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
  await userEvent.type(screen.getByLabelText('New password'), 'short');
  await userEvent.type(screen.getByLabelText('New password again'), 'other');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('password not complex enough')).toBeInTheDocument();
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();

  await userEvent.clear(screen.getByLabelText('New password'));
  await userEvent.type(screen.getByLabelText('New password'), 'Brand-New-Pass-9');
  await userEvent.clear(screen.getByLabelText('New password again'));
  await userEvent.type(screen.getByLabelText('New password again'), 'Brand-New-Pass-9');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Invalid password')).toBeInTheDocument();
});

test('new recovery keys need the password; a wrong one says "Invalid password", other failures the spec text', async () => {
  nock(API).post('/api/v1/auth/mfa-recovery/regenerate', { password: 'nope' }).reply(400, { message: 'x', code: 'invalid_password' });
  nock(API).post('/api/v1/auth/mfa-recovery/regenerate', { password: 'again' }).reply(500, { message: 'x' });
  nock(API)
    .post('/api/v1/auth/mfa-recovery/regenerate', { password: 'Demo-Registry-2026' })
    .reply(200, { recoveryKeys: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'] });
  await renderProfile();
  await userEvent.click(screen.getByRole('button', { name: 'New recovery keys' }));
  for (const [password, text] of [
    ['nope', 'Invalid password'],
    ['again', 'Recovery key generation failed'],
  ]) {
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), password);
    await userEvent.click(screen.getByRole('button', { name: 'New recovery keys' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  }
  await userEvent.clear(screen.getByLabelText('Password'));
  await userEvent.type(screen.getByLabelText('Password'), 'Demo-Registry-2026');
  await userEvent.click(screen.getByRole('button', { name: 'New recovery keys' }));
  expect(await screen.findByText('AAAA-BBBB-CCCC-DDDD')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await userEvent.click(screen.getByLabelText('I saved recovery codes'));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.queryByText('AAAA-BBBB-CCCC-DDDD')).not.toBeInTheDocument();
});

test('turning MFA off needs the password; a failure says "Disabling MFA failed"', async () => {
  nock(API).post('/api/v1/auth/mfa-tokens/disable').reply(503, { message: 'x' });
  nock(API).post('/api/v1/auth/mfa-tokens/disable', { password: 'Demo-Registry-2026' }).reply(200, { results: [{ disabled: true }] });
  await renderProfile();
  // After turning it off the section reloads the status.
  nock(API).get('/api/v1/profile-settings').reply(200, { results: [{ ...SETTINGS, mfaEnabled: false }] });
  await userEvent.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
  await userEvent.type(screen.getByLabelText('Password'), 'whatever');
  await userEvent.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Disabling MFA failed');
  await userEvent.clear(screen.getByLabelText('Password'));
  await userEvent.type(screen.getByLabelText('Password'), 'Demo-Registry-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
  expect(await screen.findByText('Two-step verification has been turned off.')).toBeInTheDocument();
  expect(await screen.findByText('MFA is not configured')).toBeInTheDocument();
});

test('under an enforced policy MFA cannot be turned off from here', async () => {
  await renderProfile({ ...SETTINGS, mfaPolicy: 'enforced' });
  expect(screen.getByText('Your administrator requires two-step verification for your account.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Turn off two-step verification' })).not.toBeInTheDocument();
});

test('without MFA the section offers the setup with QR code and key', async () => {
  nock(API, { reqheaders: { authorization: 'Bearer f.me' } })
    .post('/api/v1/auth/mfa-tokens/setup')
    .reply(200, { otpUrl: 'otpauth://totp/Registry:anna%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Registry', mfaEnforcedAt: null });
  await renderProfile({ ...SETTINGS, mfaEnabled: false });
  await userEvent.click(screen.getByRole('button', { name: 'Set up two-step verification' }));
  expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
});
