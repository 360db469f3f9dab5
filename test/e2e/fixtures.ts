import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { createScratchDatabase } from '../scratchDatabase';
import { startServerProcess } from '../serverProcess';

export const ADMIN_PASSWORD = 'e2e-admin-pass';

export interface RunningServer {
  url: string;
  /** Calls the API as a plain client would (for setting up data, not for checking the UI). */
  api<T = any>(method: string, apiPath: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: T }>;
  signIn(loginName?: string, password?: string): Promise<{ token: string; user_info: unknown; privileges: string[] }>;
  /** What the server has printed so far (its log lines, at LOG_LEVEL warn). */
  output(): string;
}

/** A database of its own on the server of TEST_DATABASE_URL; otherwise the server runs its own embedded PostgreSQL in its data folder, as `npm start` does. */
async function scratchDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createScratchDatabase(serverUrl, 'cc_e2e') : { drop: async () => undefined };
}

/** Starts the real server the way `npm start` does (after the build), on a free port. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<{ server: RunningServer; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-e2e-'));
  const database = await scratchDatabase();
  const running = startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url ?? '',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    // Every answer the browser suites get is checked against the API document's schema.
    CHECK_ANSWERS: 'true',
    ...extraEnv,
  });
  const url = await running.ready;

  const api: RunningServer['api'] = async (method, apiPath, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url + apiPath, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    return { status: response.status, body: await response.json() };
  };
  const signIn: RunningServer['signIn'] = async (loginName = 'admin', password = ADMIN_PASSWORD) => {
    const response = await fetch(`${url}/api/v1/sys/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_name: loginName, password }),
    });
    const body = await response.json();
    if (!body.success) throw new Error(`sign-in of ${loginName} failed: ${body.message}`);
    return { ...body.data, privileges: JSON.parse(response.headers.get('x-privileges') ?? '[]') };
  };

  return {
    server: { url, api, signIn, output: running.output },
    stop: async () => {
      await running.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<{ signInAs: (loginName?: string, password?: string) => Promise<void> }, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const { server, stop } = await startServer();
      await use(server);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  /** Opens the console already signed in, as a stored session after a real sign-in would leave it. */
  signInAs: async ({ page, server }, use) => {
    await use(async (loginName = 'admin', password = ADMIN_PASSWORD) => {
      await storeSession(page, await server.signIn(loginName, password));
    });
  },
});

export { expect };

/**
 * Leaves a session in the browser's storage as a real sign-in would, once per tab: a sign-out
 * or a reload later in the test is not undone.
 */
export async function storeSession(target: Page | BrowserContext, session: Awaited<ReturnType<RunningServer['signIn']>>) {
  await target.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('auth', stored.token);
    localStorage.setItem('userInfo', JSON.stringify(stored.user_info));
    localStorage.setItem('privileges', JSON.stringify(stored.privileges));
  }, session);
}

/** A full-page screenshot in the test's output folder, to look at, once the page has stopped loading. */
export async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/**
 * The languages and widths a screens-at-widths test draws. Each pair is a page load and a round of
 * screenshots, so CI draws two: English on a phone (its labels are the longest, the first to
 * overflow a narrow window) and Chinese wide. E2E_FULL=1 draws English and Chinese at both widths.
 */
export function screenPairs(): { locale: 'en-US' | 'zh-CN'; width: 1440 | 390 }[] {
  if (process.env.E2E_FULL) return (['en-US', 'zh-CN'] as const).flatMap((locale) => ([1440, 390] as const).map((width) => ({ locale, width })));
  return [
    { locale: 'en-US', width: 390 },
    { locale: 'zh-CN', width: 1440 },
  ];
}

/** The same screen at 1440 and 390 px (`settleMs` for what moves to a new width, a chart's bars), then back to 1440. */
export async function shootAtWidths(page: Page, testInfo: TestInfo, name: string, settleMs = 0) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (settleMs) await page.waitForTimeout(settleMs);
    await shoot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The page does not scroll sideways, and `region`, if given, ends within the window's `width`. */
export async function expectNoSidewaysScroll(page: Page, region?: { locator: Locator; width: number }) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (region) {
    const box = (await region.locator.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(region.width);
  }
}

/** The page's background colour as painted on the body (the theme's `background.default`, or a standalone page's). */
export const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** A name no other test uses, to find this test's own records with the search box. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A course of the test's own, in a category of its own, with these top-level video chapters in order: nothing else moves them. */
export async function courseWithChapters(server: RunningServer, token: string, prefix: string, titles: string[]): Promise<{ id: number }> {
  const category = await server.api('POST', '/api/v1/categories', { token, body: { title: unique(prefix) } });
  const course = (await server.api('POST', '/api/v1/courses', { token, body: { title: unique(prefix), category_id: category.body.data.id } })).body.data;
  for (const title of titles)
    expect((await server.api('POST', '/api/v1/chapters', { token, body: { title, course_id: course.id, parent_id: 0, res_type: 'video' } })).status).toBe(200);
  return course;
}

/**
 * Types into the list's search box and waits for the list to answer for it (series search with
 * `word`), and to draw that answer: the records shown before it are gone once it is no longer busy.
 */
export async function searchFor(page: Page, text: string, parameter = 'keyword') {
  const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get(parameter) === text);
  await page.getByPlaceholder(/^(search|搜索|検索)$/i).fill(text);
  await answered;
  await expect(page.locator('[data-testid="list-results"][aria-busy="true"]')).toHaveCount(0);
}

export async function fillSignIn(page: Page, loginName: string, password: string) {
  await page.locator('input[name="login_name"]').fill(loginName);
  await page.locator('input[name="password"]').fill(password);
}

/**
 * Types a date into the console's date input labelled `label` (src/forms/DatePickers.tsx), as a
 * person does: into its first part, the year, then on through the others. `typed` is written as the
 * field shows it (`2026-03-01`, `2026-03-01 09:30`); its digits are what is typed.
 */
export async function typeDate(page: Page, label: string | RegExp, typed: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  await page.keyboard.type(typed.replace(/\D/g, ''));
}
