// Issue 11 items 9 and 10 in the shared frame: Page not found keeps the menus for a signed-in user
// (and a landmark for everyone), the user-menu button is named by what it shows, and after a
// sign-out the next user starts on their own dashboard; only the same user returns to the page.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { Outlet } from 'react-router';
import { AnyVisitorLayout } from '../../../src/common/layout/AnyVisitorLayout';
import { AppLayout } from '../../../src/common/layout/AppLayout';
import { RequireAuth } from '../../../src/common/layout/RequireAuth';
import { NotFoundPage } from '../../../src/common/pages/NotFoundPage';
import { LoginArea } from '../../../src/features/auth/LoginArea';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, CONFIGURATION, SIGNED_IN_CONFIGURATION } from '../../helpers/storeHelpers';

jest.setTimeout(20_000);

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  nock.cleanAll();
  sessionStorage.clear();
});

const ANNA = SIGNED_IN_CONFIGURATION.user;
const BELA = { ...ANNA, id: 'u-2', name: 'Dr. Nagy Béla' };
const signedIn = { auth: { step: 'loggedIn' as const, accessToken: { token: 'anna.token', expiresAt: Date.now() + 600_000 } } };

const ROUTES = [
  { path: '/login/*', element: <LoginArea /> },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { path: '/', element: <p>own dashboard</p> },
      { path: '/patients', element: <p>the patients page</p> },
    ],
  },
  { element: <AnyVisitorLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
];

function configurationFor(user: typeof ANNA | null): void {
  nock(API).get('/api/v1/client-configuration').reply(200, user ? { ...CONFIGURATION, user } : CONFIGURATION);
}

test('signed in, Page not found keeps the menus and the user menu, named by what it shows', async () => {
  configurationFor(ANNA);
  renderWithProviders(<Outlet />, { preloadedState: signedIn, routes: ROUTES, route: '/no/such/page' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  expect(within(screen.getByRole('main')).getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  // The accessible name holds the visible text (WCAG 2.5.3), with a hidden word saying what it is.
  const userMenu = screen.getByRole('button', { name: 'User menu of Dr. Kiss Anna SZLK' });
  expect(userMenu).not.toHaveAttribute('aria-label');
});

test('in Hungarian the user-menu button says so too', async () => {
  configurationFor(ANNA);
  renderWithProviders(<Outlet />, { preloadedState: signedIn, routes: ROUTES, route: '/no/such/page', locale: 'hu' });
  expect(await screen.findByRole('button', { name: 'Felhasználói menü: Dr. Kiss Anna SZLK' })).toBeInTheDocument();
});

test('signed out, Page not found stands in the public frame with a main landmark', async () => {
  configurationFor(null);
  renderWithProviders(<Outlet />, { routes: ROUTES, route: '/no/such/page' });
  const main = await screen.findByRole('main');
  expect(within(main).getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
});

async function signOutFromPatientsThenSignInAs(next: typeof ANNA): Promise<void> {
  configurationFor(ANNA);
  renderWithProviders(<Outlet />, { preloadedState: signedIn, routes: ROUTES, route: '/patients' });
  expect(await screen.findByText('the patients page')).toBeInTheDocument();
  nock(API).post('/api/v1/auth/logout').reply(204);
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();

  nock(API).post('/api/v1/auth/tokens').reply(200, { access_token: `${next.id}.token`, expires_in: 600, mfa_required: false, mfa_configured: false, mfa_enforced_at: null });
  configurationFor(next);
  await userEvent.type(screen.getByLabelText('E-mail address'), 'someone@example.org');
  await userEvent.type(screen.getByLabelText('Password'), 'a password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

test('after a sign-out the next user starts on their own dashboard, not on the last page of the previous one', async () => {
  await signOutFromPatientsThenSignInAs(BELA);
  expect(await screen.findByText('own dashboard')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Dr\. Nagy Béla/ })).toBeInTheDocument();
  expect(screen.queryByText('the patients page')).not.toBeInTheDocument();
});

test('the same user signing in again returns to the page they left', async () => {
  await signOutFromPatientsThenSignInAs(ANNA);
  expect(await screen.findByText('the patients page')).toBeInTheDocument();
});
