// The message catalogue of one language, fetched when first needed, in areas: the sign-in pages
// download only the "public" texts (~4 kB), the signed-in shell asks for the "app" area before it
// renders, and the form, administration, import and export pages each their own (`loadCatalogueArea`). A page downloads only the language it
// shows, and a switch fetches the other language's areas asked for so far. The build precompiles
// each area to message ASTs (scripts/catalogueLoader.js); under jest each area is the whole file.
import type { MessageFormatElement } from 'react-intl';
import type { Locale } from './catalogues';

export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;
/**
 * Key prefixes per area are in scripts/catalogueLoader.js: "public" before sign-in, "app" for the
 * signed-in shell and most pages, the rest for the one route (or few) that shows them.
 */
export type CatalogueArea = 'public' | 'app' | 'formEngine' | 'admin' | 'dataImport' | 'dataExport';

type AreaLoader = () => Promise<{ default: Catalogue }>;

const LOADERS: Record<Locale, Record<CatalogueArea, AreaLoader>> = {
  hu: {
    public: () => import(/* webpackChunkName: "messages-hu" */ '../../translations/hu.json?area=public'),
    app: () => import(/* webpackChunkName: "messages-hu-app" */ '../../translations/hu.json?area=app'),
    formEngine: () => import(/* webpackChunkName: "messages-hu-formEngine" */ '../../translations/hu.json?area=formEngine'),
    admin: () => import(/* webpackChunkName: "messages-hu-admin" */ '../../translations/hu.json?area=admin'),
    dataImport: () => import(/* webpackChunkName: "messages-hu-dataImport" */ '../../translations/hu.json?area=dataImport'),
    dataExport: () => import(/* webpackChunkName: "messages-hu-dataExport" */ '../../translations/hu.json?area=dataExport'),
  },
  en: {
    public: () => import(/* webpackChunkName: "messages-en" */ '../../translations/en.json?area=public'),
    app: () => import(/* webpackChunkName: "messages-en-app" */ '../../translations/en.json?area=app'),
    formEngine: () => import(/* webpackChunkName: "messages-en-formEngine" */ '../../translations/en.json?area=formEngine'),
    admin: () => import(/* webpackChunkName: "messages-en-admin" */ '../../translations/en.json?area=admin'),
    dataImport: () => import(/* webpackChunkName: "messages-en-dataImport" */ '../../translations/en.json?area=dataImport'),
    dataExport: () => import(/* webpackChunkName: "messages-en-dataExport" */ '../../translations/en.json?area=dataExport'),
  },
};

/** The areas the pages shown so far need, in every language shown from now on. */
const wanted = new Set<CatalogueArea>(['public']);
const pending = new Map<string, Promise<Catalogue>>();
const arrived = new Map<string, Catalogue>();
/** Per language the merged catalogue and how many areas it holds, so a reader gets the same object. */
const merged = new Map<Locale, { areas: number; catalogue: Catalogue }>();
const listeners = new Set<() => void>();
/** The language asked for last: the one shown, or the one a switch waits for. */
let currentLocale: Locale | undefined;

const partKey = (locale: Locale, area: CatalogueArea): string => `${locale}:${area}`;

function loadPart(locale: Locale, area: CatalogueArea): Promise<Catalogue> {
  const key = partKey(locale, area);
  const known = pending.get(key);
  if (known) return known;
  const request = LOADERS[locale][area]().then(
    (module) => {
      arrived.set(key, module.default);
      listeners.forEach((listener) => listener());
      return module.default;
    },
    (error: unknown) => {
      pending.delete(key);
      throw error;
    },
  );
  pending.set(key, request);
  return request;
}

/** The catalogue if every wanted area has arrived, so a page can render at once without waiting a tick. */
export function loadedCatalogue(locale: Locale): Catalogue | undefined {
  const parts = [...wanted].map((area) => arrived.get(partKey(locale, area)));
  if (parts.some((part) => !part)) return undefined;
  const known = merged.get(locale);
  if (known?.areas === parts.length) return known.catalogue;
  const catalogue = Object.assign({}, ...parts) as Catalogue;
  merged.set(locale, { areas: parts.length, catalogue });
  return catalogue;
}

/** Fetches the wanted areas of a language once; a failed fetch may be tried again. */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  currentLocale = locale;
  const load = (): Promise<Catalogue> =>
    Promise.all([...wanted].map((area) => loadPart(locale, area))).then(() => loadedCatalogue(locale) ?? load());
  return load();
}

/**
 * Adds an area to every language from now on and fetches it for the current one; resolves once
 * it is there (at once before the first catalogue was asked for: that request brings it along).
 */
export function loadCatalogueArea(area: CatalogueArea): Promise<void> {
  wanted.add(area);
  if (!currentLocale) return Promise.resolve();
  return loadPart(currentLocale, area).then(() => undefined);
}

/** Calls `listener` whenever an area arrives (for `useSyncExternalStore`). */
export function subscribeCatalogues(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
