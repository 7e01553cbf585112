// Local render wrapper for the shared components: they need intl and Mantine only (the guard
// brings its own data router). env="test" turns off Mantine transitions and portals.
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { IntlProvider } from 'react-intl';
import en from '../../../translations/en.json';
import hu from '../../../translations/hu.json';

export type Locale = 'en' | 'hu';

const catalogues: Record<Locale, Record<string, string>> = { en, hu };

export function Providers({ locale = 'en', children }: { locale?: Locale; children: ReactNode }): ReactElement {
  return (
    <IntlProvider locale={locale} messages={catalogues[locale]} defaultLocale="hu" onError={failOnMissing}>
      <MantineProvider env="test">{children}</MantineProvider>
    </IntlProvider>
  );
}

// A component message missing from a catalogue must fail the test instead of falling back to
// its default text; only the fixtures' own `test.*` ids live outside the catalogues.
function failOnMissing(error: Error): void {
  const id = (error as { descriptor?: { id?: string } }).descriptor?.id;
  if (id?.startsWith('test.')) return;
  throw error;
}

export function renderCommon(ui: ReactElement, locale: Locale = 'en'): RenderResult {
  return render(ui, { wrapper: ({ children }) => <Providers locale={locale}>{children}</Providers> });
}
