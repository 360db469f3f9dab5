import type { Browser, Page } from '@playwright/test';
import { ADMIN_PASSWORD, expect, startServer, test } from './fixtures';

const PHONE = { viewport: { width: 390, height: 844 }, userAgent: 'Mozilla/5.0 (iPhone) MiniProgram/8.0', locale: 'en-US' };

async function showCode(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Scan to log in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to log in' })).toBeVisible();
  return page.getByTestId('qr-link').getAttribute('href');
}

/** A phone opens the code's link and signs in to the platform there. */
async function openOnPhone(browser: Browser, link: string, loginName = 'admin') {
  const phone = await browser.newContext(PHONE);
  const page = await phone.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Console login' })).toBeVisible();
  await page.getByLabel('Username').fill(loginName);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  return { phone, page };
}

test.describe('QR sign-in', () => {
  test('a phone confirms the code and the console lands on /course within one poll', async ({ page, browser }) => {
    const answers: number[] = [];
    page.on('response', (response) => response.url().endsWith('/qrcode/check') && answers.push(response.status()));
    const link = await showCode(page);
    expect(link).toMatch(/\/qr\/confirm\?ticket=[\w-]{40,}$/);
    await expect(page.getByRole('status')).toHaveText('Scan the code with the mini-program to log in');
    // Waiting is a failure with 202 (success only hands over the session), and the console goes on asking.
    await expect.poll(() => answers.length, { timeout: 8_000 }).toBeGreaterThan(0);
    expect(answers[0]).toBe(202);

    const { phone, page: phonePage } = await openOnPhone(browser, link!);
    await expect(phonePage.getByText(/The console at http:\/\/127\.0\.0\.1:\d+ asks to log in as you\./)).toBeVisible();
    await expect(phonePage.locator('dd').first()).toContainText('HeadlessChrome');
    await expect(page.getByRole('status')).toHaveText('Scanned: confirm the login on your phone');

    await phonePage.getByRole('button', { name: 'Confirm login' }).click();
    await expect(phonePage.getByRole('status')).toHaveText('Login confirmed. The console is signing you in.');
    // Within one poll: at most one more check, once the server has the confirmation, collects the
    // session (a loaded machine may take a while to answer it, hence no stopwatch here).
    const checks: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/v1/auth/qrcode/check') && checks.push(request.url()));
    await expect(page).toHaveURL(/\/course$/, { timeout: 15_000 });
    expect(checks.length).toBeLessThanOrEqual(1);
    await expect(page.getByRole('alert')).toHaveText('Login Successful');
    await expect(page.getByRole('button', { name: 'admin', exact: true })).toBeVisible();
    const stored = await page.evaluate(() => ({ auth: localStorage.getItem('auth'), privileges: localStorage.getItem('privileges') }));
    expect(stored.auth).toMatch(/^[\w-]{40,}$/);
    expect(JSON.parse(stored.privileges!)).toContain('carousel:read');

    // The link opened again: the code is spent, so the page says so and offers nothing to press.
    await phonePage.reload();
    await expect(phonePage.getByRole('status')).toHaveText('This code has already been used to log in.');
    await expect(phonePage.getByRole('button', { name: 'Confirm login' })).toHaveCount(0);
    await phone.close();
  });

  test('a refusal on the phone reaches the console, which offers a new code', async ({ page, browser }) => {
    const link = await showCode(page);
    const { phone, page: phonePage } = await openOnPhone(browser, link!);
    await phonePage.getByRole('button', { name: 'Refuse' }).click();
    await expect(phonePage.getByRole('status')).toHaveText('Login refused. Nobody was signed in.');
    await expect(page.getByRole('status')).toHaveText('The login was refused on the phone');
    // The link opened again offers no second chance to confirm.
    await phonePage.reload();
    await expect(phonePage.getByRole('status')).toHaveText('This login was refused. To log in, scan a new code on the console.');
    await expect(phonePage.getByRole('button', { name: 'Confirm login' })).toHaveCount(0);
    await expect(phonePage.getByRole('button', { name: 'Refuse' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('status')).toHaveText('Scan the code with the mini-program to log in');
    await expect(page.getByTestId('qr-link')).toHaveAttribute('href', /ticket=/);
    await expect(page.getByTestId('qr-link')).not.toHaveAttribute('href', link!);
    await expect(page).toHaveURL(/\/login$/);
    await phone.close();
  });

  test('a learner cannot confirm: the phone says there is no permission', async ({ page, browser }) => {
    const link = await showCode(page);
    const { phone, page: phonePage } = await openOnPhone(browser, link!, 'demo_learner');
    await phonePage.getByRole('button', { name: 'Confirm login' }).click();
    await expect(phonePage.getByRole('alert')).toHaveText('You have no permission to use the console');
    await expect(page.getByRole('status')).toHaveText('Scanned: confirm the login on your phone');
    await phone.close();
  });

  test('the confirm page speaks the phone\'s language', async ({ page, browser }) => {
    const link = await showCode(page);
    const phone = await browser.newContext({ ...PHONE, locale: 'ja-JP' });
    const phonePage = await phone.newPage();
    await phonePage.goto(link!);
    await expect(phonePage.getByRole('heading', { name: 'コンソールへのログイン' })).toBeVisible();
    await expect(phonePage.getByText('続けるにはプラットフォームにログインしてください')).toBeVisible();
    await phone.close();
  });

  test('leaving QR mode stops the polling', async ({ page }) => {
    const checks: number[] = [];
    page.on('request', (request) => request.url().endsWith('/api/v1/auth/qrcode/check') && checks.push(Date.now()));
    await showCode(page);
    await expect.poll(() => checks.length, { timeout: 8_000 }).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Account login' }).click();
    const seen = checks.length;
    await page.waitForTimeout(4_000);
    expect(checks.length).toBe(seen);
  });
});

test.describe('an expiring code', () => {
  test('shows that the code expired, stops polling, and a refresh brings a new code that is polled again', async ({ page }) => {
    test.setTimeout(90_000);
    // Long enough that a busy machine still draws the new code and polls it once before it expires.
    const short = await startServer({ QR_TTL_SECONDS: '8' });
    try {
      const checks: string[] = [];
      page.on('response', (response) => response.url().endsWith('/qrcode/check') && checks.push(String(response.status())));
      await page.goto(`${short.server.url}/login`);
      await page.getByRole('tab', { name: 'Scan to log in' }).click();
      await expect(page.getByRole('status')).toHaveText('The QR code has expired, please refresh it', { timeout: 20_000 });
      expect(checks.at(-1)).toBe('404');
      const afterExpiry = checks.length;
      await page.waitForTimeout(3_500);
      expect(checks.length).toBe(afterExpiry);

      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByRole('status')).toHaveText('Scan the code with the mini-program to log in');
      // The new code is asked about again, and is alive: still waiting, 202 (a confirmed one is covered above).
      await expect.poll(() => checks.slice(afterExpiry), { timeout: 7_000 }).toContain('202');
    } finally {
      await short.stop();
    }
  });
});
