import { ADMIN_PASSWORD, expect, storeSession, test, unique } from './fixtures';

/** The screen's words in each language. */
const words = {
  'en-US': { heading: 'Audit log', group: 'Administration', field: 'Field', changed: 'Changed', before: 'Before', after: 'After' },
  'zh-CN': { heading: '操作日志', group: '系统管理', field: '字段', changed: '修改', before: '变更前', after: '变更后' },
  'ja-JP': { heading: '操作ログ', group: 'システム管理', field: '項目', changed: '変更', before: '変更前', after: '変更後' },
} as const;

test.describe('audit log', () => {
  test("an operator finds a change and reads its fields side by side, in three languages; a tenant administrator sees only the own organisation's", async ({
    page,
    browser,
    server,
    signInAs,
  }) => {
    // Three languages and a second browser, each a cold visit: on a busy shared machine that outlasts the default two minutes.
    test.setTimeout(300_000);
    const { token } = await server.signIn();
    const name = unique('Audited teacher');
    const made = await server.api('POST', '/api/v1/teachers', { token, body: { name, title: 'Lecturer' } });
    expect((await server.api('PUT', `/api/v1/teachers/${made.body.data.id}`, { token, body: { title: 'Professor' } })).status).toBe(200);

    await signInAs();
    const changes = `/audit_log?filter=${encodeURIComponent(JSON.stringify({ keyword: name, action: 'update' }))}`;
    for (const [locale, t] of Object.entries(words)) {
      await page.goto(`${changes}&locale=${locale}`);
      // The first visit fetches the screen's code: on a busy machine that takes a while.
      await expect(page.getByRole('heading', { name: t.heading })).toBeVisible({ timeout: 30_000 });
      // The screen sits in the administrators' group of the menu.
      await expect(page.getByRole('navigation', { name: t.group })).toBeVisible();
      const row = page.getByTestId('record-card').filter({ hasText: t.changed });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('admin');
      await row.getByRole('button', { name }).click();
      const detail = page.getByRole('dialog');
      const table = detail.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText([t.field, t.before, t.after]);
      // Only the changed field, as it was and as it became.
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['Lecturer', 'Professor']);
      await detail.getByRole('button').last().click();
    }

    // The organisation's administrator (the demo accounts share the administrator's password): its own
    // sign-in is there, the platform's teachers are not.
    const context = await browser.newContext({ baseURL: server.url });
    const tenantPage = await context.newPage();
    const tenantSession = await server.signIn('demo_tenant_admin', ADMIN_PASSWORD);
    const signIns = await server.api('GET', '/api/v1/audit_logs/pager?action=sign_in', { token: tenantSession.token });
    // Other tests of this worker's server sign the same administrator in too: every sign-in shown is one of the organisation's own.
    expect([...new Set(signIns.body.data.items.map((row: { user: string }) => row.user))]).toEqual(['demo_tenant_admin']);
    await storeSession(tenantPage, tenantSession);
    await tenantPage.goto(`/audit_log?filter=${encodeURIComponent(JSON.stringify({ keyword: name }))}&locale=en-US`);
    await expect(tenantPage.getByRole('heading', { name: 'Audit log' })).toBeVisible({ timeout: 30_000 });
    await expect(tenantPage.getByText('No data')).toBeVisible({ timeout: 30_000 });
    await tenantPage.goto(`/audit_log?filter=${encodeURIComponent(JSON.stringify({ action: 'sign_in' }))}&locale=en-US`);
    await expect(tenantPage.getByTestId('record-card').filter({ hasText: 'demo_tenant_admin' }).first()).toBeVisible({ timeout: 30_000 });
    await expect(tenantPage.getByTestId('record-card').filter({ hasNotText: 'demo_tenant_admin' })).toHaveCount(0);
    await context.close();
  });
});
