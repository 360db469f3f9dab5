import { ADMIN_PASSWORD, expect, test } from './fixtures';

test.describe('the shell', () => {
  test('/ leads to /course; the footer says 2020', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/');
    await expect(page).toHaveURL(/\/course$/);
    await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();
    await expect(page.locator('footer')).toContainText('2020');
  });

  test("a visit to a list asks for its first page once, as the console starts rather than after its first draw", async ({ page, signInAs }) => {
    await signInAs();
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(pathname + search);
    });
    await page.goto('/course');
    await expect(page.getByTestId('record-card').first()).toBeVisible();
    const pages = calls.filter((call) => call.startsWith('/api/v1/courses/pager'));
    expect(pages).toEqual(['/api/v1/courses/pager?sort_by=id&order=desc&page=1&page_size=10']);
    // The category filter asks for its tree as the list first draws: the page was asked for before that.
    expect(calls.indexOf(pages[0])).toBeLessThan(calls.indexOf('/api/v1/categories/tree'));

    // The page the address names is the list's to ask for: nothing early, and the second page once.
    calls.length = 0;
    await page.goto('/course?page=2&perPage=10');
    await expect(page.getByTestId('list-range')).toHaveText(/Show: 11-20, Total \d+/);
    expect(calls.filter((call) => call.startsWith('/api/v1/courses/pager'))).toEqual(['/api/v1/courses/pager?sort_by=id&order=desc&page=2&page_size=10']);

    // Refreshing asks again: the early answer is not kept past the screen's first draw.
    calls.length = 0;
    await page.goto('/course');
    await expect(page.getByTestId('record-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect.poll(() => calls.filter((call) => call.startsWith('/api/v1/courses/pager')).length).toBe(2);
  });

  test('the group holding the current screen opens by itself', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/carousel_group');
    const carousel = page.getByRole('navigation', { name: 'Carousel management' });
    await expect(carousel.getByRole('button', { name: 'Carousel management' })).toHaveAttribute('aria-expanded', 'true');
    await expect(carousel.getByRole('menuitem', { name: 'Carousel group' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'User management' }).getByRole('button')).toHaveAttribute('aria-expanded', 'false');

    // Following a link elsewhere opens that group too; a group can be closed by hand.
    await page.goto('/user_audit');
    const users = page.getByRole('navigation', { name: 'User management' });
    await expect(users.getByRole('button', { name: 'User management' })).toHaveAttribute('aria-expanded', 'true');
    await expect(users.getByRole('menuitem', { name: 'Learner organisation audit' })).toBeVisible();
    await users.getByRole('button', { name: 'User management' }).click();
    await expect(users.getByRole('menuitem', { name: 'Tenants' })).toBeHidden();
  });

  test('every SPEC menu entry is there for an operator, and leads somewhere', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/course');
    const groups = ['Course management', 'Series management', 'User management', 'Teacher management', 'Video management', 'Enrolment management', 'Voucher management', 'Carousel management'];
    // The current screen's group opens by itself; wait for it, so the loop does not close it again.
    await expect(page.getByRole('navigation', { name: groups[0] }).getByRole('button', { name: groups[0] })).toHaveAttribute('aria-expanded', 'true');
    for (const group of groups) {
      const nav = page.getByRole('navigation', { name: group });
      const toggle = nav.getByRole('button', { name: group });
      if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    }
    const entries: [string, RegExp][] = [
      ['All courses', /\/course$/],
      ['Categories', /\/course_category$/],
      ['Series', /\/series$/],
      ['Tenants', /\/tenant$/],
      ['Users', /\/user$/],
      ['Teachers', /\/teacher$/],
      ['Create teacher', /\/teacher\/create$/],
      ['Video preview', /\/video$/],
      ['Enrolment statistics', /\/enroll_statis$/],
      ['Enrolment details', /\/enroll_detail$/],
      ['Vouchers', /\/voucher$/],
      ['Create voucher', /\/voucher\/create$/],
      ['Carousel', /\/carousel$/],
      ['Carousel group', /\/carousel_group$/],
    ];
    for (const [label, url] of entries) {
      await page.getByRole('menuitem', { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
    }
  });

  test('a tenant administrator sees only what they may use', async ({ page, signInAs }) => {
    await signInAs('demo_tenant_admin', ADMIN_PASSWORD);
    await page.goto('/');
    // / leads to the first screen they may open.
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByRole('navigation', { name: 'User management' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Enrolment management' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Course management' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Carousel management' })).toHaveCount(0);
    const users = page.getByRole('navigation', { name: 'User management' });
    await expect(users.getByRole('menuitem', { name: 'Tenants' })).toHaveCount(0);
    await page.goto('/carousel_group');
    await expect(page.getByText(/not authorized|access denied/i)).toBeVisible();
  });

  test('an unknown address shows the not-found page inside the shell', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/no/such/screen');
    await expect(page.getByTestId('not-found')).toContainText('Page not found');
    await page.getByRole('link', { name: 'Back to the console' }).click();
    await expect(page).toHaveURL(/\/course$/);
  });

  test('the header stays in place while a long list scrolls', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/course');
    await expect(page.getByTestId('record-card').first()).toBeVisible();
    // The element, not its role: a header slid away is hidden, and out of the accessibility tree.
    const header = page.locator('header').first();
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // Long enough for the header to have slid away, had it been going to (MUI's slide takes 195-225 ms).
    await page.waitForTimeout(600);
    expect((await header.boundingBox({ timeout: 5_000 }))?.y).toBe(0);
    await expect(header.getByRole('button', { name: /admin/i })).toBeInViewport();
  });
});
