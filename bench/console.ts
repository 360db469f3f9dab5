import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { chromium, type Browser } from '@playwright/test';
import Fastify from 'fastify';
import { createScratchDatabase } from '../test/scratchDatabase';
import { startServerProcess } from '../test/serverProcess';
import type { ScreenChoices } from '../schema/screenChoices';
import { firstVisit } from './firstVisit';
import { childrenOf, residentMemory } from './processes';
import { median } from './stats';

/**
 * The console part of the bench: its first visit against a bare react-admin app built in the same
 * run (bench/fixtures/bare-react-admin), and, in Chromium against a real server with the demo data,
 * a cold visit to /course and a move from the course list to the teacher list.
 */
export type RecordFigure = (database: string, figure: string, measured: number, budget?: number, lowerIsBetter?: boolean) => void;

export interface ConsoleBudgets {
  initialGzipKb: number;
  initialVsBareRatio: number;
  courseColdMs: number;
  listSwitchMs: number;
}

const BARE_CONFIG = 'bench/fixtures/bare-react-admin/vite.config.ts';
/** Chromium's flags on these machines (no sandbox as root, nothing fetched in the background). */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const ADMIN_PASSWORD = 'bench-console-password';

/** Builds the bare react-admin fixture with the repository's Vite into a temporary folder; returns it. */
export async function buildBare(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'cc-bare-react-admin-'));
  await promisify(execFile)(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', BARE_CONFIG, '--logLevel', 'error'], {
    env: { ...process.env, BARE_OUT_DIR: outDir, NODE_OPTIONS: '' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return outDir;
}

export interface FirstVisits {
  /** The console's entry and static chunks, with the largest catalogue it may start with (gzip kB). */
  consoleKb: number;
  catalogueKb: number;
  catalogue: string;
  bareKb: number;
  ratio: number;
}

/**
 * Both first visits measured the same way (bench/firstVisit.ts): what index.html names and what that
 * imports statically. The console fetches the catalogue of the language it starts in before it draws
 * (i18n/index.ts): the largest of the three counts. The bare app carries react-admin's English.
 */
export async function measureFirstVisits(consoleDist = 'dist', builtBare?: string): Promise<FirstVisits> {
  const bareDir = builtBare ?? (await buildBare());
  try {
    const consoleVisit = firstVisit(consoleDist);
    const [catalogue, catalogueKb] = Object.entries(consoleVisit.cataloguesKb).sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
    const bareKb = firstVisit(bareDir).gzipKb;
    const consoleKb = consoleVisit.gzipKb + catalogueKb;
    return { consoleKb, catalogueKb, catalogue, bareKb, ratio: consoleKb / bareKb };
  } finally {
    if (!builtBare) rmSync(bareDir, { recursive: true, force: true });
  }
}

/**
 * The bare react-admin app's built files served as they are by a bare Fastify (no compression: on
 * loopback the bytes cost less than inflating them). Its list reads an in-memory dataProvider, so
 * its cold visit is the floor of react-admin's own: load, run, draw a list, nothing asked over HTTP.
 * It gets the two isolation headers the console's pages get (server/app.ts, helmet's defaults):
 * with them a navigation from the new tab's blank page swaps Chromium's renderer process, which
 * cost the bare app 195 ms of its cold visit here (1,484 ms without, 1,679 with, medians of 7).
 */
const ISOLATION_HEADERS = { 'cross-origin-opener-policy': 'same-origin', 'origin-agent-cluster': '?1' };

async function serveBare(bareDir: string): Promise<{ base: string; close(): Promise<void> }> {
  const server = Fastify();
  server.addHook('onRequest', async (_request, reply) => void reply.headers(ISOLATION_HEADERS));
  await server.register(fastifyStatic, { root: bareDir });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { base: address, close: () => server.close() };
}

interface Session {
  token: string;
  user_info: unknown;
  privileges: string[];
}

async function signIn(base: string): Promise<Session> {
  const response = await fetch(`${base}/api/v1/sys/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_name: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { success: boolean; message?: string; data: Omit<Session, 'privileges'> };
  if (!body.success) throw new Error(`the bench's sign-in failed: ${body.message}`);
  return { ...body.data, privileges: JSON.parse(response.headers.get('x-privileges') ?? '[]') as string[] };
}

/** The first record's name on a list's first page, as the console asks for it: its card shows that name. */
async function firstTitle(base: string, token: string, address: string, field: string): Promise<string> {
  const response = await fetch(`${base}${address}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { data: { items: Record<string, unknown>[] } };
  const rows = body.data?.items ?? [];
  const title = rows[0]?.[field];
  if (typeof title !== 'string' || title === '') throw new Error(`${address} answered no ${field} on its first row`);
  return title;
}

export interface BrowserFigures {
  coldMs: number[];
  /** The bare react-admin app's cold visits, one after each of the console's, until its first row shows. */
  bareColdMs: number[];
  switchMs: number[];
  /** JavaScript fetched by the cold visit until its cards showed, gzip kB (each response compressed here). */
  coldJsKb: number[];
  /** Cold visits whose cards showed first as the server drew them (the others: the drawer was not ready, or too slow). */
  drawnVisits: number;
}

/**
 * `tries` times, in a fresh browser context (no cache, no storage: a cold visit) holding a stored
 * session as a sign-in leaves it (its storage, and its token and screen cookies, from which the
 * server draws the first screen): /course opened, the time from navigation start until a card of
 * the first course is in the page, the server's drawing of it or the console's own; then, once the
 * console has taken the page over, the teacher group of the side menu opened and its "Teachers"
 * entry clicked, the time from the click until the first teacher's card is in the page.
 * Both are taken inside the page (performance.now() and a MutationObserver), so Playwright's own
 * round trips do not count.
 */
export async function measureInBrowser(base: string, tries: number, bareBase: string): Promise<BrowserFigures> {
  const session = await signIn(base);
  // The console's first page: cards ordered as each list's default sort, 10 to a page.
  const courseTitle = await firstTitle(base, session.token, '/api/v1/courses/pager?page=1&page_size=10&sort_by=id&order=desc', 'title');
  const teacherName = await firstTitle(base, session.token, '/api/v1/teachers/pager?page=1&page_size=10&sort_by=id&order=desc', 'name');
  const screen: ScreenChoices = { locale: 'en-US', theme: 'light', pageSize: 10, listView: 'card', sidebarOpen: true, width: 1366, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  const cookies = { token: encodeURIComponent(session.token), screen: encodeURIComponent(JSON.stringify(screen)) };
  await untilDrawerDraws(base, `token=${cookies.token}; screen=${cookies.screen}`);
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const figures: BrowserFigures = { coldMs: [], bareColdMs: [], switchMs: [], coldJsKb: [], drawnVisits: 0 };
  try {
    for (let attempt = 0; attempt < tries; attempt++) {
      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
      try {
        // The cookies a sign-in leaves: the session's token, and how the console draws its screen (src/firstScreen/screenCookie.ts).
        await context.addCookies([
          { name: 'token', value: cookies.token, url: base, sameSite: 'Strict' },
          { name: 'screen', value: cookies.screen, url: base, sameSite: 'Strict' },
        ]);
        // A string, not a function: tsx names nested functions with a helper the page does not have.
        await context.addInitScript(`
          localStorage.setItem('auth', ${JSON.stringify(session.token)});
          localStorage.setItem('userInfo', ${JSON.stringify(JSON.stringify(session.user_info))});
          localStorage.setItem('privileges', ${JSON.stringify(JSON.stringify(session.privileges))});
          // When a card naming each title first shows: performance.now(), from navigation start.
          window.benchShown = {};
          new MutationObserver(function () {
            for (const card of document.querySelectorAll('[data-testid="record-card"]')) {
              for (const title of ${JSON.stringify([courseTitle, teacherName])}) {
                if (window.benchShown[title] === undefined && card.textContent.includes(title)) {
                  window.benchShown[title] = performance.now();
                  // Whether the card is the server's drawing of it (server/firstScreen.ts) or the console's own.
                  window.benchDrawn = window.benchDrawn ?? card.closest('#first-screen') !== null;
                }
              }
            }
          }).observe(document, { childList: true, subtree: true, characterData: true });
        `);
        const page = await context.newPage();
        let jsKb = 0;
        const counting = { on: true };
        const sizes: Promise<void>[] = [];
        page.on('response', (response) => {
          if (!counting.on || !/\.js(\?|$)/.test(new URL(response.url()).pathname)) return;
          sizes.push(response.body().then((body) => void (jsKb += gzipSync(body, { level: 9 }).length / 1024), () => undefined));
        });
        const shownAt = (title: string) =>
          page.waitForFunction((wanted) => (window as unknown as { benchShown: Record<string, number> }).benchShown[wanted], title, { timeout: 30_000, polling: 50 }).then((handle) => handle.jsonValue() as Promise<number>);

        await page.goto(`${base}/course`, { waitUntil: 'commit' });
        figures.coldMs.push(await shownAt(courseTitle));
        if (await page.evaluate(() => (window as unknown as { benchDrawn?: boolean }).benchDrawn)) figures.drawnVisits++;
        counting.on = false;
        await Promise.all(sizes);
        figures.coldJsKb.push(jsKb);

        // The screen the server drew answers no click: the console takes the page over once it has drawn its own.
        await page.locator('#first-screen').waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Teacher management' }).click();
        const entry = page.getByRole('menuitem', { name: 'Teachers', exact: true });
        await entry.waitFor();
        // The click as the page sees it: its time, then the navigation it starts.
        await entry.evaluate((link) => link.addEventListener('click', () => ((window as unknown as { benchClickAt: number }).benchClickAt = performance.now()), { capture: true, once: true }));
        await entry.click();
        const teacherAt = await shownAt(teacherName);
        figures.switchMs.push(teacherAt - (await page.evaluate(() => (window as unknown as { benchClickAt: number }).benchClickAt)));
      } finally {
        await context.close();
      }
      figures.bareColdMs.push(await bareColdVisit(browser, bareBase));
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/**
 * Waits, at most 30 s, for the server's drawer (server/firstScreen.ts) to draw /course: it loads the
 * console as the server starts listening, and its first drawings are its slowest (1.2 s here, past
 * what a document waits). The visits are of a server that has been running, as a visit usually is;
 * the count of visits it drew says whether it did.
 */
async function untilDrawerDraws(base: string, cookie: string) {
  const until = Date.now() + 30_000;
  let drawn = 0;
  while (drawn < 2 && Date.now() < until) {
    const html = await (await fetch(`${base}/course`, { headers: { cookie } })).text();
    if (html.includes('id="first-screen"')) drawn++;
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One cold visit to the bare react-admin app, in a fresh context: from navigation start until its first row is in the page. */
async function bareColdVisit(browser: Browser, bareBase: string): Promise<number> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  try {
    await context.addInitScript(`
      new MutationObserver(function () {
        if (window.benchRowAt === undefined && document.querySelector('tbody tr td')) window.benchRowAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    `);
    const page = await context.newPage();
    await page.goto(`${bareBase}/`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(() => (window as unknown as { benchRowAt?: number }).benchRowAt, null, { timeout: 30_000, polling: 50 });
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

/**
 * The console part: the first visits, then a server process as `npm start` runs it (on a scratch
 * database of `serverUrl`'s server when one is named, else its embedded PostgreSQL in a temporary
 * DATA_DIR) with the demo data, and the browser figures, medians of `tries`.
 */
export async function measureConsole(record: RecordFigure, budgets: ConsoleBudgets, serverUrl: string | undefined, tries = 5) {
  const bareDir = await buildBare();
  try {
    const visits = await measureFirstVisits('dist', bareDir);
    record('-', `console: JavaScript loaded on first visit, its largest catalogue (${visits.catalogue}, ${visits.catalogueKb.toFixed(1)}) included (gzip kB)`, visits.consoleKb, budgets.initialGzipKb);
    record('-', 'console: a bare react-admin app built in the same run, first visit (gzip kB)', visits.bareKb);
    record('-', 'console: ratio first visit / bare react-admin app', visits.ratio, budgets.initialVsBareRatio);
    const bare = await serveBare(bareDir);
    try {
      await measureInServer(record, budgets, serverUrl, tries, bare.base);
    } finally {
      await bare.close();
    }
  } finally {
    rmSync(bareDir, { recursive: true, force: true });
  }
}

/** The browser figures against a server process as `npm start` runs it, with the demo data. */
async function measureInServer(record: RecordFigure, budgets: ConsoleBudgets, serverUrl: string | undefined, tries: number, bareBase: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-bench-console-'));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'cc_bench_console') : undefined;
  const server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', ADMIN_PASSWORD, SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  try {
    const base = await server.ready;
    const figures = await measureInBrowser(base, tries, bareBase);
    record('-', `console: cold visit to /course in Chromium until its cards show, median of ${tries} (ms)`, median(figures.coldMs), budgets.courseColdMs);
    // What the machine gives react-admin itself: the budget above is in milliseconds, this says how many of them any react-admin app spends here.
    record('-', `console: the bare react-admin app's cold visit until its first row shows, one after each of the console's, median of ${tries} (ms)`, median(figures.bareColdMs));
    record('-', 'console: ratio cold visit to /course / the bare app\'s cold visit', median(figures.coldMs) / median(figures.bareColdMs));
    record('-', `console: /course → /teacher by the side menu until its cards show, median of ${tries} (ms)`, median(figures.switchMs), budgets.listSwitchMs);
    record('-', 'console: JavaScript the cold visit to /course fetched until its cards showed (gzip kB)', median(figures.coldJsKb));
    record('-', `console: cold visits whose cards the server drew (server/firstScreen.ts), of ${tries}`, figures.drawnVisits);
    // The drawer is a process of its own beside the server (and the embedded PostgreSQL), started as the server listens.
    const drawer = childrenOf(server.pid).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('first-screen/drawer.js'));
    if (drawer) record('-', "console: the first screen's drawer, peak memory after the visits (MB)", residentMemory(drawer).peakMb);
    record('-', "console: the server's own peak memory after the visits (MB)", residentMemory(server.pid).peakMb);
  } finally {
    await server.stop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
