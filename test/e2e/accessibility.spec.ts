import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { catalogues } from '../../i18n/catalogues';
import type { ConsoleLocale } from '../../i18n/locales';
import { ADMIN_PASSWORD, courseWithChapters, expect, fillSignIn, pageBackground, storeSession, test } from './fixtures';

// WCAG 2.1 A and AA, as issue 20 asks.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LOCALES: ConsoleLocale[] = ['en-US', 'zh-CN', 'ja-JP'];
const LANGUAGE_NAMES: Record<ConsoleLocale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'ja-JP': '日本語' };
const messages = (locale: ConsoleLocale) => catalogues[locale] as any;

/**
 * The settled look is what is audited: without transitions, a colour is never measured halfway
 * from one theme to the other, nor a dialog while it fades in.
 */
async function withoutTransitions(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }';
      document.head.append(style);
    });
  });
}

/** Every WCAG 2.1 A/AA violation (and empty table header) on the page as one line each (rule, impact, where): an empty list passes. */
async function audit(page: Page, where: string, within?: string): Promise<string[]> {
  // Only violations are reported: collecting every pass is most of axe's time on a big page.
  // And one rule past WCAG's: a table's column without a header name, which a screen reader announces as nothing.
  // axe.run in the page itself ('legacy' mode): the default runs each frame apart and joins the parts
  // in a new blank tab, three times the time of an audit here (4.7 s against 1.8 s on /course), for
  // frames of other origins that the console never shows.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_TAGS).options({ resultTypes: ['violations'], rules: { 'empty-table-header': { enabled: true } } });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}, ${violation.nodes.length}) ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}

/** Waits for the screen to have drawn what it loads: no list or tree still busy, no progress shown. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"], .MuiCircularProgress-root, .MuiLinearProgress-root, .MuiSkeleton-root').filter({ visible: true })).toHaveCount(0);
}

/** Whether the colour painted at a point of the page (the first opaque background from the element there up) is a dark one. */
const darkAt = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([x, y]) => {
      for (let element = document.elementFromPoint(x, y); element; element = element.parentElement) {
        const [red, green, blue, alpha = 1] = (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
        if (alpha > 0) return (red + green + blue) / 3 < 128;
      }
      return false;
    },
    [x, y],
  );

/** Switches the theme with the header's button (react-admin's ToggleThemeButton), in place. */
async function chooseTheme(page: Page, locale: ConsoleLocale, theme: 'light' | 'dark') {
  const current = await page.evaluate(() => localStorage.getItem('theme') ?? 'light');
  if (current === theme) return;
  const before = await pageBackground(page);
  await page.locator('header').getByRole('button', { name: messages(locale).ra.action.toggle_theme }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe(theme);
  await expect.poll(() => pageBackground(page)).not.toBe(before);
  // The button's tooltip is not part of the screen: the pointer leaves, and it goes.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

/** Switches the language with the header's menu, in place, and waits for the console to speak it. */
async function chooseLocale(page: Page, locale: ConsoleLocale) {
  const languages = page.locator('header').getByRole('button', { name: /简体中文|English|日本語/ });
  if ((await languages.textContent())?.includes(LANGUAGE_NAMES[locale])) return;
  await languages.click();
  await page.getByRole('menuitem', { name: LANGUAGE_NAMES[locale] }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages(locale).app.title);
}

/** Where a screen is, with its record ids made general: /course/12/chapter and /course/3/chapter are one screen. */
const screenOf = (address: string) => new URL(address, 'http://x').pathname.replace(/\/\d+(?=\/|$)/g, '/:id');

/** The console's own addresses on the page: the menu's entries and the links screens offer (a record's edit, its chapters). */
async function consoleLinks(page: Page, within: string): Promise<string[]> {
  return page.locator(`${within} a[href^="/"]`).evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')!).filter((href) => !/^\/(files|api|uc|register|qr)\b/.test(href)),
  );
}

/**
 * What a screen offers to open over itself: a record's detail (its title), a modal form (a create
 * button that is not a link), the delete confirmation and a video's player. Each is opened, audited and closed.
 */
const DIALOG_OPENERS = [
  { name: 'detail', opener: '[data-testid="list-results"] button.MuiLink-root' },
  // A form's own Save is a submit button, not an opener.
  { name: 'form', opener: '#main-content .MuiToolbar-root button.MuiButton-contained:not([type="submit"])' },
  { name: 'delete', opener: '[data-testid="list-results"] button.MuiButton-colorError' },
  // A video version's player.
  { name: 'preview', opener: '#main-content button:has(svg[data-testid="PlayCircleOutlineIcon"])' },
  // The record picker of a filter or a form (a course, a learner...).
  { name: 'picker', opener: '#main-content [data-testid$="-chosen"] button' },
];

async function auditDialogs(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const { name, opener } of DIALOG_OPENERS) {
    const button = page.locator(opener).first();
    if ((await button.count()) === 0 || !(await button.isVisible())) continue;
    // From the keyboard, as anyone may open it.
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await settled(page);
    // The screen behind was audited a moment ago: the dialog alone is what is new.
    found.push(...(await audit(page, `${where} ${name} dialog`, '[role="dialog"]')));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
  return found;
}

test.describe('accessibility (WCAG 2.1 AA, axe-core)', () => {
  // The screens are walked in two halves (alternate menu entries and what they link to), each with
  // its own time limit: whole, it once passed 10 min on a busy machine (3.5 min alone then, 2.2 min
  // since axe runs in the page).
  for (const half of [0, 1]) test(`every screen and its dialogs (half ${half + 1} of 2), in both themes and all three languages (one combination a screen in CI, all with E2E_FULL=1), signed in`, async ({ page, signInAs }) => {
    test.setTimeout(process.env.A11Y_TRACE || process.env.E2E_FULL ? 3_600_000 : 600_000);
    page.setDefaultTimeout(15_000);
    await withoutTransitions(page);
    await signInAs();
    await page.goto('/course');
    await settled(page);

    // The screens come from the console itself: every menu entry (all groups opened), then every
    // screen a visited one links to (edits, chapters, a series' detail), one address per screen.
    const closedGroups = page.locator('nav > [aria-expanded="false"]');
    while ((await closedGroups.count()) > 0) await closedGroups.first().click();
    const menu = await consoleLinks(page, 'nav');
    // Every menu screen is someone's: neither half follows a link to one the other half audits.
    const seen = new Set(menu.map(screenOf));
    const queue = menu.filter((_, index) => index % 2 === half);
    const findings: string[] = [];
    const audited: string[] = [];
    const started = Date.now();
    let reported = 0;

    const menuEntries = queue.length;
    for (let next = 0; next < queue.length; next++) {
      const address = queue[next];
      if (process.env.A11Y_TRACE) console.log(`${address} ...`);
      await page.goto(address);
      await expect(page.locator('header')).toBeVisible();
      await settled(page);
      // The menu's screens lead to the others; those are audited, not followed further.
      for (const link of next < menuEntries ? await consoleLinks(page, '#main-content') : []) {
        if (seen.has(screenOf(link))) continue;
        seen.add(screenOf(link));
        queue.push(link);
      }
      // Theme and language change in place, through the header, as a user would: one load per screen.
      // CI audits each screen in one of the six combinations, taken in turn, so every screen and every
      // combination is audited in each run within CI's time; E2E_FULL=1 audits every screen in all six.
      const combinations = LOCALES.flatMap((locale) => (['light', 'dark'] as const).map((theme) => ({ locale, theme })));
      for (const [index, { locale, theme }] of combinations.entries()) {
        if (!process.env.E2E_FULL && index !== next % combinations.length) continue;
        await chooseLocale(page, locale);
        await chooseTheme(page, locale, theme);
        await settled(page);
        findings.push(...(await audit(page, `${address} ${locale} ${theme}`)));
        findings.push(...(await auditDialogs(page, `${address} ${locale} ${theme}`)));
      }
      audited.push(address);
      if (process.env.A11Y_TRACE) console.log(`${address} ${Date.now() - started} ms\n${findings.slice(reported).join('\n')}`);
      reported = findings.length;
    }
    console.log(`audited ${audited.length} screens: ${audited.join(' ')}`);
    if (process.env.A11Y_TRACE) console.log(findings.join('\n'));
    expect(findings).toEqual([]);
    expect(audited.length).toBeGreaterThan(8);
  });

  test('signed out (sign-in, QR sign-in, registration, QR confirm; half of them a combination in CI, all with E2E_FULL=1) and a phone-wide window', async ({ page, signInAs }) => {
    test.setTimeout(240_000);
    page.setDefaultTimeout(15_000);
    await withoutTransitions(page);
    const findings: string[] = [];

    // The sign-in page follows the stored theme and ?locale=; the standalone pages follow the system's colour scheme.
    // Four pages in six combinations: CI audits each combination on two of the pages, so that every
    // page is audited in all three languages and both themes; E2E_FULL=1 audits all four in all six.
    for (const [localeIndex, locale] of LOCALES.entries()) {
      for (const [themeIndex, theme] of (['light', 'dark'] as const).entries()) {
        const audited = (page: number) => Boolean(process.env.E2E_FULL) || (page + localeIndex + themeIndex) % 2 === 0;
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`/login?locale=${locale}`);
        await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
        await page.reload();
        await expect(page.locator('input[name="password"]')).toBeVisible();
        // Around the card, the page is the theme's too, and the standalone pages below are painted the same.
        expect(await darkAt(page, 2, 2)).toBe(theme === 'dark');
        const consoleBackground = await pageBackground(page);
        if (audited(0)) findings.push(...(await audit(page, `/login ${locale} ${theme}`)));
        await page.getByRole('tab').nth(1).click();
        await expect(page.getByTestId('qr-link')).toBeVisible();
        if (audited(1)) findings.push(...(await audit(page, `/login QR ${locale} ${theme}`)));
        const qrConfirm = new URL((await page.getByTestId('qr-link').getAttribute('href'))!);
        const standalone = [`/register?tenant_id=1&locale=${locale}`, `${qrConfirm.pathname}${qrConfirm.search}&locale=${locale}`];
        for (const [index, address] of standalone.entries()) {
          if (!audited(index + 2)) continue;
          await page.goto(address);
          await expect(page.locator('input, .error').first()).toBeVisible();
          expect(await pageBackground(page), `${address} ${theme}`).toBe(consoleBackground);
          findings.push(...(await audit(page, `${address.split('?')[0]} ${locale} ${theme}`)));
        }
      }
    }

    // A phone-wide window: the menu becomes a drawer, tables scroll in their box.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login?locale=en-US');
    findings.push(...(await audit(page, '/login 390px')));
    await signInAs();
    for (const address of ['/course', '/course_category', '/enroll_statis', '/user']) {
      await page.goto(address);
      await expect(page.locator('header')).toBeVisible();
      await settled(page);
      for (const theme of ['light', 'dark'] as const) {
        await chooseTheme(page, 'en-US', theme);
        findings.push(...(await audit(page, `${address} 390px ${theme}`)));
      }
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    findings.push(...(await audit(page, 'menu drawer 390px dark')));
    if (process.env.A11Y_TRACE) console.log(findings.join('\n'));
    expect(findings).toEqual([]);
  });

  test("a screen the session may not open says so readably: 'Access denied' in both themes", async ({ page, server }) => {
    await withoutTransitions(page);
    await storeSession(page, await server.signIn('demo_tenant_admin', ADMIN_PASSWORD));
    await page.goto('/course');
    await expect(page.getByText('Access denied')).toBeVisible();
    expect(await audit(page, 'access denied, light')).toEqual([]);
    await chooseTheme(page, 'en-US', 'dark');
    await expect(page.getByText('Access denied')).toBeVisible();
    expect(await audit(page, 'access denied, dark')).toEqual([]);
  });

  test('every kind of toast is readable in both themes: a refused sign-in (error), a sign-in (success), a chapter moved (info)', async ({ page, server }) => {
    await withoutTransitions(page);
    const { token } = await server.signIn();
    const course = await courseWithChapters(server, token, 'toasts', ['One', 'Two']);

    const findings: string[] = [];
    /** The toast on screen, held there by the pointer (a toast waits while it is pointed at), audited alone. */
    const auditToast = async (text: string, where: string) => {
      const toast = page.getByRole('alert').filter({ hasText: text });
      await expect(toast).toBeVisible({ timeout: 30_000 });
      await toast.hover();
      findings.push(...(await audit(page, where, '[role="alert"]')));
      await page.mouse.move(0, 0);
    };
    for (const theme of ['light', 'dark'] as const) {
      await page.goto('/login?locale=en-US');
      await page.evaluate((chosen) => {
        localStorage.clear();
        localStorage.setItem('theme', chosen);
      }, theme);
      await page.reload();
      await fillSignIn(page, 'admin', 'not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await auditToast('Username or password is wrong', `sign-in refused, ${theme}`);
      await fillSignIn(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await auditToast('Login Successful', `signed in, ${theme}`);

      await page.goto(`/course/${course.id}/chapter`);
      const first = page.getByTestId('chapter').first();
      await first.getByTestId('chapter-row').getByRole('button', { name: 'Move down' }).focus();
      await page.keyboard.press('Alt+ArrowDown');
      await auditToast('is now 2 of 2', `chapter moved, ${theme}`);
    }
    expect(findings).toEqual([]);
  });

  test("a row under the pointer keeps its actions readable: a series' remove button on the hovered row, in both themes", async ({ page, signInAs }) => {
    await withoutTransitions(page);
    await signInAs();
    await page.goto('/series/1/detail');
    await settled(page);
    const findings: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await chooseTheme(page, 'en-US', theme);
      const row = page.locator('tbody tr').filter({ has: page.getByRole('button', { name: 'Remove' }) }).first();
      await row.hover();
      findings.push(...(await audit(page, `/series/1/detail hovered row ${theme}`, 'tbody')));
    }
    expect(findings).toEqual([]);
  });
});
