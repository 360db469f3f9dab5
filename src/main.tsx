// First: the starting catalogue's request goes out before the modules below have run.
import { catalogue, locale } from './startingCatalogue';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18nProvider } from '../i18n';
import { App, fetchFirstPageAt, preloadScreenAt, rememberScreenAt } from './App';
import { HAND_OVER_AT_THE_LATEST_MS, handOver } from './firstScreen/handOver';

// SPEC.md: a service worker left by an earlier deployment is removed on start.
navigator.serviceWorker?.getRegistrations().then((registrations) => registrations.forEach((registration) => registration.unregister()));

const root = document.getElementById('root')!;
// The first page's request below, made before the catalogue sets it, says the language too.
document.documentElement.lang = locale;
// The screen the visit opens on is fetched while the catalogue comes (each screen is a chunk of its own),
// and a list's first page with it. Nothing is drawn before the catalogue is here: nothing in a
// language the console then leaves.
preloadScreenAt(window.location.pathname);
fetchFirstPageAt(window.location.pathname, window.location.search);
setTimeout(handOver, HAND_OVER_AT_THE_LATEST_MS);
catalogue.then(
  (messages) => {
    createRoot(root).render(
      <StrictMode>
        <App i18nProvider={createI18nProvider(locale, messages)} />
      </StrictMode>,
    );
    rememberScreenAt();
  },
  () => {
    handOver();
    // A deployment replaced while this page was open, or the network gone: say so rather than stay blank.
    root.textContent = '控制台未能加载，请刷新页面。 The console could not load: reload the page. コンソールを読み込めませんでした。ページを再読み込みしてください。';
  },
);
