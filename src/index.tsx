// Mounts the client: Mantine's stylesheet once, the store with the language this browser
// prefers, and the app. The date pickers' and notifications' styles come with their chunks.
import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoute } from './app/routes';
import { createAppStore } from './app/store';
import { loadCatalogue } from './i18n/loadCatalogue';
import { applyDocumentLanguage } from './features/locale/locale.saga';
import { initialLocale } from './features/locale/resolveLocale';

const locale = initialLocale();
applyDocumentLanguage(locale);
const store = createAppStore({ preloadedState: { locale: { locale } } });
preloadRoute(store, window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = createRoot(container);
// The first render waits for the language's catalogue (a failed fetch renders anyway and the app
// tries the catalogue again), so the first paint is already in the right language.
const render = (): void => root.render(<App store={store} />);
loadCatalogue(locale).then(render, render);
