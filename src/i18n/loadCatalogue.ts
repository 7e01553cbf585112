// The message catalogue of one language, fetched when first needed: a page downloads only the
// language it shows (each is ~60 kB), and a switch fetches the other once.
import type { Locale } from './catalogues';

export type Catalogue = Record<string, string>;

const LOADERS: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  hu: () => import(/* webpackChunkName: "messages-hu" */ '../../translations/hu.json'),
  en: () => import(/* webpackChunkName: "messages-en" */ '../../translations/en.json'),
};

const loaded = new Map<Locale, Catalogue>();
const pending = new Map<Locale, Promise<Catalogue>>();

/** The catalogue if it has arrived, so a page can render at once without waiting a tick. */
export function loadedCatalogue(locale: Locale): Catalogue | undefined {
  return loaded.get(locale);
}

/** Fetches the catalogue once; a failed fetch may be tried again. */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const known = pending.get(locale);
  if (known) return known;
  const request = LOADERS[locale]().then(
    (module) => {
      loaded.set(locale, module.default);
      return module.default;
    },
    (error: unknown) => {
      pending.delete(locale);
      throw error;
    },
  );
  pending.set(locale, request);
  return request;
}
