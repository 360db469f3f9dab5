import type { Store } from 'react-admin';
import { DEFAULT_PAGE_SIZE, SCREEN_COOKIE, type ScreenChoices } from '../../schema/screenChoices';
import { matchLocale } from '../../i18n/locales';
import { SIDEBAR_OPEN_KEY, storageKeys, writeCookie } from '../storage';
import { userTimeZone } from '../timeZone';

/**
 * Writes how the console draws its screen now into the cookie from which the server draws a visit's
 * first screen as the console would (server/firstScreen.ts): the stored choices as react-admin
 * reads them, with its own defaults (the theme the system prefers, the side menu closed on a
 * phone), the window's width and the time zone.
 */
export function rememberScreen(store: Store) {
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const phone = window.matchMedia?.('(max-width: 599.95px)').matches ?? false;
  const choices: ScreenChoices = {
    // The language chosen, else the one the console started in.
    locale: matchLocale(store.getItem<string>(storageKeys.locale)) ?? (document.documentElement.lang as ScreenChoices['locale']),
    theme: store.getItem<ScreenChoices['theme']>(storageKeys.theme) ?? (prefersDark ? 'dark' : 'light'),
    pageSize: store.getItem<ScreenChoices['pageSize']>(storageKeys.pageSize) ?? DEFAULT_PAGE_SIZE,
    listView: store.getItem<ScreenChoices['listView']>(storageKeys.tabType) ?? 'card',
    sidebarOpen: store.getItem<boolean>(SIDEBAR_OPEN_KEY) ?? !phone,
    width: Math.round(window.innerWidth),
    timeZone: userTimeZone(),
  };
  writeCookie(SCREEN_COOKIE, JSON.stringify(choices));
}

/**
 * Written as the console starts, as each choice changes, and as the page is left: the next visit's
 * first screen is the screen as the user left it. (A sign-in writes it too, src/App.tsx.)
 */
export function keepScreenRemembered(store: Store) {
  rememberScreen(store);
  for (const key of [storageKeys.locale, storageKeys.theme, storageKeys.pageSize, storageKeys.tabType, SIDEBAR_OPEN_KEY]) {
    store.subscribe(key, () => rememberScreen(store));
  }
  window.addEventListener('pagehide', () => rememberScreen(store));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') rememberScreen(store);
  });
}
