import type { Page } from '@playwright/test';
import { expect, searchFor, shoot, shootAtWidths, test, typeDate, unique } from './fixtures';

/** A day a year from now, as the date input takes it. */
const nextYear = () => `${new Date().getFullYear() + 1}-06-30`;

/** Opens the picker of a form input, finds a record by a word of its name and confirms it. */
async function pick(page: Page, source: string, open: string, title: string, word: string, ok: string) {
  await page.getByTestId(`${source}-chosen`).getByRole('button', { name: open }).click();
  const picker = page.getByRole('dialog', { name: title });
  await picker.getByRole('searchbox').fill(word);
  await expect(picker.getByTestId('picker-table').getByRole('row')).toHaveCount(2);
  await picker.getByRole('radio', { name: new RegExp(word) }).check();
  await picker.getByRole('button', { name: ok }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId(`${source}-chosen`)).toContainText(word);
}

const textbox = (page: Page, label: RegExp) => page.getByRole('textbox', { name: label });

test.describe.configure({ mode: 'serial' });

test.describe('vouchers', () => {
  const name = unique('Gift');

  test('an operator creates a voucher for a user through the pickers, mails it (to the outbox) and abolishes it', async ({ page, server, signInAs }, testInfo) => {
    // Four pickers, a mail and two widths of screenshots: more than a minute on a busy machine.
    test.slow();
    await signInAs();
    await page.goto('/voucher');
    await expect(page.getByRole('heading', { name: 'Vouchers' })).toBeVisible();
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/voucher\/create$/);

    await textbox(page, /^Name/).fill(name);
    await page.getByRole('button', { name: 'Generate' }).click();
    const code = await textbox(page, /^Code/).inputValue();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expect(page.getByRole('radio', { name: 'Course', exact: true })).toBeChecked();
    await pick(page, 'resource_id', 'Choose', 'Select a course', 'React from first principles', 'OK');

    // Anyone by default; a tenant chosen, then the type switched to a user: the tenant goes.
    await expect(page.getByRole('radio', { name: 'Anyone (*)', exact: true })).toBeChecked();
    await expect(page.getByTestId('object_id-chosen')).toHaveCount(0);
    await page.getByRole('radio', { name: 'Tenant', exact: true }).check();
    await pick(page, 'object_id', 'Choose', 'Select a tenant', 'Demo Academy', 'OK');
    await page.getByRole('radio', { name: 'User', exact: true }).check();
    await expect(page.getByTestId('object_id-chosen')).toHaveText(/None chosen/);
    await expect(page.getByTestId('object_id-chosen')).not.toContainText('Demo Academy');
    await pick(page, 'object_id', 'Choose', 'Select a user', 'demo_tenant_admin', 'OK');

    await page.getByRole('spinbutton', { name: /^Total/ }).fill('3');
    await expect(page.getByText('Valid until the end of this day (23:59:59, time zone UTC)')).toBeVisible();
    await typeDate(page, /^Expire time/, nextYear());
    await shootAtWidths(page, testInfo, 'voucher-form-en');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/v1/vouchers/new'));
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await (await created).json()).data).toMatchObject({
      name,
      code,
      object_type: 'user',
      count: 3,
      available_number: 3,
      // The end of the chosen day, in the browser's time zone (UTC here).
      expire_at: Date.parse(`${nextYear()}T23:59:59.999Z`),
    });
    await expect(page.getByRole('alert')).toHaveText('Create success.');
    await expect(page).toHaveURL(/\/voucher$/);

    await searchFor(page, code);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(name);
    await expect(card).toContainText('Course · React from first principles');
    await expect(card).toContainText('User · demo_tenant_admin');
    await expect(card).toContainText('3/3');

    // The mail goes to the user's address; without SMTP_URL it is kept in the outbox, and the log says so.
    await card.getByRole('button', { name: 'Send email' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Send the voucher "${name}" by email to demo_tenant_admin?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Send email successfull');
    await expect
      .poll(() => server.output().split('\n').find((line) => line.includes('"outbox_id"') && line.includes(`Your voucher: ${name}`)))
      .toContain('"to":["academy-admin@example.com"]');

    await card.getByRole('button', { name: 'Abolish' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Abolish the voucher "${name}"?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Voucher abolished');
    await expect(card.getByText('abolished', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Abolish' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Send email' })).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    const { token } = await server.signIn();
    const found = await server.api('GET', `/api/v1/vouchers?keyword=${code}`, { token });
    expect(found.body.data.items).toEqual([expect.objectContaining({ code, available: false })]);

    // The whole list, as cards and as a table.
    await page.getByPlaceholder('Search').fill('');
    await expect.poll(() => page.getByTestId('record-card').count()).toBeGreaterThan(1);
    await shootAtWidths(page, testInfo, 'voucher-list-en');
    await page.getByRole('button', { name: 'Table view' }).click();
    await expect(page.locator('tbody tr').filter({ hasText: name }).getByText('abolished', { exact: true })).toBeVisible();
    await shoot(page, testInfo, 'voucher-table-en-1440');
    await page.getByRole('button', { name: 'Card view' }).click();

    // Opening the abolished voucher's edit page says it can no longer change; the server refuses it too.
    await page.goto(`/voucher/edit/${found.body.data.items[0].id}`);
    await expect(page.getByText('This voucher has been abolished: it can no longer be changed or redeemed.')).toBeVisible();
    await expect(page.getByRole('group', { name: /^Expire time/ }).getByRole('spinbutton')).toHaveText(nextYear().split('-'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText(`The voucher "${name}" has been abolished and can no longer be changed`);
  });

  test('in Chinese: a series voucher for a tenant, a taken code under its field, a redeemed voucher refused deletion', async ({ page, signInAs }, testInfo) => {
    test.slow();
    await signInAs();
    await page.goto('/voucher/create?locale=zh-CN');
    await expect(page.getByRole('heading', { name: '新建兑换券' })).toBeVisible();
    const seriesName = unique('系列券');
    await textbox(page, /^名称/).fill(seriesName);
    // A code the demo has already, in other letters' case.
    await textbox(page, /^兑换码/).fill('react-launch');
    await page.getByRole('radio', { name: '系列课程', exact: true }).check();
    await pick(page, 'resource_id', '选择', '选择系列课程', 'Front-end engineer path', '确定');
    // Another item type empties the item, and back.
    await page.getByRole('radio', { name: '课程', exact: true }).check();
    await expect(page.getByTestId('resource_id-chosen')).toHaveText(/未选择/);
    await page.getByRole('radio', { name: '系列课程', exact: true }).check();
    await pick(page, 'resource_id', '选择', '选择系列课程', 'Front-end engineer path', '确定');
    await page.getByRole('radio', { name: '用户', exact: true }).check();
    await pick(page, 'object_id', '选择', '选择用户', 'demo_learner', '确定');
    await page.getByRole('radio', { name: '租户', exact: true }).check();
    await expect(page.getByTestId('object_id-chosen')).toHaveText(/未选择/);
    await pick(page, 'object_id', '选择', '选择租户', 'Riverside College', '确定');
    await page.getByRole('spinbutton', { name: /^总数/ }).fill('12');
    // A day half typed is refused under its field, in Chinese, and nothing is sent.
    const [year, month, day] = nextYear().split('-');
    await typeDate(page, /^过期时间/, `${year}-${month}`);
    const expiry = page.locator('.MuiPickersTextField-root', { has: page.getByRole('group', { name: /^过期时间/ }) });
    const sent = page.waitForRequest((request) => request.method() === 'POST', { timeout: 1_000 }).catch(() => undefined);
    await page.getByRole('button', { name: '提交' }).click();
    await expect(expiry).toContainText('日期不完整');
    expect(await sent).toBeUndefined();
    await expiry.getByRole('spinbutton').last().click();
    await page.keyboard.type(day);
    await expect(expiry.getByRole('spinbutton')).toHaveText([year, month, day]);
    await expect(expiry).toContainText('有效期至当天结束');
    // The calendar speaks the console's language, whatever the browser's (English here), and starts its weeks on Monday.
    await expiry.getByRole('button', { name: /日期/ }).click();
    const calendar = page.getByRole('dialog', { name: /^过期时间/ });
    await expect(calendar).toContainText(`${year}年${Number(month)}月`);
    await expect(calendar.getByRole('columnheader').first()).toHaveText('一');
    // Shot once it has grown in, not through it.
    await expect(calendar.locator('.MuiPickerPopper-paper')).toHaveCSS('opacity', '1');
    await shoot(page, testInfo, 'voucher-form-zh-1440-calendar');
    await page.keyboard.press('Escape');
    await expect(calendar).toHaveCount(0);
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page.getByRole('alert')).toHaveText('兑换码“react-launch”已被使用');
    await expect(page.locator('[name="code"]')).toHaveAccessibleDescription('“react-launch”已被使用');
    await shoot(page, testInfo, 'voucher-form-zh-1440-taken-code');
    await page.getByRole('button', { name: '生成' }).click();
    await page.getByRole('button', { name: '提交' }).click();
    await expect(page).toHaveURL(/\/voucher$/);

    await page.getByPlaceholder('搜索').fill(seriesName);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('系列课程 · Front-end engineer path');
    await expect(card).toContainText('租户 · Riverside College');
    await expect(card).toContainText('12/12');
    await expect(card.getByRole('button', { name: '发送邮件' })).toBeVisible();

    // Nothing found: the empty list says so.
    await page.getByPlaceholder('搜索').fill('no-such-voucher-anywhere');
    await expect(page.getByText('暂无数据')).toBeVisible();
    await shootAtWidths(page, testInfo, 'voucher-empty-zh');

    // A voucher already redeemed is abolished, not deleted: no delete is offered (the server refuses it too).
    await page.getByPlaceholder('搜索').fill('REACT-LAUNCH');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('*');
    await expect(card.getByRole('button', { name: '发送邮件' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: '作废' })).toBeVisible();
    await expect(card.getByRole('button', { name: '删除' })).toHaveCount(0);

    await page.getByPlaceholder('搜索').fill('');
    await expect.poll(() => card.count()).toBeGreaterThan(1);
    await shootAtWidths(page, testInfo, 'voucher-list-zh');
  });

  test('signed out, a deep link to the voucher form leads to the sign-in page', async ({ page }) => {
    await page.goto('/voucher/create');
    await expect(page).toHaveURL(/\/login$/);
  });
});
