// The whole client as it starts in a browser: spinner, then the screen for the address, in the
// browser's language, with the language switch and the Page not found fallback.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { App } from '../../../src/app/App';
import { createAppStore } from '../../../src/app/store';
import { loadCatalogue } from '../../../src/i18n/loadCatalogue';
import { API, CONFIGURATION } from '../../helpers/storeHelpers';

beforeAll(async () => {
  nock.disableNetConnect();
  // As index.tsx does before the first render (and the language switch below finds its catalogue).
  await Promise.all([loadCatalogue('hu'), loadCatalogue('en')]);
});
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  nock.cleanAll();
  localStorage.clear();
});

function startAt(path: string, locale: 'hu' | 'en' = 'hu'): void {
  window.history.pushState({}, '', path);
  nock(API).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  render(<App store={createAppStore({ preloadedState: { locale: { locale } } })} />);
}

test('shows a spinner while the configuration loads, then the sign-in page in Hungarian', async () => {
  startAt('/login');
  expect(screen.getByRole('status', { name: 'Betöltés…' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Bejelentkezés', level: 1 })).toBeInTheDocument();
  expect(screen.getByLabelText('E-mail cím')).toBeInTheDocument();
  expect(screen.getByLabelText('Jelszó')).toBeInTheDocument();
});

test('a signed-out visitor of / is sent to the sign-in page', async () => {
  startAt('/', 'en');
  expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/login');
});

test('an unknown path shows Page not found', async () => {
  startAt('/no/such/page', 'en');
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
});

test('the language switch changes every text at once and is remembered', async () => {
  startAt('/login');
  await screen.findByRole('heading', { name: 'Bejelentkezés' });
  await userEvent.selectOptions(screen.getByLabelText('Nyelv'), 'en');
  expect(screen.getByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
  expect(screen.getByLabelText('E-mail address')).toBeInTheDocument();
  expect(screen.queryByText('Bejelentkezés')).not.toBeInTheDocument();
  expect(localStorage.getItem('locale')).toBe('en');
  expect(document.documentElement.lang).toBe('en');
});
