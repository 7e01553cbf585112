// The provider stack: store, messages of the chosen language, Mantine, the crash boundary, and
// the router once the client configuration has loaded (a full-page spinner until then).
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../common/errorView/ErrorBoundary';
import { NotificationsOnDemand } from '../common/notify/NotificationsOnDemand';
import { FullPageSpinner } from '../common/pages/FullPageSpinner';
import { StartupFailure } from '../common/pages/StartupFailure';
import { DEFAULT_LOCALE, type Locale } from '../i18n/catalogues';
import { loadCatalogue, loadedCatalogue, subscribeCatalogues, type Catalogue } from '../i18n/loadCatalogue';
import { selectLocale } from '../features/locale/locale.selectors';
import { useAppDispatch, useAppSelector, useAppStore } from './hooks';
import { createRouter } from './routes';
import { clientConfigurationActions } from './startup/clientConfiguration.slice';
import { selectStartupStatus } from './startup/clientConfiguration.selectors';
import type { AppStore } from './store';
import { cssVariablesResolver, theme } from './theme';

const NO_MESSAGES: Catalogue = {};

/**
 * The chosen language's catalogue, fetched on demand (index.tsx fetches the first one before the
 * first render). During a switch the page stays in the previous language until the new catalogue
 * has arrived, then every text changes at once.
 */
function useCatalogue(locale: Locale): { locale: Locale; messages: Catalogue } | null {
  // Re-read when an area arrives: the signed-in shell's texts come after the sign-in page's.
  const ready = useSyncExternalStore(subscribeCatalogues, () => loadedCatalogue(locale));
  // The last catalogue shown, kept for the moment a switch waits for the next one.
  const [previous, setPrevious] = useState<{ locale: Locale; messages: Catalogue } | null>(null);
  if (ready && previous?.messages !== ready) setPrevious({ locale, messages: ready });
  const [failed, setFailed] = useState<Locale | null>(null);
  useEffect(() => {
    if (loadedCatalogue(locale)) return undefined;
    let current = true;
    loadCatalogue(locale).catch(() => current && setFailed(locale));
    return () => {
      current = false;
    };
  }, [locale]);
  if (ready) return { locale, messages: ready };
  // A catalogue that cannot be fetched (twice: index.tsx tried first) leaves the texts' defaults
  // (English) rather than a blank page.
  return previous ?? (failed === locale ? { locale, messages: NO_MESSAGES } : null);
}

function LocalizedProviders({ children }: { children: ReactNode }): ReactElement | null {
  const shown = useCatalogue(useAppSelector(selectLocale));
  if (!shown) return null;
  const { locale, messages } = shown;
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={messages}>
      {/* Date pickers name months and weekdays in the same language (dayjs locales from index.tsx). */}
      <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>
    </IntlProvider>
  );
}

function StartupGate(): ReactElement {
  const status = useAppSelector(selectStartupStatus);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  // One router for the life of the page; created lazily so it reads the URL after startup. Its
  // routes inject their features into this store.
  const [router] = useState(() => createRouter(store));
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'failed') return <StartupFailure onRetry={() => dispatch(clientConfigurationActions.loadRequested())} />;
  return <RouterProvider router={router} />;
}

export function App({ store }: { store: AppStore }): ReactElement {
  const content = useMemo(
    () => (
      <ErrorBoundary>
        <StartupGate />
      </ErrorBoundary>
    ),
    [],
  );
  return (
    <Provider store={store}>
      <LocalizedProviders>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <NotificationsOnDemand />
          {content}
        </MantineProvider>
      </LocalizedProviders>
    </Provider>
  );
}
