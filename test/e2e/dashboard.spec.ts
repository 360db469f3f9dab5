import { ADMIN_PASSWORD, expect, fillSignIn, storeSession, test } from './fixtures';

/** What each language calls the page and its figures. */
const texts = {
  'en-US': { title: 'Dashboard', courses: 'Courses', learners: 'Learners', enrollments: 'Enrolments', week: 'this week', chart: 'Enrolments per day, last 30 days' },
  'zh-CN': { title: '仪表盘', courses: '课程', learners: '学员', enrollments: '报名', week: '本周', chart: '近 30 天每日报名数' },
  'ja-JP': { title: 'ダッシュボード', courses: 'コース', learners: '受講者', enrollments: '受講登録', week: '今週', chart: '過去 30 日間の日別受講登録数' },
} as const;

test.describe('dashboard', () => {
  test("a tenant administrator's figures are the own organisation's, in every language; forbidden deep links call no API; signed out, a deep link signs in and comes back", async ({ page, server, browser }) => {
    // One walk through three languages, four deep links and a sign-in: slow on a loaded machine.
    test.slow();
    const tenantAdmin = await server.signIn('demo_tenant_admin', ADMIN_PASSWORD);
    const admin = await server.signIn('admin', ADMIN_PASSWORD);
    await storeSession(page, tenantAdmin);
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const figuresOf = async (token: string) => (await server.api('GET', `/api/v1/dashboard?time_zone=${encodeURIComponent(timeZone)}`, { token })).body.data;
    const own = await figuresOf(tenantAdmin.token);
    const platform = await figuresOf(admin.token);
    // The demo's organisations differ: the academy's figures are not the platform's.
    expect(own.learners.total).toBeLessThan(platform.learners.total);
    expect(own.enrollments.total).toBeLessThan(platform.enrollments.total);

    for (const [locale, text] of Object.entries(texts) as [keyof typeof texts, (typeof texts)[keyof typeof texts]][]) {
      await page.goto(`/dashboard?locale=${locale}`);
      const number = new Intl.NumberFormat(locale);
      await expect(page.getByTestId('dashboard-learners-value')).toHaveText(number.format(own.learners.total));
      await expect(page.getByRole('region', { name: text.courses, exact: true })).toContainText(number.format(own.courses.total));
      await expect(page.getByRole('region', { name: text.learners, exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: text.enrollments, exact: true })).toBeVisible();
      await expect(page.getByTestId('dashboard-enrollments-value')).toHaveText(number.format(own.enrollments.total));
      await expect(page.getByTestId('dashboard-enrollments-week')).toContainText(text.week);
      await expect(page.getByTestId('dashboard-enrollments-week')).toContainText(number.format(own.enrollments.week));
      await expect(page.getByTestId('dashboard-pending-value')).toHaveText(number.format(own.pending_applications));
      await expect(page.getByTestId('dashboard-vouchers-value')).toHaveText(number.format(own.vouchers_redeemed_week));
      await expect(page.getByTestId('dashboard-chart')).toContainText(text.chart);
      await expect(page.getByRole('menuitem', { name: text.title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: text.title })).toBeVisible();
    }

    // Deep links to screens a tenant administrator may not open: 'Access denied' at once, and no call answering 403.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/dashboard?locale=en-US');
    await expect(page.getByTestId('dashboard-learners-value')).toBeVisible();
    for (const address of ['/course', '/tenant/edit/1', '/series/1/course', '/voucher/create']) {
      await page.goto(address);
      await expect(page.getByText('Access denied')).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(refused).toEqual([]);
    // What they may open still opens.
    await page.goto('/enroll_detail');
    await expect(page.getByTestId('list-results')).toBeVisible();
    await expect(page.getByText('Access denied')).toHaveCount(0);

    // Signed out, a deep link goes to the sign-in and, signed in, back to where it led; `/` still leads to /course.
    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(`${server.url}/dashboard?locale=en-US`);
    await expect(visitor).toHaveURL(/\/login/);
    await fillSignIn(visitor, 'admin', ADMIN_PASSWORD);
    await visitor.locator('button[type="submit"]').click();
    await expect(visitor).toHaveURL(/\/dashboard$/);
    await expect(visitor.getByTestId('dashboard-learners-value')).toHaveText(new Intl.NumberFormat('en-US').format(platform.learners.total));
    await visitor.goto(`${server.url}/`);
    await expect(visitor).toHaveURL(/\/course$/);
    await context.close();
  });
});
