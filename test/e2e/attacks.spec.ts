/**
 * Issue 19 in the browser. Stored script: a `<script>`, `onerror` and `javascript:` payload saved
 * through every text and rich-text field (through the API) stays inert on every screen that shows
 * it: no dialog opens, the flag the payload would set stays unset, and no element the payload could
 * have made (an event-handler attribute, a script, a javascript: link, a frame) is in the page.
 * Redirects: whatever a sign-in address carries, signing in stays on the site.
 */
import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD, expect, fillSignIn, startServer, test, type RunningServer } from './fixtures';

// One payload per field width: alert() opens a dialog, `xss=1` sets window.xss.
const IMG = '<img src=x onerror=alert(1)>'; // 28: fits the shortest field (a category's title, 32)
const SHORT = `<svg onload=xss=1>${IMG}`; // 46: fits 64
const LONG = `"><img src=x onerror="xss=1;alert(1)"><script>xss=1;alert(2)</script><a href="javascript:xss=1">x</a>`; // 104: fits 128
const RICH =
  '<p>Intro</p><img src=x onerror="xss=1;alert(1)"><script>xss=1;alert(2)</script>' +
  '<a href="javascript:xss=1">link</a><iframe src="javascript:alert(3)"></iframe><svg><animate onbegin=alert(4) attributeName=x /></svg>';

/** What a payload could have left in the page, found by what it is rather than by whether it ran. */
async function injectedElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .filter(
        (element) =>
          [...element.attributes].some((attribute) => /^on/i.test(attribute.name)) ||
          (element.tagName === 'SCRIPT' && /xss|alert/.test(element.textContent ?? '')) ||
          (element.tagName === 'A' && /^\s*javascript:/i.test(element.getAttribute('href') ?? '')) ||
          element.tagName === 'IFRAME',
      )
      .map((element) => element.outerHTML.slice(0, 200)),
  );
}

let server: RunningServer;
let stop: () => Promise<void>;
test.beforeAll(async () => {
  // No demo: every record on these screens is one of the payload's, on the first page.
  ({ server, stop } = await startServer({ SEED_DEMO: 'false' }));
});
test.afterAll(() => stop?.());

async function made(token: string, method: string, path: string, body: unknown) {
  const answer = await server.api(method, path, { token, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.data;
}

test('a stored payload in every text and rich-text field stays inert on every screen that shows it', async ({ page }) => {
  test.setTimeout(400_000);
  const { token } = await server.signIn();
  const teacher = await made(token, 'POST', '/api/v1/teachers', { name: SHORT, title: SHORT, introduction: RICH });
  const category = await made(token, 'POST', '/api/v1/categories', { title: IMG });
  const subcategory = await made(token, 'POST', '/api/v1/categories', { title: IMG, parent_id: category.id });
  const video = await made(token, 'POST', '/api/v1/videos', { title: LONG });
  const course = await made(token, 'POST', '/api/v1/courses', {
    title: LONG, category_id: subcategory.id, teacher_ids: [teacher.id], subtitle: LONG, brief: LONG, suit_crowds: LONG, introduction: RICH,
  });
  const chapter = await made(token, 'POST', '/api/v1/chapters', { title: LONG, course_id: course.id });
  await made(token, 'POST', '/api/v1/chapters', { title: LONG, course_id: course.id, parent_id: chapter.id, res_type: 'video', res_id: video.id });
  const series = await made(token, 'POST', '/api/v1/sys/series', {
    title: LONG, category_id: subcategory.id, teacher_ids: [teacher.id], subtitle: LONG, brief: LONG, suit_crowds: LONG, introduction: RICH, features: `${LONG}\n${LONG}`,
  });
  await made(token, 'POST', `/api/v1/sys/series/${series.id}/courses`, [course.id]);
  const group = await made(token, 'POST', '/api/v1/carousel_groups', { ucode: 'xss-group', name: SHORT, description: LONG });
  const carousel = await made(token, 'POST', '/api/v1/carousels', {
    title: SHORT, description: LONG, carousel_group_id: group.id, target_id: course.id, image_link: 'demo/covers/react.svg',
  });
  const tenant = await made(token, 'POST', '/uc/v1/tenants', { name: 'xss-tenant', display_name: SHORT, description: LONG, admin_user_name: 'xss_admin', admin_password: 'xss-admin-pass' });
  const other = await made(token, 'POST', '/uc/v1/tenants', { name: 'xss-other', display_name: SHORT, admin_user_name: 'xss_other_admin', admin_password: 'xss-admin-pass' });
  const learner = await made(token, 'POST', '/uc/v1/users', { user_name: 'xss_learner', real_name: SHORT, nick_name: SHORT, tenant_id: tenant.tenant_id, password: 'xss-learner-pass' });
  const voucher = await made(token, 'POST', '/api/v1/vouchers/new', {
    name: SHORT, code: 'XSS-CODE', description: LONG, resource_type: 'course', resource_id: course.id, object_type: 'user', object_id: learner.user_id, count: 3, expire_at: Date.now() + 86_400_000,
  });
  // The learner redeems (an enrolment to list) and asks to move (a transfer application to audit).
  const { token: learnerToken } = await (async () => {
    const response = await fetch(`${server.url}/api/v1/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login_name: 'xss_learner', password: 'xss-learner-pass' }) });
    return (await response.json()).data;
  })();
  await made(learnerToken, 'POST', '/uc/v1/vouchers/redeem', { code: 'XSS-CODE' });
  await made(learnerToken, 'POST', '/uc/v1/applies', { to_tenant_id: other.tenant_id });

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => Object.defineProperty(window, 'xss', { configurable: true, set: () => ((window as any).__xssFired = true), get: () => undefined }));
  await page.goto(`${server.url}/login`);
  await fillSignIn(page, 'admin', ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);

  const screens = [
    '/course', `/course/edit/${course.id}`, `/course/${course.id}/chapter`, `/course/${course.id}/chapter/${chapter.id}/edit`,
    '/course_category', `/course_category/edit/${subcategory.id}`,
    '/series', `/series/${series.id}/detail`, `/series/${series.id}/course`, `/series/edit/${series.id}`,
    '/tenant', `/tenant/edit/${tenant.tenant_id}`, '/user', `/user/edit/${learner.user_id}`, '/user_audit',
    '/teacher', `/teacher/edit/${teacher.id}`, '/video', `/video/edit/${video.id}`,
    '/enroll_statis', '/enroll_detail', '/voucher', `/voucher/edit/${voucher.id}`,
    '/carousel', `/carousel/edit/${carousel.id}`, '/carousel_group', `/carousel_group/edit/${group.id}`,
    '/mail_outbox', '/audit_log',
    `/register?tenant_id=${tenant.tenant_id}`,
  ];
  const findings: string[] = [];
  for (const screen of screens) {
    await page.goto(server.url + screen);
    // Drawn, and its records fetched and shown: nothing loading for half a second, nothing busy.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[aria-busy="true"], .MuiCircularProgress-root, .MuiSkeleton-root').filter({ visible: true })).toHaveCount(0);
    const injected = await injectedElements(page);
    if (injected.length > 0) findings.push(`${screen}: ${injected.join(' | ')}`);
    if (await page.evaluate(() => (window as any).__xssFired === true)) findings.push(`${screen}: the payload ran`);
  }
  // The list screens show the payloads as text.
  await page.goto(`${server.url}/teacher`);
  await expect(page.getByText(SHORT).first()).toBeVisible();
  expect(findings).toEqual([]);
  expect(dialogs).toEqual([]);
});

test('signing in stays on the site whatever the address carries', async ({ page }) => {
  test.setTimeout(300_000);
  const offSite: string[] = [];
  await page.route((url) => url.hostname.endsWith('evil.com'), (route) => {
    offSite.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: 'evil' });
  });
  const { origin } = new URL(server.url);
  const attempts = [
    '/login?redirect=//evil.com',
    '/login?redirect=https://evil.com',
    '/login?redirect=/\\evil.com',
    '/login?redirect=javascript:alert(1)',
    '/login?next=//evil.com&returnTo=https://evil.com',
    // A signed-out visit to an address that reads as another host: sign-in returns to where it was sent from.
    '/%2F%2Fevil.com/course',
    '/\\evil.com/course',
  ];
  for (const attempt of attempts) {
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}${attempt}`);
    if (!/\/login/.test(page.url())) await expect(page).toHaveURL(/\/login/);
    await fillSignIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    // Signed in and landed: the console's header names the user (off the site, there would be none).
    await expect(page.getByRole('button', { name: 'admin', exact: true }), attempt).toBeVisible();
    expect(new URL(page.url()).origin, attempt).toBe(origin);
    expect(offSite, attempt).toEqual([]);
  }
  // Signed in, an address that starts with two slashes stays on the site too.
  await page.goto(`${server.url}//evil.com/course`);
  await expect(page.getByRole('button', { name: 'admin', exact: true })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(origin);
  expect(offSite).toEqual([]);
});
