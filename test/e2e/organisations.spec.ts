import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD, expect, fillSignIn, screenPairs, searchFor, shoot, shootAtWidths, test, unique, type RunningServer } from './fixtures';

/** One organisation and its learners, made by the first test and used by the ones after it. */
const made = {
  tenantName: unique('Harbour School'),
  tenantCode: unique('harbour').replace(/[^A-Za-z0-9_-]/g, '_'),
  tenantId: 0,
  registrationUrl: '',
  learner: unique('learner').replace('-', '.'),
  learnerPassword: 'learner-pass-1',
};

/** Empties the search box and waits for more than the one searched record. */
async function clearSearch(page: Page) {
  await page.getByPlaceholder(/^(search|搜索|検索)$/i).fill('');
  await expect.poll(() => page.locator('[data-testid="record-card"], tbody tr').count()).toBeGreaterThan(1);
}

/** The platform sign-in a learner's app uses: the answer's status and message. */
async function platformSignIn(server: RunningServer, loginName: string, password: string) {
  const answer = await server.api('POST', '/api/v1/auth', { body: { login_name: loginName, password } });
  return { status: answer.status, message: answer.body.message as string, token: answer.body.data?.token as string };
}

test.describe.configure({ mode: 'serial' });

test.describe('organisations', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('an operator creates a tenant and copies its registration link; a learner registers through it in Japanese', async ({ page, browser, server, signInAs }, testInfo) => {
    await signInAs();
    await page.goto('/tenant');
    await expect(page.getByRole('heading', { name: 'Tenants' })).toBeVisible();
    await page.getByRole('button', { name: 'Create' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Tenant name').fill(made.tenantName);
    await form.getByLabel('Tenant code').fill(made.tenantCode);
    await form.getByLabel('Description').fill('A school by the sea');
    await form.getByLabel('Admin user name').fill(`${made.tenantCode}_admin`);
    // The administrator's password is typed once, as a password, and never shown again.
    await expect(form.getByLabel('Admin password')).toHaveAttribute('type', 'password');
    await form.getByLabel('Admin password').fill('harbour-admin-pass');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Create success.');

    await searchFor(page, made.tenantName);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(made.tenantCode);
    await card.getByRole('button', { name: 'Copy registration URL' }).click();
    await expect(page.getByRole('alert')).toHaveText('Copy Successful');
    made.registrationUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(made.registrationUrl).toMatch(new RegExp(`^${server.url.replace('127.0.0.1', '(127\\.0\\.0\\.1|localhost)')}/register\\?tenant_id=\\d+$`));
    made.tenantId = Number(new URL(made.registrationUrl).searchParams.get('tenant_id'));
    // Editing offers the tenant's own fields, not the administrator's.
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog').getByLabel('Tenant name')).toHaveValue(made.tenantName);
    await expect(page.getByRole('dialog').getByLabel('Admin password')).toHaveCount(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // It has its administrator: the delete is refused with the server's reason.
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText(`The tenant "${made.tenantName}" still has one user and cannot be deleted: delete or move the user first`);
    await expect(card).toHaveCount(1);
    await clearSearch(page);
    await shootAtWidths(page, testInfo, 'tenant-en');

    // Signed out, in a browser that speaks Japanese.
    const phone = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
    const visitor = await phone.newPage();
    await visitor.goto(made.registrationUrl);
    await expect(visitor.getByRole('heading', { name: 'アカウント登録' })).toBeVisible();
    await expect(visitor.getByText(`参加する組織：${made.tenantName}`)).toBeVisible();
    await shoot(visitor, testInfo, 'register-ja-390');
    // Checked before sending: required, the password rules, typed twice alike.
    await visitor.getByRole('button', { name: '登録する' }).click();
    await expect(visitor.locator('#user_name-error')).toHaveText('必須項目です');
    await visitor.getByLabel('ユーザー名').fill('demo_learner');
    await visitor.getByLabel('パスワード', { exact: true }).fill(made.learnerPassword);
    await visitor.getByLabel('パスワード（確認）').fill('something-else');
    await visitor.getByRole('button', { name: '登録する' }).click();
    await expect(visitor.locator('#confirm_password-error')).toHaveText('2 回入力したパスワードが一致しません');
    // A taken name is the server's 409, shown under the name.
    await visitor.getByLabel('パスワード（確認）').fill(made.learnerPassword);
    await visitor.getByRole('button', { name: '登録する' }).click();
    await expect(visitor.locator('#user_name-error')).toContainText('demo_learner');
    await shoot(visitor, testInfo, 'register-ja-390-errors');
    await visitor.getByLabel('ユーザー名').fill(made.learner);
    await visitor.getByLabel('メールアドレス').fill('learner@example.com');
    await visitor.getByRole('button', { name: '登録する' }).click();
    await expect(visitor.getByRole('status')).toContainText('アカウントを作成しました');
    await expect(visitor.getByRole('status')).toContainText('アプリにログインできます');
    await shoot(visitor, testInfo, 'register-ja-390-done');

    // In Chinese (the language switcher), and a link naming no organisation: no form, a clear message.
    await visitor.goto(`${server.url}/register?tenant_id=999999`);
    await visitor.getByLabel('言語').selectOption('zh-CN');
    await expect(visitor.getByRole('alert')).toHaveText('该机构不存在，请向您的机构索取新的注册链接。');
    await expect(visitor.locator('form')).toHaveCount(0);
    await visitor.goto(made.registrationUrl);
    await expect(visitor.getByRole('heading', { name: '注册账号' })).toBeVisible();
    await shoot(visitor, testInfo, 'register-zh-390');
    await visitor.setViewportSize({ width: 1440, height: 900 });
    await shoot(visitor, testInfo, 'register-zh-1440');
    await phone.close();

    // The learner belongs to the tenant the link named.
    const { token } = await server.signIn();
    const found = await server.api('GET', `/uc/v1/system/users?keyword=${encodeURIComponent(made.learner)}`, { token });
    expect(found.body.data.items).toEqual([expect.objectContaining({ user_name: made.learner, tenant_id: made.tenantId, email: 'learner@example.com' })]);
  });

  test('/user in Chinese: deactivating the learner refuses its sign-in, activating allows it again; email shows through the columns button', async ({ page, server, signInAs }, testInfo) => {
    expect((await platformSignIn(server, made.learner, made.learnerPassword)).status).toBe(200);
    await signInAs();
    await page.goto('/user?locale=zh-CN');
    await expect(page.getByRole('heading', { name: '用户' })).toBeVisible();
    await searchFor(page, made.learner);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(made.tenantName);
    await expect(card).toContainText('正常');
    // Email and mobile are hidden until shown.
    await expect(card).not.toContainText('learner@example.com');

    await card.getByRole('button', { name: '停用' }).click();
    await expect(page.getByRole('dialog')).toContainText(`确定停用 ${made.learner} 吗？`);
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect(page.getByRole('alert')).toHaveText('已停用该用户');
    await expect(card).toContainText('已停用');
    await expect(card.getByRole('button', { name: '启用' })).toBeVisible();
    const refused = await platformSignIn(server, made.learner, made.learnerPassword);
    expect(refused.status).not.toBe(200);
    expect(refused.message).toBe('This account has been deactivated');

    await card.getByRole('button', { name: '启用' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect(page.getByRole('alert')).toHaveText('已启用该用户');
    await expect(card.getByRole('button', { name: '停用' })).toBeVisible();
    expect((await platformSignIn(server, made.learner, made.learnerPassword)).status).toBe(200);

    // The table's columns button shows the hidden email; the choice is remembered.
    await page.getByRole('button', { name: '表格视图' }).click();
    await expect(page.getByRole('columnheader', { name: '邮箱' })).toHaveCount(0);
    await page.getByRole('button', { name: '列', exact: true }).click();
    await page.getByRole('option').filter({ hasText: '邮箱' }).locator('label').click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: '邮箱' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('columnheader', { name: '邮箱' })).toBeVisible();
    await clearSearch(page);
    await shootAtWidths(page, testInfo, 'user-zh-table');
    await page.getByRole('button', { name: '卡片视图' }).click();
    await shootAtWidths(page, testInfo, 'user-zh-cards');
  });

  test('/user_audit: a learner applies through the API; the operator approves one application and rejects another, each confirmed', async ({ page, server, signInAs }, testInfo) => {
    const { token: adminToken } = await server.signIn();
    const academy = (await server.api('GET', '/uc/v1/tenants?keyword=demo', { token: adminToken })).body.data.items[0];
    // A second learner of the new tenant, to be refused.
    const second = unique('second').replace('-', '.');
    const registered = await server.api('POST', '/uc/v1/users/register', { body: { tenant_id: made.tenantId, user_name: second, password: made.learnerPassword } });
    expect(registered.status).toBe(200);
    for (const name of [made.learner, second]) {
      const { token } = await platformSignIn(server, name, made.learnerPassword);
      const applied = await server.api('POST', '/uc/v1/applies', { token, body: { to_tenant_id: academy.tenant_id } });
      expect(applied.status).toBe(200);
    }

    await signInAs();
    await page.goto('/user_audit');
    await expect(page.getByRole('heading', { name: 'Transfer applications' })).toBeVisible();
    await shootAtWidths(page, testInfo, 'user_audit-en');
    await searchFor(page, made.learner);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(made.tenantName);
    await expect(card).toContainText(academy.display_name);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Approve the move of ${made.learner} from ${made.tenantName} to ${academy.display_name}?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Application approved');
    // Pending first: the decided one leaves the list; with every status it shows its decision, no buttons.
    await expect(card).toHaveCount(0);
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Approved' }).click();
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Approved');
    await expect(card.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const moved = await server.api('GET', `/uc/v1/system/users?keyword=${encodeURIComponent(made.learner)}`, { token: adminToken });
    expect(moved.body.data.items[0].tenant_id).toBe(academy.tenant_id);

    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await searchFor(page, second);
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Application rejected');
    const stayed = await server.api('GET', `/uc/v1/system/users?keyword=${encodeURIComponent(second)}`, { token: adminToken });
    expect(stayed.body.data.items[0].tenant_id).toBe(made.tenantId);

    // Decided elsewhere meanwhile: the server's reason, not a silent failure.
    const waiting = (await server.api('GET', '/uc/v1/applies?status=pending', { token: adminToken })).body.data.items[0];
    await searchFor(page, waiting.user_name);
    await expect(card).toHaveCount(1);
    await server.api('PUT', `/uc/v1/applies/${waiting.tenant_transfer_application_id}/reject`, { token: adminToken });
    await card.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('This application has already been rejected');
  });

  test('the tenant administrator sees its menu and its own users only; a learner gets no permission', async ({ page, server, signInAs }, testInfo) => {
    await signInAs('demo_tenant_admin', ADMIN_PASSWORD);
    await page.goto('/?locale=zh-CN');
    // `/` leads to the first screen it may open.
    await expect(page).toHaveURL(/\/user$/);
    // Its menu: user management (users, transfer applications) opened by itself, and enrolments; not the course screens.
    const users = page.getByRole('navigation', { name: '用户管理' });
    await expect(users.getByRole('button', { name: '用户管理' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: '报名管理' }).getByRole('button', { name: '报名管理' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '课程管理' })).toHaveCount(0);
    await expect(users.getByRole('menuitem', { name: '用户', exact: true })).toBeVisible();
    await expect(users.getByRole('menuitem', { name: '学员机构审核' })).toBeVisible();
    await expect(users.getByRole('menuitem', { name: '租户', exact: true })).toHaveCount(0);

    const { token } = await server.signIn('demo_tenant_admin', ADMIN_PASSWORD);
    const own = await server.api('GET', '/uc/v1/system/users?page_size=50', { token });
    const tenantIds = new Set(own.body.data.items.map((item: { tenant_id: number }) => item.tenant_id));
    expect(tenantIds.size).toBe(1);
    await expect(page.getByText(new RegExp(`共 ?${own.body.data.total}`))).toBeVisible();
    // No organisation filter: there is only its own.
    await expect(page.getByRole('button', { name: '选择' })).toHaveCount(0);
    await shootAtWidths(page, testInfo, 'user-tenant-admin-zh');

    await page.evaluate(() => localStorage.clear());
    await page.goto('/login?locale=en-US');
    await fillSignIn(page, 'demo_learner', ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('You have no permission to use the console');
    await expect(page).toHaveURL(/\/login/);
  });
});

test('the organisation screens in English and Chinese, wide and on a phone', async ({ page, browser, server, signInAs }, testInfo) => {
  await signInAs();
  for (const { locale, width } of screenPairs()) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of ['tenant', 'user', 'user_audit']) {
      await page.goto(`/${screen}?locale=${locale}`);
      await expect(page.getByTestId('record-card').first()).toBeVisible();
      // The language is taken off the address, so the list keeps its own defaults (pending applications first).
      await expect(page).not.toHaveURL(/locale=/);
      if (screen === 'user_audit') await expect(page.getByTestId('record-card').filter({ hasText: locale === 'en-US' ? 'Approved' : '已通过' })).toHaveCount(0);
      await shoot(page, testInfo, `${screen}-${locale}-${width}`);
    }
    // The tenant's create form, with its administrator's fields.
    await page.goto(`/tenant?locale=${locale}`);
    await page.getByRole('button', { name: locale === 'en-US' ? 'Create' : '新建', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, testInfo, `tenant-create-${locale}-${width}`);
  }
  const visitor = await browser.newPage({ locale: 'en-US' });
  await visitor.goto(`${server.url}/register?tenant_id=1`);
  await expect(visitor.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  for (const width of [1440, 390]) {
    await visitor.setViewportSize({ width, height: 900 });
    await shoot(visitor, testInfo, `register-en-${width}`);
  }
  await visitor.close();
});
