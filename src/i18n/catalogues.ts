// The two message catalogues (flat ICU, identical key sets, hu the default), and the languages.
// The client fetches a catalogue when needed (loadCatalogue.ts); CATALOGUES, which holds both, is
// for tests and tools only: importing it in the client would put both languages in every page.
import en from '../../translations/en.json';
import hu from '../../translations/hu.json';

export const LOCALES = ['hu', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'hu';

export const CATALOGUES: Record<Locale, Record<string, string>> = { hu, en };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
