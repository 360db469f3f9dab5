import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD, expect, fillSignIn, test } from './fixtures';

/** Every main-frame navigation of `page`, the first being the document's own load. */
function recordNavigations(page: Page) {
  const navigations: { url: string; at: number }[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push({ url: frame.url(), at: Date.now() });
  });
  return navigations;
}

test.describe('a signed-out visit', () => {
  for (const path of ['/', '/course', '/carousel_group/edit/1']) {
    test(`to ${path} redirects once to a still sign-in page`, async ({ page }) => {
      // Playwright gives each test a fresh context: nothing stored, no cookie.
      const navigations = recordNavigations(page);
      const started = Date.now();
      await page.goto(path);
      await expect(page.locator('input[name="login_name"]')).toBeVisible({ timeout: 4_000 });
      const formShownAfter = Date.now() - started;
      await page.waitForTimeout(3_000);

      // After the load: react-router's first history entry and the redirect, nothing more.
      const inPage = navigations.slice(1);
      expect(inPage.length, JSON.stringify(navigations)).toBeLessThanOrEqual(2);
      expect(new URL(navigations.at(-1)!.url).pathname).toBe('/login');
      expect(Date.now() - navigations.at(-1)!.at).toBeGreaterThanOrEqual(2_900);
      expect(formShownAfter).toBeLessThan(4_000);
      await expect(page.locator('input[name="login_name"]')).toBeVisible();
    });
  }

  test('signing in from a deep link lands where the user wanted to go', async ({ page, server }) => {
    const { token } = await server.signIn();
    const created = await server.api('POST', '/api/v1/carousel_groups', { token, body: { ucode: `deep${Date.now()}`, name: 'Deep link target' } });
    const id = created.body.data.id;
    await page.goto(`/carousel_group/edit/${id}`);
    await expect(page).toHaveURL(/\/login$/);
    await fillSignIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/carousel_group/edit/${id}$`));
    await expect(page.getByLabel('Name')).toHaveValue('Deep link target');
  });
});

test('/login while signed in goes to the console instead of the form', async ({ page, signInAs }) => {
  await signInAs();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/course$/);
  await expect(page.getByRole('button', { name: 'admin' })).toBeVisible();
  await expect(page.locator('input[name="login_name"]')).toHaveCount(0);
});
