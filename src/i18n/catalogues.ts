// The two message catalogues (flat ICU, identical key sets, hu the default). Both are small enough
// to ship in the main bundle, so switching the language never waits for the network.
import en from '../../translations/en.json';
import hu from '../../translations/hu.json';

export const LOCALES = ['hu', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'hu';

export const CATALOGUES: Record<Locale, Record<string, string>> = { hu, en };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
