// The provider stack: store, messages of the chosen language, Mantine, the crash boundary, and
// the router once the client configuration has loaded (a full-page spinner until then).
import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { IntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../common/errorView/ErrorBoundary';
import { FullPageSpinner } from '../common/pages/FullPageSpinner';
import { StartupFailure } from '../common/pages/StartupFailure';
import { CATALOGUES, DEFAULT_LOCALE } from '../i18n/catalogues';
import { selectLocale } from '../features/locale/locale.selectors';
import { useAppDispatch, useAppSelector } from './hooks';
import { createRouter } from './routes';
import { clientConfigurationActions } from './startup/clientConfiguration.slice';
import { selectStartupStatus } from './startup/clientConfiguration.selectors';
import type { AppStore } from './store';
import { cssVariablesResolver, theme } from './theme';

function LocalizedProviders({ children }: { children: ReactNode }): ReactElement {
  const locale = useAppSelector(selectLocale);
  return (
    <IntlProvider locale={locale} defaultLocale={DEFAULT_LOCALE} messages={CATALOGUES[locale]}>
      {/* Date pickers name months and weekdays in the same language (dayjs locales from index.tsx). */}
      <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>
    </IntlProvider>
  );
}

function StartupGate(): ReactElement {
  const status = useAppSelector(selectStartupStatus);
  const dispatch = useAppDispatch();
  // One router for the life of the page; created lazily so it reads the URL after startup.
  const [router] = useState(createRouter);
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
          <Notifications />
          {content}
        </MantineProvider>
      </LocalizedProviders>
    </Provider>
  );
}
