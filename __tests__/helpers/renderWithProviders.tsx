// Renders a component as the app would: the real store (sagas running), the messages of a locale,
// Mantine (env="test": no transitions, no portals) and a data router at `route`, which the public
// pages reach through publicNavigation as in the full app.
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import type { AppStore } from '../../src/app/store';
import type { RootState } from '../../src/app/rootReducer';
import { CATALOGUES, type Locale } from '../../src/i18n/catalogues';
import { useAppSelector } from '../../src/app/hooks';
import { selectLocale } from '../../src/features/locale/locale.selectors';
import { ReactRouterNavigation } from '../../src/common/routing/ReactRouterNavigation';
import { startStore } from './storeHelpers';

export interface RenderOptions {
  locale?: Locale;
  preloadedState?: Partial<RootState>;
  /** Default: the component at `/`. */
  routes?: RouteObject[];
  route?: string;
  store?: AppStore;
}

function failOnMissing(error: Error): void {
  throw error;
}

function Localized({ children }: { children: ReactElement }): ReactElement {
  const locale = useAppSelector(selectLocale);
  return (
    <IntlProvider locale={locale} messages={CATALOGUES[locale]} defaultLocale="hu" onError={failOnMissing}>
      <MantineProvider env="test">{children}</MantineProvider>
    </IntlProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult & { store: AppStore } {
  const locale = options.locale ?? 'en';
  // startStore stops the store's sagas after the test, so none of them answers the next test's calls.
  const store = options.store ?? startStore({ locale: { locale }, ...options.preloadedState });
  const routes = options.routes ?? [{ path: '*', element: ui }];
  const withNavigation: RouteObject[] = [
    {
      element: (
        <ReactRouterNavigation>
          <Outlet />
        </ReactRouterNavigation>
      ),
      children: routes,
    },
  ];
  const router = createMemoryRouter(withNavigation, { initialEntries: [options.route ?? '/'] });
  const result = render(
    <Provider store={store}>
      <Localized>
        <RouterProvider router={router} />
      </Localized>
    </Provider>,
  );
  return { ...result, store };
}
