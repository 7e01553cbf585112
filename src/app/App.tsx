// The provider stack: store, messages of the chosen language, Mantine, the crash boundary, and,
// once the client configuration has loaded (a full-page spinner until then), the pages: the light
// public shell on /login and /registration, the full app (its router, a chunk) everywhere else.
import { startTransition, Suspense, use, useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { ErrorBoundary } from '../common/errorView/ErrorBoundary';
import { NotificationsOnDemand } from '../common/notify/NotificationsOnDemand';
import { FullPageSpinner } from '../common/pages/FullPageSpinner';
import { StartupFailure } from '../common/pages/StartupFailure';
import { DEFAULT_LOCALE, type Locale } from '../i18n/catalogues';
import { loadCatalogue, loadedCatalogue, subscribeCatalogues, type Catalogue } from '../i18n/loadCatalogue';
import { selectLocale } from '../features/locale/locale.selectors';
import { useAppDispatch, useAppSelector, useAppStore } from './hooks';
import { loadFullApp } from './loadFullApp';
import { PublicShell } from './publicShell/PublicShell';
import { publicAreaOf } from './publicShell/publicAreas';
import { clientConfigurationActions } from './startup/clientConfiguration.slice';
import { selectStartupStatus } from './startup/clientConfiguration.selectors';
import type { AppStore } from './store';
import { cssVariablesResolver, theme } from './theme';

const NO_MESSAGES: Catalogue = {};

/** The full app once its chunk and its first page are in (at once when fetched early). */
function LoadedFullApp(): ReactElement {
  const { FullApp } = use(loadFullApp(useAppStore()));
  return <FullApp />;
}

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
  // Chosen by the address the page opened on; once the full app runs, it serves every address.
  const [publicOnly, setPublicOnly] = useState(() => publicAreaOf(window.location.pathname) !== null);
  // The full app's code loads while the configuration does (index.tsx has asked already).
  useEffect(() => {
    if (!publicOnly) loadFullApp(store).catch(() => undefined);
  }, [publicOnly, store]);
  // Leaving the public pages: the public page stays until the full app and the next page's code
  // are in, as it did while the router loaded a route (a failed load shows the crash view).
  const leavePublicShell = useCallback((): void => {
    void loadFullApp(store)
      .catch(() => undefined)
      .finally(() => startTransition(() => setPublicOnly(false)));
  }, [store]);
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'failed') return <StartupFailure onRetry={() => dispatch(clientConfigurationActions.loadRequested())} />;
  if (publicOnly) return <PublicShell onLeave={leavePublicShell} />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LoadedFullApp />
    </Suspense>
  );
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
