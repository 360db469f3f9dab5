import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// SPEC.md: a service worker left by an earlier deployment is removed on start.
navigator.serviceWorker?.getRegistrations().then((registrations) => registrations.forEach((registration) => registration.unregister()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
