// Mounts the client: Mantine's stylesheet once, the store with the language this browser
// prefers, and the app.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import 'dayjs/locale/hu';
import 'dayjs/locale/en';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppStore } from './app/store';
import { applyDocumentLanguage } from './features/locale/locale.saga';
import { initialLocale } from './features/locale/resolveLocale';

const locale = initialLocale();
applyDocumentLanguage(locale);
const store = createAppStore({ preloadedState: { locale: { locale } } });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(<App store={store} />);
