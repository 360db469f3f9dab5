import { expect, searchFor, test, unique } from './fixtures';

test.describe('carousel groups', () => {
  test('create: the rules show under the fields, a duplicate code shows the server message, a good one is saved', async ({ page, signInAs }) => {
    const ucode = unique('cg');
    await signInAs();
    await page.goto('/carousel_group');
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/carousel_group\/create$/);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('[name=\"ucode\"]')).toHaveAccessibleDescription('Required');
    await expect(page.locator('[name=\"name\"]')).toHaveAccessibleDescription('Required');

    await page.getByLabel('Code (ucode)').fill('not a code');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('[name=\"ucode\"]')).toHaveAccessibleDescription('Only letters, digits, "-" and "_"');

    await page.getByLabel('Code (ucode)').fill('home');
    await page.getByLabel('Name').fill('Duplicate of the demo group');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Code (ucode) "home" is already in use');
    await expect(page.locator('[name="ucode"]')).toHaveAccessibleDescription('"home" is already in use');
    await expect(page).toHaveURL(/\/carousel_group\/create$/);

    await page.getByLabel('Code (ucode)').fill(ucode);
    await page.getByLabel('Name').fill('Summer banners');
    await page.getByLabel('Description').fill('Shown in June');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Create success.');
    await expect(page).toHaveURL(/\/carousel_group(\?.*)?$/);
    await searchFor(page, ucode);
    await expect(page.getByTestId('record-card')).toHaveCount(1);
    await expect(page.getByTestId('record-card')).toContainText('Summer banners');
    await expect(page.getByTestId('record-card')).toContainText('Shown in June');
  });

  test('edit at /carousel_group/edit/:id, then delete', async ({ page, server, signInAs }) => {
    const ucode = unique('cg');
    const { token } = await server.signIn();
    const created = await server.api('POST', '/api/v1/carousel_groups', { token, body: { ucode, name: 'Before' } });
    await signInAs();
    await page.goto('/carousel_group');
    await searchFor(page, ucode);
    await expect(page.getByTestId('record-card')).toHaveCount(1);
    await page.getByTestId('record-card').getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/carousel_group/edit/${created.body.data.id}$`));
    await expect(page.getByLabel('Name')).toHaveValue('Before');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Edit Carousel group: Before');

    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('[name=\"name\"]')).toHaveAccessibleDescription('Required');
    await page.getByLabel('Name').fill('After');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Edit Success');
    await searchFor(page, ucode);
    await expect(page.getByTestId('record-card')).toHaveCount(1);
    await expect(page.getByTestId('record-card')).toContainText('After');
    expect((await server.api('GET', `/api/v1/carousel_groups/${created.body.data.id}`, { token })).body.data.name).toBe('After');

    await page.getByTestId('record-card').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Delete success');
    await expect(page.getByText('No data')).toBeVisible();
    expect((await server.api('GET', `/api/v1/carousel_groups/${created.body.data.id}`, { token })).status).toBe(404);
  });

  test('cancel leaves the form without saving; an unknown or malformed id shows the not-found page', async ({ page, server, signInAs }) => {
    const { token } = await server.signIn();
    const before = (await server.api('GET', '/api/v1/carousel_groups', { token })).body.data.total;
    await signInAs();
    await page.goto('/carousel_group');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('Code (ucode)').fill(unique('cancelled'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/carousel_group$/);
    expect((await server.api('GET', '/api/v1/carousel_groups', { token })).body.data.total).toBe(before);

    for (const id of ['999999', 'abc']) {
      await page.goto(`/carousel_group/edit/${id}`);
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/carousel_group/edit/${id}$`));
      // No toast: the page says it all.
      await page.waitForTimeout(500);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.locator('form')).toHaveCount(0);
    }
  });

  test('the same screens in Chinese', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/carousel_group?locale=zh-CN');
    await expect(page.getByRole('heading', { name: '轮播图分组' })).toBeVisible();
    await page.getByRole('link', { name: '新建' }).click();
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.locator('[name=\"ucode\"]')).toHaveAccessibleDescription('必填');
    await page.getByLabel('分组编码（ucode）').fill('有空格 的');
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.locator('[name=\"ucode\"]')).toHaveAccessibleDescription('只能包含字母、数字、“-”和“_”');
  });
});
