// The server speaks the caller's language: Accept-Language starting with `en` gives English,
// anything else (or nothing) Hungarian, the product's default.
export const LOCALES = ['hu', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'hu';

export function localeFromAcceptLanguage(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.trim().toLowerCase().startsWith('en') ? 'en' : DEFAULT_LOCALE;
}
