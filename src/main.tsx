import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18nProvider, loadCatalogue, startingLocale } from '../i18n';
import { App, preloadScreenAt } from './App';

// SPEC.md: a service worker left by an earlier deployment is removed on start.
navigator.serviceWorker?.getRegistrations().then((registrations) => registrations.forEach((registration) => registration.unregister()));

const root = document.getElementById('root')!;
const locale = startingLocale();
// The catalogue of the language the console starts in comes first: nothing is drawn in a language it then leaves.
// Asked for before the screen, so that its request is not queued behind the screen's on the browser's few connections.
const catalogue = loadCatalogue(locale);
// The screen the visit opens on is fetched beside the catalogue (each screen is a chunk of its own).
preloadScreenAt(window.location.pathname);
catalogue.then(
  (messages) =>
    createRoot(root).render(
      <StrictMode>
        <App i18nProvider={createI18nProvider(locale, messages)} />
      </StrictMode>,
    ),
  () => {
    // A deployment replaced while this page was open, or the network gone: say so rather than stay blank.
    root.textContent = '控制台未能加载，请刷新页面。 The console could not load: reload the page. コンソールを読み込めませんでした。ページを再読み込みしてください。';
  },
);
