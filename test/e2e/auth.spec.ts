import { ADMIN_PASSWORD, expect, fillSignIn, test } from './fixtures';

test.describe('signing in and out', () => {
  test('both fields are required, and a wrong password is refused with the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please enter the username')).toBeVisible();
    await expect(page.getByText('Please enter the password')).toBeVisible();

    await fillSignIn(page, 'admin', 'not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    // The refusal comes after a real scrypt check on the server: slow on a busy CI machine.
    await expect(page.getByRole('alert')).toHaveText('Username or password is wrong', { timeout: 30_000 });
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('signing in lands on /course with the session stored; signing out clears it all', async ({ page, context }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await fillSignIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login Successful');
    await expect(page).toHaveURL(/\/course$/);
    await expect(page.getByRole('button', { name: 'admin', exact: true })).toBeVisible();

    const stored = await page.evaluate(() => ({
      auth: localStorage.getItem('auth'),
      userInfo: JSON.parse(localStorage.getItem('userInfo') ?? 'null'),
      privileges: JSON.parse(localStorage.getItem('privileges') ?? '[]'),
    }));
    expect(stored.auth).toMatch(/^[\w-]{40,}$/);
    expect(stored.userInfo).toMatchObject({ user_name: 'admin', roles: ['admin'] });
    expect(stored.privileges).toContain('carousel:write');
    expect((await context.cookies()).map((cookie) => cookie.name)).toContain('token');

    await page.getByRole('button', { name: 'admin', exact: true }).click();
    await page.getByRole('menuitem', { name: 'logout' }).click();
    await expect(page.getByRole('alert')).toHaveText('Logout Successful');
    await expect(page).toHaveURL(/\/login$/);
    const after = await page.evaluate(() => [localStorage.getItem('auth'), localStorage.getItem('userInfo'), localStorage.getItem('privileges')]);
    expect(after).toEqual([null, null, null]);
    expect(await context.cookies()).toEqual([]);

    // The session was revoked on the server too, and the screens need a new sign-in.
    const revoked = await fetch(new URL('/api/v1/user/profile', page.url()), { headers: { authorization: `Bearer ${stored.auth}` } });
    expect(revoked.status).toBe(401);
    await page.goto('/carousel_group');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 401 on any call signs out and goes to /login', async ({ page, server, signInAs }) => {
    await signInAs();
    await page.goto('/carousel_group');
    await expect(page.getByRole('heading', { name: 'Carousel groups' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('auth'));
    await server.api('DELETE', '/api/v1/sys/auth', { token: token! });

    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Your session has ended, please log in again');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('a learner is told there is no permission', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, 'demo_learner', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('You have no permission to use the console');
    await expect(page).toHaveURL(/\/login$/);
  });
});
