/**
 * The process in which the server draws a visit's first screen (server/firstScreen.ts): the console
 * itself, its App and screens, rendered to HTML for one session at the address it opens, so that
 * the browser shows the list's cards before the console's scripts have run (on a 2-core machine
 * they take over a second to load, run and draw).
 *
 * The console reads its session from the browser's storage and asks the API over HTTP; here the
 * storage is a map filled for each job, and the API is the server itself over loopback, with the
 * session's own token, so that what is drawn is exactly what that session may see. Jobs run one at
 * a time: the storage, like the browser's, is one per process.
 */
import { setTimeout as delay } from 'node:timers/promises';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { DomUtils, parseDocument } from 'htmlparser2';
import { QueryClient, type Query } from '@tanstack/react-query';
import { createTheme } from '@mui/material/styles';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createI18nProvider } from '../../i18n';
import { loadCatalogue } from '../../i18n/loadCatalogue';
import { resources } from '../../resources';
import { hasConsoleRole } from '../../schema/privileges';
import { PRIVILEGES_HEADER, SESSION_RENEWAL_HEADER } from '../../schema/headers';
import type { FirstScreenAnswer, FirstScreenJob } from '../../schema/firstScreen';
import type { UserInfo } from '../../schema/auth';
import { App, firstPageAt } from '../App';
import { showTimesIn } from '../timeZone';
import { parsePrivilegesHeader, SIDEBAR_OPEN_KEY, storageKeys, storeSession } from '../storage';
import { consoleStore } from '../store';
import { darkTheme, lightTheme } from '../theme';

/** The server's own address (server/firstScreen.ts). */
const origin = process.env.FIRST_SCREEN_ORIGIN ?? '';

// Every list's screen is here before the first job, and the parts a list loads on first use (an
// entry's rich text, a filter's date picker): React.lazy would otherwise leave their places undrawn.
await Promise.all([
  ...resources.map((resource) => (resource.list as { preload?: () => Promise<unknown> } | undefined)?.preload?.()),
  import('../richText/RichTextView'),
  import('../forms/DatePickers'),
]);

/** The browser's storage, for the job at hand. */
const stored = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, String(value)),
    removeItem: (key: string) => void stored.delete(key),
    clear: () => stored.clear(),
    key: (index: number) => [...stored.keys()][index] ?? null,
    get length() {
      return stored.size;
    },
  },
});

/**
 * What the console's code reads of the page while it draws (the language it asks the API in,
 * react-admin's inspector the body's width, its table's columns menu a place to open in, which is
 * not there yet), and the browser's HTML parser, which turns rich text into a card's plain line.
 * Set after every module has loaded: Emotion and MUI decide when they load whether they run in a
 * browser, and they must not think so.
 */
const page = { documentElement: { lang: '' }, body: { clientWidth: 0 }, title: '', cookie: '', getElementById: () => null };
class TextOnlyDOMParser {
  parseFromString(html: string) {
    return { body: { textContent: DomUtils.textContent(parseDocument(html)) } };
  }
}
Object.assign(globalThis, { document: page, DOMParser: TextOnlyDOMParser });

/**
 * The API is the server itself: the console's relative addresses go to it, as calls that leave the
 * session as it is (a renewed token would stay here, and the browser's own would stop working).
 */
const serverFetch = globalThis.fetch;
function loopbackFetch(input: RequestInfo | URL, init?: RequestInit) {
  const headers = new Headers(init?.headers);
  headers.set(SESSION_RENEWAL_HEADER, 'off');
  return serverFetch(typeof input === 'string' ? new URL(input, origin) : input, { ...init, headers });
}
globalThis.fetch = loopbackFetch;

/** The window's width of the job at hand, for MUI's media queries (the phone, tablet and desktop layouts). */
let windowWidth = 1366;
function matchWidth(query: string) {
  const matches = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, edge, pixels]) =>
    edge === 'min' ? windowWidth >= Number(pixels) : windowWidth <= Number(pixels),
  );
  return { matches: matches && !/prefers-|hover|print/.test(query) };
}
/**
 * The list's opening filter, for the job at hand: react-admin's filter form takes the list's filter
 * into its fields in an effect, which a drawing never runs, so the form starts from it instead (the
 * pending applications' Status).
 */
let openingFilter: Record<string, unknown> = {};
for (const theme of [lightTheme, darkTheme]) {
  theme.components = {
    ...theme.components,
    MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: matchWidth } },
    RaFilterForm: {
      defaultProps: {
        get defaultValues() {
          return openingFilter;
        },
      },
    },
  } as typeof theme.components;
}
/** The page's colour under the screen, in each theme: the document shows it from its first paint. */
const backgrounds = { light: createTheme(lightTheme).palette.background.default, dark: createTheme(darkTheme).palette.background.default };

/** Whether a query's component wants it answered (nothing observes a query in a drawing on the server, so react-query's own test says no). */
const isEnabled = (query: Query) => {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
};

/**
 * Emotion's cache for one drawing, in the mode in which it keeps each style it draws rather than
 * writing it beside the element (its `compat` mode, which @emotion/server's extraction uses): the
 * page gets them as one sheet, which the console's Emotion takes over as its own when it starts.
 */
function newStyles(): EmotionCache {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  return cache;
}
function stylesOf(cache: EmotionCache) {
  const drawn = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { ids: drawn.map(([id]) => id), css: drawn.map(([, css]) => css).join('') };
}

/**
 * What React leaves where a part of the screen failed, or waited for its code: a screen with one is
 * not drawn. (React's streaming renderers wait for such a part, then reveal it with an inline
 * script, which the page's content security policy does not run.)
 */
const UNDRAWN_PART = '<!--$!-->';
/** How long a pass gives a part's code to load before it draws again: a module from the local disk. */
const CODE_WAIT_MS = 25;

/** Passes of drawing, then answering what the draw asked, before a screen counts as one that waits on something. */
const MAX_PASSES = 5;

async function draw({ id, pathname, token, choices, until }: FirstScreenJob): Promise<FirstScreenAnswer> {
  const startedAt = performance.now();
  let passes = 0;
  const took = () => ({ ms: Math.round(performance.now() - startedAt), passes });
  if (Date.now() > until) return { id, reason: 'the document stopped waiting before its drawing began' };
  stored.clear();
  page.documentElement.lang = choices.locale;
  page.body.clientWidth = choices.width;
  windowWidth = choices.width;
  showTimesIn(choices.timeZone);

  // The session as the API has it now: a token signed out or deactivated draws nothing.
  const response = await loopbackFetch(new URL('/api/v1/user/profile', origin), {
    headers: { authorization: `Bearer ${token}`, 'accept-language': choices.locale },
  });
  const profile = (await response.json().catch(() => undefined)) as { success?: boolean; data?: UserInfo } | undefined;
  if (!response.ok || !profile?.success || !profile.data) return { id, reason: `the session's profile answered ${response.status}` };
  if (!hasConsoleRole(profile.data.roles)) return { id, reason: 'the session has no console role' };
  storeSession(token, profile.data, parsePrivilegesHeader(response.headers.get(PRIVILEGES_HEADER)));
  stored.set(storageKeys.locale, choices.locale);
  stored.set(storageKeys.theme, choices.theme);
  stored.set(storageKeys.pageSize, String(choices.pageSize));
  stored.set(storageKeys.tabType, choices.listView);

  const list = firstPageAt(pathname, '');
  if (!list) return { id, reason: 'not the first page of a list the session may read' };
  openingFilter = list.page.filter ?? {};

  const store = consoleStore();
  store.setItem(SIDEBAR_OPEN_KEY, choices.sidebarOpen);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18nProvider = createI18nProvider(choices.locale, await loadCatalogue(choices.locale));
  const router = (admin: ReactElement) => <StaticRouter location={pathname}>{admin}</StaticRouter>;
  const app = <App i18nProvider={i18nProvider} onServer={{ router, queryClient, store }} />;

  // Each pass draws what it can and leaves the queries it made waiting; they are answered, and the next pass draws with them.
  let html = '';
  let styles = newStyles();
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // The document no longer waits: the drawer goes on to the next one.
    if (Date.now() > until) return { id, reason: 'the document stopped waiting', took: took() };
    styles = newStyles();
    html = renderToString(<CacheProvider value={styles}>{app}</CacheProvider>);
    passes++;
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query));
    if (waiting.length === 0) {
      if (!html.includes(UNDRAWN_PART)) break;
      // A part waited for its code (React.lazy: an audit entry's rich text), which is loading now: the next pass draws it.
      await delay(CODE_WAIT_MS);
      continue;
    }
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
  }
  if (html.includes(UNDRAWN_PART)) return { id, reason: 'a part of the screen did not draw: it failed, or its code did not load' };
  const [listQuery] = queryClient.getQueryCache().findAll({ queryKey: [list.resource, 'getList'] });
  if (listQuery?.state.status !== 'success') return { id, reason: `the list's page is ${listQuery?.state.status ?? 'not asked for'}` };
  const stillWaiting = queryClient.getQueryCache().getAll().filter((query) => query.state.status === 'pending' && isEnabled(query));
  if (stillWaiting.length > 0) return { id, reason: `the screen still waits for ${stillWaiting.map((query) => JSON.stringify(query.queryKey)).join(', ')}` };

  return {
    id,
    took: took(),
    drawn: {
      html,
      styles: stylesOf(styles),
      lang: choices.locale,
      title: page.title,
      background: backgrounds[choices.theme],
      page: { queryKey: [...listQuery.queryKey], data: listQuery.state.data },
    },
  };
}

// One job at a time, in the order they come; with the server gone, this goes too. Ctrl-C in a
// terminal reaches the whole group: the server stops this as it stops itself.
let queue: Promise<unknown> = Promise.resolve();
process.on('disconnect', () => process.exit(0));
process.on('SIGINT', () => undefined);
process.on('message', (job: FirstScreenJob) => {
  queue = queue.then(async () => {
    let answer: FirstScreenAnswer;
    try {
      answer = await draw(job);
    } catch (error) {
      answer = { id: job.id, reason: `the draw failed: ${(error as Error).message}` };
    }
    process.send!(answer);
  });
});
// React, Emotion and MUI made hot on the sign-in screen before a document waits on them: the first
// drawing of a new process took 1.2 s here, past what a document waits, where later ones take 0.1-0.3.
for (let round = 0; round < 3; round++) {
  const router = (admin: ReactElement) => <StaticRouter location="/login">{admin}</StaticRouter>;
  const i18nProvider = createI18nProvider('en-US', await loadCatalogue('en-US'));
  renderToString(<App i18nProvider={i18nProvider} onServer={{ router, queryClient: new QueryClient(), store: consoleStore() }} />);
}
stored.clear();
// Loaded, every list's screen with it: the server sends documents from now on.
process.send!({ ready: true });
