import { createServer, type AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, searchFor, startServer, storeSession, test, unique, type RunningServer } from './fixtures';

const texts = {
  'en-US': {
    heading: 'Mail outbox',
    notDelivering: 'No mail server is configured (SMTP_URL is not set): mail waits here, queued, until one is.',
    queued: 'Queued',
    failed: 'Failed',
    noAnswer: 'No answer',
    resend: 'Send again',
    confirm: 'Confirm',
    resent: 'The mail is queued to be sent again',
    group: 'Carousel group',
  },
  'zh-CN': {
    heading: '邮件发件箱',
    notDelivering: '未配置邮件服务器（未设置 SMTP_URL）：邮件在此排队等候，直到配置为止。',
    queued: '排队中',
    failed: '发送失败',
    noAnswer: '无应答',
    resend: '重新发送',
    confirm: '确认',
    resent: '邮件已排队重新发送',
    group: '轮播图分组',
  },
  'ja-JP': {
    heading: 'メール送信箱',
    notDelivering: 'メールサーバーが設定されていません（SMTP_URL 未設定）。設定されるまでメールはここで待機します。',
    queued: '待機中',
    failed: '送信失敗',
    noAnswer: '応答なし',
    resend: '再送信',
    confirm: '確認',
    resent: 'メールを再送信のキューに入れました',
    group: 'カルーセルグループ',
  },
} as const;
type Locale = keyof typeof texts;

/** A voucher for the demo academy (whose administrator has an address), mailed through the API: its mail's id. */
async function mailedVoucher(server: RunningServer, name: string): Promise<number> {
  const { token } = await server.signIn();
  const course = (await server.api('GET', '/api/v1/courses/pager', { token })).body.data.items[0];
  const academy = (await server.api('GET', '/uc/v1/tenants?keyword=Demo%20Academy', { token })).body.data.items[0];
  const code = unique('MAIL').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
  const body = { name, code, resource_type: 'course', resource_id: course.id, object_type: 'tenant', object_id: academy.tenant_id, count: 3, expire_at: Date.now() + 86_400_000 };
  const voucher = (await server.api('POST', '/api/v1/vouchers/new', { token, body })).body.data;
  const sent = await server.api('PUT', `/api/v1/vouchers/${voucher.id}/send_email`, { token, body: {} });
  expect(sent.status).toBe(200);
  return sent.body.data.mail_id;
}

/** Sends a mail again from its card: the confirm dialog, then the toast in the page's language. */
async function resend(page: Page, t: (typeof texts)[Locale]) {
  await page.getByTestId('record-card').getByRole('button', { name: t.resend }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
  await expect(page.getByRole('alert').filter({ hasText: t.resent })).toBeVisible();
}

/** A port nothing listens on: the mail server is down. */
async function closedPort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let downMail: { server: RunningServer; stop(): Promise<void> };
/** The group far past the first hundred, and the carousel in it. */
let needle: { name: string; carousel: string };

test.beforeAll(async ({ server }) => {
  test.setTimeout(120_000);
  // A server whose mail server is down: two attempts, a moment apart, then the mail has failed.
  downMail = await startServer({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_RETRY_BASE_SECONDS: '0.05', MAIL_RETRY_MAX_SECONDS: '0.1', MAIL_MAX_ATTEMPTS: '2' });
  // More than a page of the most the API lists (100) before the group looked for.
  const { token } = await server.signIn();
  const prefix = unique('Crowd');
  for (let index = 0; index < 102; index += 8)
    await Promise.all(
      Array.from({ length: Math.min(8, 102 - index) }, (_, offset) =>
        server.api('POST', '/api/v1/carousel_groups', { token, body: { ucode: `${prefix}-${index + offset}`.replace(/[^A-Za-z0-9_-]/g, '_'), name: `${prefix} ${index + offset}` } }),
      ),
    );
  const name = unique('Needle');
  const group = (await server.api('POST', '/api/v1/carousel_groups', { token, body: { ucode: name.replace(/[^A-Za-z0-9_-]/g, '_'), name } })).body.data;
  const carousel = unique('Found');
  expect((await server.api('POST', '/api/v1/carousels', { token, body: { title: carousel, carousel_group_id: group.id, image_link: 'demo/cover-1.jpg' } })).status).toBe(200);
  needle = { name, carousel };
});
test.afterAll(async () => downMail?.stop());

for (const locale of Object.keys(texts) as Locale[]) {
  const t = texts[locale];
  test(`${locale}: the outbox shows queued mail and why it waits, failed mail with its attempts, and sends again; the carousel list reaches a group past the hundredth by search`, async ({ page, browser, server, signInAs }) => {
    test.setTimeout(120_000);
    // Without SMTP_URL the mail waits, and the screen says why.
    const subjectWord = unique('Queued');
    await mailedVoucher(server, subjectWord);
    await signInAs();
    await page.goto(`/mail_outbox?locale=${locale}`);
    // The first visit loads the screen's code: on a busy machine that takes a while.
    await expect(page.getByTestId('mail-not-delivering')).toHaveText(t.notDelivering, { timeout: 30_000 });
    // The screen is called what its menu entry says.
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(t.heading);
    await expect(page.getByRole('menuitem', { name: t.heading })).toBeVisible();
    await searchFor(page, subjectWord);
    await expect(page.getByTestId('record-card')).toHaveCount(1);
    await expect(page.getByTestId('record-card')).toContainText(t.queued);
    await resend(page, t);

    // A mail server that is down: the mail failed, and its attempts say why.
    const failedWord = unique('Failed');
    const mailId = await mailedVoucher(downMail.server, failedWord);
    const { token } = await downMail.server.signIn();
    await expect
      .poll(async () => (await downMail.server.api('GET', `/api/v1/mail_outbox/${mailId}`, { token })).body.data.status, { timeout: 30_000 })
      .toBe('failed');
    const context = await browser.newContext({ baseURL: downMail.server.url });
    await storeSession(context, await downMail.server.signIn());
    const other = await context.newPage();
    await other.goto(`/mail_outbox?locale=${locale}`);
    await expect(other.getByPlaceholder(/^(search|搜索|検索)$/i)).toBeVisible({ timeout: 30_000 });
    await searchFor(other, failedWord);
    await expect(other.getByTestId('mail-not-delivering')).toHaveCount(0);
    await expect(other.getByTestId('record-card')).toContainText(t.failed);
    await other.getByTestId('record-card').getByRole('button', { name: new RegExp(failedWord) }).click();
    const attempts = other.getByRole('dialog').getByRole('listitem');
    await expect(attempts).toHaveCount(2);
    await expect(attempts.first()).toContainText(`${t.noAnswer}: `);
    await expect(attempts.first()).toContainText('ECONNREFUSED');
    await other.keyboard.press('Escape');
    await resend(other, t);
    await context.close();

    // The carousel list's group: typed, found among every group, chosen.
    await page.goto(`/carousel?locale=${locale}`);
    const group = page.getByRole('combobox', { name: t.group });
    await group.click();
    await group.fill(needle.name.slice(0, 12));
    await page.getByRole('option', { name: needle.name, exact: true }).click();
    await expect(group).toHaveValue(needle.name);
    await expect(page.getByText(needle.carousel)).toBeVisible();
  });
}
