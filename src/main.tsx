// First: the starting catalogue's request goes out before the modules below have run.
import { catalogue, locale } from './startingCatalogue';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18nProvider } from '../i18n';
import { App, preloadScreenAt } from './App';

// SPEC.md: a service worker left by an earlier deployment is removed on start.
navigator.serviceWorker?.getRegistrations().then((registrations) => registrations.forEach((registration) => registration.unregister()));

const root = document.getElementById('root')!;
// The screen the visit opens on is fetched while the catalogue comes (each screen is a chunk of its own).
// Nothing is drawn before the catalogue is here: nothing in a language the console then leaves.
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
