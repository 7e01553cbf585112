// WCAG 2.4.2: every route names its page in the document title, in the interface language, and
// the title is the page's own heading ("Patients · Registry"). Walks the app's real route table,
// signed out and signed in as an administrator, in both languages; the server answers every read
// with an empty list, which is all a page needs to show its heading.
import { screen, waitFor } from '@testing-library/react';
import nock from 'nock';
import { appRoutes } from '../../../src/app/routes';
import type { Locale } from '../../../src/i18n/catalogues';
import { renderWithProviders } from '../../helpers/renderWithProviders';
import { API, SIGNED_IN_CONFIGURATION, startStore } from '../../helpers/storeHelpers';

const PUBLIC_ROUTES = ['/login', '/login/forgot-password', '/login/reset-password', '/registration', '/registration/confirm-email', '/registration/resend-confirmation'];
const SIGNED_IN_ROUTES = [
  '/',
  '/profile',
  '/patients',
  '/patients/p-1/attendances',
  '/status-matrix',
  '/forms/approvable',
  '/forms/correctable',
  '/forms/f-1',
  '/impersonation',
  '/data-import/new',
  '/data-import/jobs',
  '/admin',
  '/admin/users',
  '/admin/users/new',
  '/admin/groups',
  '/admin/groups/new',
  '/admin/institutes',
  '/admin/application-log',
  '/admin/mailing-list',
  '/admin/access/schemes',
  '/admin/access/registry',
  '/admin/access/registry/new',
  '/admin/registries',
  '/no/such/page',
];
const APP_NAME: Record<Locale, string> = { en: 'Registry', hu: 'Regiszter' };

beforeAll(() => nock.disableNetConnect());
afterAll(() => nock.enableNetConnect());
afterEach(() => nock.cleanAll());

function answerEveryRead(): void {
  const configuration = { ...SIGNED_IN_CONFIGURATION, user: { ...SIGNED_IN_CONFIGURATION.user, roles: ['admin', 'impersonator'] } };
  nock(API).persist().get('/api/v1/client-configuration').reply(200, configuration);
  nock(API).persist().get(/.*/).query(true).reply(200, { results: [], statistics: { total: 0 } });
}

async function titleAt(path: string, locale: Locale, signedIn: boolean): Promise<{ title: string; heading: string }> {
  answerEveryRead();
  document.title = 'untitled';
  const configuration = { ...SIGNED_IN_CONFIGURATION, user: { ...SIGNED_IN_CONFIGURATION.user, roles: ['admin', 'impersonator'] } };
  const store = startStore({
    locale: { locale },
    ...(signedIn
      ? {
          auth: { step: 'loggedIn' as const, accessToken: { token: 'f.me', expiresAt: Date.now() + 600_000 } },
          clientConfiguration: { status: 'ready' as const, data: { ...configuration, demoMode: false }, error: null },
        }
      : {}),
  });
  const view = renderWithProviders(<></>, { store, routes: appRoutes(store), route: path, locale });
  const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  await waitFor(() => expect(document.title).not.toBe('untitled'));
  const result = { title: document.title, heading: heading.textContent ?? '' };
  view.unmount();
  return result;
}

describe.each(['en', 'hu'] as const)('in %s', (locale) => {
  test.each(PUBLIC_ROUTES)('signed out, %s names its page', async (path) => {
    const { title, heading } = await titleAt(path, locale, false);
    expect(title).toBe(`${heading} · ${APP_NAME[locale]}`);
  });

  test.each(SIGNED_IN_ROUTES)('signed in, %s names its page', async (path) => {
    const { title, heading } = await titleAt(path, locale, true);
    expect(title).toBe(`${heading} · ${APP_NAME[locale]}`);
  });
});

test('every signed-in page has a title of its own', async () => {
  const titles = new Map<string, string>();
  for (const path of SIGNED_IN_ROUTES) titles.set(path, (await titleAt(path, 'en', true)).title);
  const repeated = [...titles].filter(([, title]) => [...titles.values()].filter((t) => t === title).length > 1);
  expect(repeated).toEqual([]);
});
