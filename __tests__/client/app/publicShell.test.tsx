// The light public shell (docs/decisions.md, "Light public shell"): /login and /registration open
// without the full app (its router, its route table); links and Back move between the public
// pages in the address bar; signing in hands over to the full app at the page the visitor came for.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { App } from '../../../src/app/App';
import { loadFullApp } from '../../../src/app/loadFullApp';
import { createAppStore, type AppStore } from '../../../src/app/store';
import { loadCatalogue } from '../../../src/i18n/loadCatalogue';
import { API, CONFIGURATION, SIGNED_IN_CONFIGURATION } from '../../helpers/storeHelpers';
import { answerFormLoads } from '../registration/fixtures';

jest.mock('../../../src/app/loadFullApp', () => {
  const actual: { loadFullApp: (store: unknown) => Promise<unknown> } = jest.requireActual('../../../src/app/loadFullApp');
  return { loadFullApp: jest.fn(actual.loadFullApp) };
});

jest.setTimeout(20_000);

let store: AppStore | undefined;

beforeAll(async () => {
  nock.disableNetConnect();
  await loadCatalogue('en');
});
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  store?.stopSagas();
  nock.cleanAll();
  sessionStorage.clear();
  jest.mocked(loadFullApp).mockClear();
});

function startAt(path: string, historyState: unknown = null): void {
  window.history.pushState(historyState, '', path);
  nock(API).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  store = createAppStore({ preloadedState: { locale: { locale: 'en' } } });
  render(<App store={store} />);
}

// The next screen's chunk suspends the page during the click: an awaited act lets React finish
// that render under jest (a browser has no act scope).
async function followLink(name: string): Promise<void> {
  const link = screen.getByRole('link', { name });
  await act(async () => link.click());
}

test('the sign-in page, its links and Back work without loading the full app', async () => {
  startAt('/login');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();

  await followLink('Forgot your password?');
  // The first visit compiles the screen's chunk under jest: allow it more than the default second.
  expect(await screen.findByRole('heading', { level: 1, name: 'Forgotten password' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/login/forgot-password');

  act(() => window.history.back());
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/login');

  answerFormLoads();
  await followLink('No account yet? Register');
  expect(await screen.findByRole('heading', { level: 1, name: 'Registration' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/registration');
  expect(loadFullApp).not.toHaveBeenCalled();
});

test('an unknown address under /login goes back to the sign-in form', async () => {
  startAt('/login/no-such-step');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/login');
});

test('signing in hands over to the full app, on the page the visitor was sent from', async () => {
  // As react-router writes it: RequireAuth sent a visitor of /profile to /login, then the page was reloaded.
  startAt('/login', { usr: { from: '/profile' }, key: 'k1', idx: 1 });
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  expect(loadFullApp).not.toHaveBeenCalled();

  nock(API).post('/api/v1/auth/tokens').reply(200, { access_token: 'u-1.token', expires_in: 600, mfa_required: false, mfa_configured: false, mfa_enforced_at: null });
  nock(API).persist().get('/api/v1/client-configuration').reply(200, SIGNED_IN_CONFIGURATION);
  nock(API).persist().get(/.*/).query(true).reply(200, { results: [], statistics: { total: 0 } });
  await userEvent.type(screen.getByLabelText('E-mail address'), 'anna@example.org');
  await userEvent.type(screen.getByLabelText('Password'), 'a password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/profile');
  expect(loadFullApp).toHaveBeenCalled();
});
