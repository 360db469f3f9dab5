import { fork } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { places } from '../../schema/places';
import type { FirstScreenAnswer, FirstScreenJob } from '../../schema/firstScreen';
import type { ScreenChoices } from '../../schema/screenChoices';
import { ADMIN_PASSWORD, expect, expectNoSidewaysScroll, fillSignIn, shoot, storeSession, test, type RunningServer } from './fixtures';

/** The screen cookie as the console writes it (src/firstScreen/screenCookie.ts). */
const screenChoices = (choices: Partial<ScreenChoices> = {}): ScreenChoices => ({
  locale: 'en-US',
  theme: 'light',
  pageSize: 10,
  listView: 'card',
  sidebarOpen: true,
  width: 1366,
  timeZone: 'UTC',
  ...choices,
});
const cookieHeader = (token: string | undefined, screen: string | undefined) =>
  [token && `token=${encodeURIComponent(token)}`, screen && `screen=${encodeURIComponent(screen)}`].filter(Boolean).join('; ');

async function documentAt(server: RunningServer, address: string, cookie: string) {
  const response = await fetch(server.url + address, { headers: { cookie } });
  return { response, html: await response.text() };
}
const isDrawn = (html: string) => html.includes('id="first-screen"');
/** The page of records a drawn document carries for the console's query cache. */
const firstPageIn = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-page">(.*?)<\/script>/s.exec(html)![1]) as {
    queryKey: [string, string, { sort: unknown }];
    data: { data: Record<string, unknown>[]; total: number };
  };
const cardsIn = (html: string) => (html.match(/data-testid="record-card"/g) ?? []).length;

/** The drawer loads the console as the server starts (1-2 s here): a document before that goes without. */
async function untilDrawerIsReady(server: RunningServer, cookie: string) {
  await expect.poll(async () => isDrawn((await documentAt(server, '/course', cookie)).html), { timeout: 30_000 }).toBe(true);
}

/**
 * Visits an address until the server draws it. A document waits at most 800 ms for its drawing and
 * then goes without, which beside a second test worker on two cores happens now and then.
 */
async function gotoDrawn(page: Page, visit: () => ReturnType<Page['goto']>) {
  for (let attempt = 1; ; attempt++) {
    const response = await visit();
    if (isDrawn(await response!.text())) return;
    if (attempt === 5) throw new Error(`${page.url()} went undrawn ${attempt} times`);
  }
}

/** A browser context holding what a sign-in leaves: the stored session and the session's cookies. */
async function signedInContext(context: BrowserContext, server: RunningServer, session: Awaited<ReturnType<RunningServer['signIn']>>, choices: ScreenChoices) {
  await storeSession(context, session);
  await context.addInitScript((locale) => localStorage.setItem('locale', locale), choices.locale);
  await context.addCookies([
    { name: 'token', value: encodeURIComponent(session.token), url: server.url, sameSite: 'Strict' },
    { name: 'screen', value: encodeURIComponent(JSON.stringify(choices)), url: server.url, sameSite: 'Strict' },
  ]);
}

/** Errors the page reports (a failed hand-over, a hydration of styles gone wrong). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('the first screen drawn on the server', () => {
  test('a document holds the list the session may read, drawn for it, and nothing for anyone else', async ({ server }) => {
    const admin = await server.signIn();
    const screen = JSON.stringify(screenChoices());
    await untilDrawerIsReady(server, cookieHeader(admin.token, screen));

    const drawn = await documentAt(server, '/course', cookieHeader(admin.token, screen));
    expect(cardsIn(drawn.html)).toBe(10);
    expect(drawn.html).toContain('<html lang="en-US">');
    // One session's records: never kept by a cache, never the same for another cookie.
    expect(drawn.response.headers.get('cache-control')).toBe('no-store');
    expect(drawn.response.headers.get('vary')).toContain('cookie');
    // The page of records in it is the one the API answers that session.
    const page = firstPageIn(drawn.html);
    const api = await server.api('GET', '/api/v1/courses/pager?page=1&page_size=10&sort_by=id&order=desc', { token: admin.token });
    expect(page.data.data.map((course) => course.title)).toEqual(api.body.data.items.map((course: { title: string }) => course.title));
    expect(page.data.total).toBe(api.body.data.total);

    // The table view, in the dark theme, in Chinese, with 20 to a page, as the cookie says.
    const table = await documentAt(server, '/course', cookieHeader(admin.token, JSON.stringify(screenChoices({ listView: 'table', theme: 'dark', locale: 'zh-CN', pageSize: 20 }))));
    expect(cardsIn(table.html)).toBe(0);
    expect(table.html.match(/<tbody[^>]*>.*?<\/tbody>/s)![0].match(/<tr/g)).toHaveLength(20);
    expect(table.html).toContain('<html lang="zh-CN">');
    expect(table.html).toContain('课程');

    // Each list is drawn in the order it opens in, as declared for its place (the newest users, the
    // oldest organisations first), and one that opens filtered is drawn so: the transfer
    // applications waiting for a decision.
    for (const [address, place] of [
      ['/user', places.user],
      ['/tenant', places.tenant],
      ['/audit_log', places.auditLog],
      ['/user_audit', places.transferApplication],
    ] as const) {
      const { queryKey } = firstPageIn((await documentAt(server, address, cookieHeader(admin.token, screen))).html);
      expect(queryKey[2].sort, address).toEqual({ field: place.defaultSort.field, order: place.defaultSort.order.toUpperCase() });
    }
    const drawnApplications = await documentAt(server, '/user_audit', cookieHeader(admin.token, screen));
    const applications = firstPageIn(drawnApplications.html);
    expect(applications.data.data.length).toBeGreaterThan(0);
    expect(new Set(applications.data.data.map((application) => application.status))).toEqual(new Set(['pending']));
    // Its filter says so, as the console's own screen does.
    expect(/<form[^>]*>.*?<\/form>/s.exec(drawnApplications.html)![0]).toMatch(/role="combobox"[^>]*>Pending</);

    // Nothing drawn: no session, no screen cookie, a screen cookie that is not one, an address with
    // a query, a screen that is not a list's first page, the sign-in page.
    for (const [address, cookie] of [
      ['/course', ''],
      ['/course', cookieHeader(admin.token, undefined)],
      ['/course', cookieHeader(undefined, screen)],
      ['/course', cookieHeader(admin.token, '{"locale":')],
      ['/course', cookieHeader(admin.token, JSON.stringify(screenChoices({ width: 5 })))],
      ['/course', cookieHeader(admin.token, JSON.stringify({ ...screenChoices(), timeZone: 'Mars/Olympus' }))],
      ['/course', cookieHeader('not-a-session', screen)],
      ['/course?page=2', cookieHeader(admin.token, screen)],
      ['/course/create', cookieHeader(admin.token, screen)],
      ['/login', cookieHeader(admin.token, screen)],
    ]) {
      const plain = await documentAt(server, address, cookie);
      expect(plain.response.status, `${address} with ${cookie}`).toBe(200);
      expect(isDrawn(plain.html), `${address} with ${cookie}`).toBe(false);
      expect(plain.response.headers.get('cache-control')).toBe('no-cache');
    }

    // A tenant administrator has no list of organisations, and sees only their own organisation's users.
    const tenantAdmin = await server.signIn('demo_tenant_admin', ADMIN_PASSWORD);
    expect(isDrawn((await documentAt(server, '/tenant', cookieHeader(tenantAdmin.token, screen))).html)).toBe(false);
    const users = await documentAt(server, '/user', cookieHeader(tenantAdmin.token, screen));
    expect(isDrawn(users.html)).toBe(true);
    const userPage = firstPageIn(users.html);
    expect(userPage.data.data.length).toBeGreaterThan(0);
    expect(new Set(userPage.data.data.map((user) => user.tenant_id))).toEqual(new Set([(tenantAdmin.user_info as { tenant_id: number }).tenant_id]));

    // Signed out: the very next document draws nothing.
    const leaving = await server.signIn();
    expect(isDrawn((await documentAt(server, '/course', cookieHeader(leaving.token, screen))).html)).toBe(true);
    expect((await server.api('DELETE', '/api/v1/sys/auth', { token: leaving.token })).status).toBe(200);
    expect(isDrawn((await documentAt(server, '/course', cookieHeader(leaving.token, screen))).html)).toBe(false);
  });

  test('the drawer skips a document that has stopped waiting, and says how long a drawing took', async ({ server }) => {
    const admin = await server.signIn();
    // A drawer of its own, forked as the server forks its one (server/firstScreen.ts).
    const drawer = fork('dist-server/first-screen/drawer.js', [], {
      env: { ...process.env, NODE_ENV: 'production', FIRST_SCREEN_ORIGIN: server.url },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const answered = new Map<number, (answer: FirstScreenAnswer) => void>();
    const ready = new Promise<void>((resolve) =>
      drawer.on('message', (message: FirstScreenAnswer | { ready: true }) => ('ready' in message ? resolve() : answered.get(message.id)?.(message))),
    );
    const ask = (job: FirstScreenJob) =>
      new Promise<FirstScreenAnswer>((resolve) => {
        answered.set(job.id, resolve);
        drawer.send(job);
      });
    try {
      await ready;
      const job = { pathname: '/course', token: admin.token, choices: screenChoices() };
      // A burst past what the drawer keeps up with leaves no backlog: what its documents no longer wait for is not drawn.
      expect(await ask({ id: 1, ...job, until: Date.now() - 1 })).toEqual({ id: 1, reason: 'the document stopped waiting before its drawing began' });
      const drawn = await ask({ id: 2, ...job, until: Date.now() + 30_000 });
      expect(cardsIn(drawn.drawn!.html)).toBe(10);
      expect(drawn.took!.passes).toBeGreaterThanOrEqual(2);
      expect(drawn.took!.ms).toBeGreaterThan(0);
    } finally {
      drawer.kill();
    }
  });

  test('a sign-in leaves what the next visit needs: the reload after it is drawn by the server', async ({ server, page, context }) => {
    const admin = await server.signIn();
    await untilDrawerIsReady(server, cookieHeader(admin.token, JSON.stringify(screenChoices())));
    await page.goto('/course');
    await expect(page).toHaveURL(/\/login$/);
    await fillSignIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/course$/);
    const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, decodeURIComponent(cookie.value)]));
    expect(JSON.parse(cookies.screen)).toMatchObject({ locale: 'en-US', pageSize: 10, listView: 'card', width: 1366 });
    await gotoDrawn(page, () => page.reload());
    await expect(page.locator('#first-screen')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('record-card')).toHaveCount(10);
  });

  test('a record is drawn as text, whatever it holds', async ({ server, browser }) => {
    const admin = await server.signIn();
    const hostile = `</script><script>window.pwned=1</script>$& $' <img src=x onerror="window.pwned=2"> ${Date.now()}`;
    const category = await server.api('POST', '/api/v1/categories', { token: admin.token, body: { title: `First screen ${Date.now()}` } });
    expect((await server.api('POST', '/api/v1/courses', { token: admin.token, body: { title: hostile, category_id: category.body.data.id } })).status).toBe(200);
    const choices = screenChoices();
    await untilDrawerIsReady(server, cookieHeader(admin.token, JSON.stringify(choices)));

    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    await signedInContext(context, server, admin, choices);
    // The console's own scripts held back: the drawn screen alone, as it is before they run.
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    await gotoDrawn(page, () => page.goto('/course'));
    const card = page.locator('#first-screen [data-testid="record-card"]').first();
    await expect(card).toContainText(hostile);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await context.close();
  });

  test('the console takes the page over, and a click on the drawn screen is played on its own', async ({ server, browser }) => {
    const admin = await server.signIn();
    const choices = screenChoices();
    await untilDrawerIsReady(server, cookieHeader(admin.token, JSON.stringify(choices)));
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    await signedInContext(context, server, admin, choices);
    // The console's scripts come late, as on a slow line: the drawn screen is there alone for a while.
    await context.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await gotoDrawn(page, () => page.goto('/course'));
    const drawn = page.locator('#first-screen');
    await expect(drawn.getByTestId('record-card')).toHaveCount(10);
    // Clicked before the console runs: held, then played once the console has drawn the list.
    await drawn.getByRole('link', { name: 'Create' }).click();
    await expect(drawn).toHaveCount(0, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/course\/create$/);
    await expect(page.getByRole('textbox', { name: /Title/ })).toBeVisible();
    // Back to the list: the console's own, which asks for nothing it already has.
    await page.goBack();
    await expect(page.getByTestId('record-card')).toHaveCount(10);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const { locale, width, heading } of [
    { locale: 'zh-CN', width: 390, heading: '课程' },
    { locale: 'ja-JP', width: 1440, heading: 'コース' },
  ] as const) {
    test(`the drawn screen in ${locale} at ${width} px: the console's own layout, readable and accessible`, async ({ server, browser }, testInfo) => {
      const admin = await server.signIn();
      const choices = screenChoices({ locale, width, sidebarOpen: width > 600 });
      await untilDrawerIsReady(server, cookieHeader(admin.token, JSON.stringify(choices)));
      const context = await browser.newContext({ locale, viewport: { width, height: 900 }, bypassCSP: true });
      await signedInContext(context, server, admin, choices);
      await context.route('**/assets/*.js', (route) => route.abort());
      const page = await context.newPage();
      await gotoDrawn(page, () => page.goto('/course'));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const drawn = page.locator('#first-screen');
      await expect(drawn.getByRole('heading', { level: 2 })).toContainText(heading);
      await expect(drawn.getByTestId('record-card').first()).toBeVisible();
      await expectNoSidewaysScroll(page, { locator: drawn, width });
      await shoot(page, testInfo, `first-screen-${locale}-${width}`);
      const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }
});
