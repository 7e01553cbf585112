// The client fetches one language's catalogue when it is needed (src/i18n/loadCatalogue.ts): a
// page shows the language it was asked for once that catalogue is there, and a switch to a
// language not fetched yet keeps the old texts until the new ones arrive, then changes them all.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { App } from '../../../src/app/App';
import { createAppStore } from '../../../src/app/store';
import { loadCatalogue, loadedCatalogue } from '../../../src/i18n/loadCatalogue';
import { API, CONFIGURATION } from '../../helpers/storeHelpers';

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => {
  nock.cleanAll();
  localStorage.clear();
});

function startAt(path: string, locale: 'hu' | 'en'): void {
  window.history.pushState({}, '', path);
  nock(API).get('/api/v1/client-configuration').reply(200, CONFIGURATION);
  render(<App store={createAppStore({ preloadedState: { locale: { locale } } })} />);
}

test('a catalogue is fetched once and kept', async () => {
  expect(loadedCatalogue('hu')).toBeUndefined();
  const first = await loadCatalogue('hu');
  expect(first['auth.login.title']).toBe('Bejelentkezés');
  expect(loadedCatalogue('hu')).toBe(first);
  expect(await loadCatalogue('hu')).toBe(first);
});

test('switching to a language not fetched yet changes every text once its catalogue is there', async () => {
  await loadCatalogue('hu');
  expect(loadedCatalogue('en')).toBeUndefined();
  startAt('/login', 'hu');
  // The first visit compiles the sign-in chunk under jest: allow it more than the default second.
  await screen.findByRole('heading', { name: 'Bejelentkezés', level: 1 }, { timeout: 10_000 });
  await userEvent.selectOptions(screen.getByLabelText('Nyelv'), 'en');
  expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
  expect(screen.getByLabelText('E-mail address')).toBeInTheDocument();
  expect(screen.queryByText('Bejelentkezés')).not.toBeInTheDocument();
  expect(loadedCatalogue('en')?.['auth.login.title']).toBe('Sign in');
});
