import { ADMIN_PASSWORD, expect, fillSignIn, test } from './fixtures';

test.describe('changing the password', () => {
  test('the rules are checked, a wrong old password is refused, and the new one works', async ({ page, server, signInAs }) => {
    const newPassword = 'changed-password-1';
    await signInAs();
    await page.goto('/carousel_group');
    await page.getByRole('button', { name: 'admin', exact: true }).click();
    await page.getByRole('menuitem', { name: 'edit password' }).click();
    await expect(page).toHaveURL(/\/password\/update$/);

    const raw = page.locator('input[name="raw_password"]');
    const fresh = page.locator('input[name="new_password"]');
    const confirm = page.locator('input[name="confirm_password"]');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('[name=\"raw_password\"]')).toHaveAccessibleDescription('Required');

    await raw.fill(ADMIN_PASSWORD);
    await fresh.fill(newPassword);
    await confirm.fill('something-else');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('[name=\"confirm_password\"]')).toHaveAccessibleDescription('Two inconsistent password input');

    await raw.fill('not-my-password');
    await confirm.fill(newPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password Error');
    await expect(page.locator('[name=\"raw_password\"]')).toHaveAccessibleDescription('Password Error');

    try {
      await raw.fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toHaveText('Password changed');

      await page.getByRole('button', { name: 'admin', exact: true }).click();
      await page.getByRole('menuitem', { name: 'logout' }).click();
      await fillSignIn(page, 'admin', ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('alert')).toHaveText('Username or password is wrong');
      await fillSignIn(page, 'admin', newPassword);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/course$/);
    } finally {
      // The other tests of this worker sign in with the original password.
      const { token } = await server.signIn('admin', newPassword).catch(() => ({ token: '' }));
      if (token)
        await server.api('PUT', '/uc/v1/users/actions/update_password', {
          token,
          body: { raw_password: newPassword, new_password: ADMIN_PASSWORD, confirm_password: ADMIN_PASSWORD },
        });
    }
  });

  test('cancel goes back', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/carousel_group');
    await page.goto('/password/update');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/carousel_group$/);
  });
});
