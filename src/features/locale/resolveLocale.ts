// Spec auth §9: the stored preference wins; otherwise a browser language starting with hu gives
// hu, else en.
import { isLocale, type Locale } from '../../i18n/catalogues';

export const LOCALE_STORAGE_KEY = 'locale';

export function resolveLocale(stored: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  const first = browserLanguages[0] ?? '';
  return first.toLowerCase().startsWith('hu') ? 'hu' : 'en';
}

/** The locale to start with in this browser (local storage may be unavailable, e.g. blocked). */
export function initialLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return resolveLocale(stored, languages);
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisted in this browser; the choice still holds until the tab closes.
  }
}
