// Mounts the client: the public pages' part of Mantine's stylesheet, the store with the language
// this browser prefers, and the app. The rest of Mantine's styles come with the full app's chunk,
// the date pickers' and notifications' with theirs.
import './app/publicStyles';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadFullApp } from './app/loadFullApp';
import { loadPublicArea, publicAreaOf } from './app/publicShell/publicAreas';
import { createAppStore } from './app/store';
import { loadCatalogue, loadCatalogueArea } from './i18n/loadCatalogue';
import { applyDocumentLanguage } from './features/locale/locale.saga';
import { initialLocale } from './features/locale/resolveLocale';

const locale = initialLocale();
applyDocumentLanguage(locale);
const store = createAppStore({ preloadedState: { locale: { locale } } });
// The page's code is fetched while the language and the configuration load: the public area's
// chunk on /login and /registration, else the full app, whose router loads the route's chunks, with
// the texts of the signed-in shell (and Page not found), which every other address shows.
const { pathname } = window.location;
const publicArea = publicAreaOf(pathname);
if (publicArea) void loadPublicArea(store, publicArea);
else {
  void loadCatalogueArea('app');
  loadFullApp(store).catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);
// The first render waits for the language's catalogue (a failed fetch renders anyway and the app
// tries the catalogue again), so the first paint is already in the right language. It is a
// transition, which React renders in slices that yield to the browser between them: the first
// screen is one render of the whole tree, a task too long for a slow phone to stay responsive in.
const render = (): void => startTransition(() => root.render(<App store={store} />));
loadCatalogue(locale).then(render, render);
