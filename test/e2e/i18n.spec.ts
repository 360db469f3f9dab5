import { expect, test } from './fixtures';

const titles = { 'zh-CN': '后台管理', 'en-US': 'backstage management', 'ja-JP': 'バックステージ管理' };
const languageNames = { 'zh-CN': '简体中文', 'en-US': 'English', 'ja-JP': '日本語' };

test.describe('languages', () => {
  test('every language can be chosen from the header, and the choice is kept', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/carousel_group');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles['en-US']);

    for (const [locale, title] of Object.entries(titles) as [keyof typeof titles, string][]) {
      await page.locator('header').getByRole('button', { name: /简体中文|English|日本語/ }).click();
      await page.getByRole('menuitem', { name: languageNames[locale] }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // The browser tab follows the language too.
      await expect(page).toHaveTitle(title);
      expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe(locale);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    }
    // Japanese everywhere: menu, list machinery, and after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles['ja-JP']);
    await expect(page).toHaveTitle(titles['ja-JP']);
    await expect(page.getByRole('heading', { name: 'カルーセルグループ' })).toBeVisible();
    // Other tests on this worker's server add groups, so the numbers vary; the wording must not.
    await expect(page.getByTestId('list-range')).toHaveText(/^表示：1-\d+、全 \d+ 件$/);
    await expect(page.getByRole('button', { name: 'コース管理' })).toBeVisible();
  });

  test('server messages follow the chosen language', async ({ page }) => {
    await page.goto('/login?locale=zh-CN');
    await page.locator('input[name="login_name"]').fill('admin');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
  });

  test('on a phone the header stays one row in every language: title, language, theme and user all in the window', async ({ page, signInAs }, testInfo) => {
    await signInAs('demo_tenant_admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/user');
    const header = page.locator('header');
    for (const [locale, title] of Object.entries(titles) as [keyof typeof titles, string][]) {
      // The language button keeps its language's name, shown or not.
      await header.getByRole('button', { name: /简体中文|English|日本語/ }).click();
      await page.getByRole('menuitem', { name: languageNames[locale] }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(header.getByRole('button', { name: languageNames[locale] })).toBeVisible();
      // One toolbar row (it was three, the language's name a character to a line), the title given room.
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
      expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.width).toBeGreaterThan(60);
      // Every button of the header inside the window (the user's name ran past its edge).
      for (const button of await header.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.x + box.width, await button.getAttribute('aria-label') ?? (await button.textContent()) ?? '').toBeLessThanOrEqual(390);
      }
      await page.screenshot({ path: testInfo.outputPath(`header-${locale}-390.png`) });
    }
    // The user's button is named by the user, and opens the user's menu.
    await header.getByRole('button', { name: 'demo_tenant_admin', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'ログアウト' })).toBeVisible();
  });
});

test.describe('which language the console starts in', () => {
  test('?locale= comes first, and is kept', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
    await page.goto('/login?locale=ja-JP');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles['ja-JP']);
    await expect(page).toHaveTitle(titles['ja-JP']);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('ja-JP');
  });

  test('then the stored choice, over the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('locale', 'en-US'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles['en-US']);
    await context.close();
  });

  test('then the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles['ja-JP']);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBeNull();
    await context.close();
  });

  test('and Chinese when the browser speaks none of ours', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles['zh-CN']);
    await expect(page.getByRole('tab', { name: '账号登录' })).toBeVisible();
    await context.close();
  });
});
