import path from 'node:path';
import { catalogues } from '../../i18n/catalogues';
import type { ConsoleLocale } from '../../i18n/locales';
import { expect, searchFor, test, unique } from './fixtures';

const clip = path.join(process.cwd(), 'test/fixtures/tiny.mp4');

test.describe('videos and versions', () => {
  test('create a video, then add, edit, preview and delete a version, and go back', async ({ page, server, signInAs }) => {
    const title = unique('Video');
    await signInAs();
    await page.goto('/video');
    await expect(page.getByRole('heading', { name: 'Videos' })).toBeVisible();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const videoForm = page.getByRole('dialog');
    await videoForm.getByLabel('Title').fill(title);
    await videoForm.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Create success.');

    await searchFor(page, title);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Versions');
    await expect(card).toContainText('0');

    // The title is edited in a modal over the list.
    // The modal shows the list's copy at once and then the record as read; type after the read.
    const read = page.waitForResponse((response) => /\/api\/v1\/videos\/\d+$/.test(new URL(response.url()).pathname) && response.request().method() === 'GET');
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    await read;
    await expect(page.getByRole('dialog').getByLabel('Title')).toHaveValue(title);
    await page.getByRole('dialog').getByLabel('Title').fill(`${title} v2`);
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Edit Success');
    await expect(card).toContainText(`${title} v2`);

    await card.getByRole('link', { name: 'Manage versions' }).click();
    await expect(page).toHaveURL(/\/video\/\d+\/version$/);
    const videoId = Number(/\/video\/(\d+)\/version/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { name: `Versions of "${title} v2"` })).toBeVisible();
    await expect(page.getByText('No data')).toBeVisible();

    // Add: the rules show under the fields, then a good version is saved.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByRole('heading', { name: 'Create Version' })).toBeVisible();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Required').first()).toBeVisible();

    // The file goes through the one upload path; a held-back answer shows the progress bar and its cancel.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/files', async (route) => {
      await held;
      await route.continue();
    });
    await form.locator('input[type="file"]').setInputFiles(clip);
    await expect(form.getByRole('progressbar', { name: 'Uploading tiny.mp4' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Cancel the upload of tiny.mp4' })).toBeVisible();
    release();
    await expect(page.getByRole('alert')).toHaveText('Upload Successful');
    await page.unroute('**/api/v1/files');
    await form.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'mp4' }).click();
    await form.getByRole('combobox', { name: 'Quality' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Create success.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const { token } = await server.signIn();
    const [uploaded] = (await server.api('GET', `/api/v1/videos/${videoId}`, { token })).body.data.versions;
    expect(uploaded).toMatchObject({ format: 'mp4', quality: 'H', file: expect.stringMatching(/^[\w-]+\.mp4$/) });
    const key: string = uploaded.file;
    const row = page.getByRole('row').filter({ hasText: key });
    await expect(row).toContainText('mp4');
    await expect(row).toContainText('High');

    // A second mp4 in High is refused by the server, whose message shows.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('dialog').locator('input[type="file"]').setInputFiles(clip);
    await expect(page.getByRole('alert')).toHaveText('Upload Successful');
    await page.getByRole('dialog').getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'mp4' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Quality' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('This video already has a mp4 version in quality H');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Edit: the form opens with the stored file; the quality changes.
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog')).toContainText(key);
    await page.getByRole('dialog').getByRole('combobox', { name: 'Quality' }).click();
    await page.getByRole('option', { name: 'Super clear' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Edit Success');
    await expect(row).toContainText('Super clear');
    const stored = (await server.api('GET', `/api/v1/videos/${videoId}`, { token })).body.data.versions;
    expect(stored).toEqual([expect.objectContaining({ file: key, format: 'mp4', quality: 'SH' })]);

    // Preview: the player gets the file's address from the playback call.
    await row.getByRole('button', { name: 'Preview' }).click();
    const player = page.getByRole('dialog');
    await expect(player).toContainText(title);
    await expect(player.locator('video')).toHaveAttribute('src', `${server.url}/files/${key}`);
    await player.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Delete, behind the one confirmation.
    await row.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Do you want to delete this item?');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Delete success');
    await expect(page.getByText('No data')).toBeVisible();
    expect((await server.api('GET', `/api/v1/videos/${videoId}`, { token })).body.data.versions).toEqual([]);

    await page.getByRole('link', { name: 'Back to the videos' }).click();
    await expect(page).toHaveURL(/\/video$/);
    await expect(page.getByRole('heading', { name: 'Videos' })).toBeVisible();
  });

  test('in Chinese: quality names, best first, and the version form', async ({ page, server, signInAs }) => {
    const title = unique('视频');
    const { token } = await server.signIn();
    const created = await server.api('POST', '/api/v1/videos', { token, body: { title } });
    const videoId = created.body.data.id;
    for (const [file, format, quality] of [
      ['zh/l.mp4', 'mp4', 'L'],
      ['zh/hls/sh.m3u8', 'm3u8', 'SH'],
      ['zh/m.flv', 'flv', 'M'],
    ])
      expect((await server.api('POST', `/api/v1/videos/${videoId}/versions`, { token, body: { file, format, quality } })).status).toBe(200);

    await signInAs();
    await page.goto('/video?locale=zh-CN');
    await searchFor(page, title);
    // The answer is in; the cards follow it a render later.
    await expect(page.getByTestId('record-card')).toHaveCount(1);
    await expect(page.getByTestId('record-card')).toContainText('版本数');
    await expect(page.getByTestId('record-card')).toContainText('3');
    await page.getByTestId('record-card').getByRole('link', { name: '管理版本' }).click();
    await expect(page.getByRole('heading', { name: `“${title}”的版本` })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '清晰度' })).toBeVisible();
    const rows = page.getByRole('row');
    // The header, then best quality first.
    await expect(rows.nth(1)).toContainText('超清');
    await expect(rows.nth(2)).toContainText('标清');
    await expect(rows.nth(3)).toContainText('流畅');

    await rows.nth(3).getByRole('button', { name: '编辑' }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByRole('combobox', { name: '清晰度' })).toHaveText('流畅');
    await form.getByRole('button', { name: '删除 zh/l.mp4' }).click();
    await form.getByRole('button', { name: '提交' }).click();
    await expect(form.getByText('必填').first()).toBeVisible();
    await form.getByRole('button', { name: '取消' }).click();

    await page.getByRole('link', { name: '返回视频列表' }).click();
    await expect(page).toHaveURL(/\/video$/);
    await expect(page.getByRole('heading', { name: '视频' })).toBeVisible();
  });
});

test('a video a section plays is refused deletion, naming its course and chapter, in every language; nothing is deleted', async ({ page, server, signInAs }) => {
  const { token } = await server.signIn();
  await signInAs();
  for (const locale of ['en-US', 'zh-CN', 'ja-JP'] as ConsoleLocale[]) {
    const messages = catalogues[locale] as any;
    const title = unique('Used');
    const course = unique('Course');
    const section = unique('Section');
    const video = (await server.api('POST', '/api/v1/videos', { token, body: { title } })).body.data;
    const category = (await server.api('POST', '/api/v1/categories', { token, body: { title: unique('Category').slice(0, 32) } })).body.data;
    const courseId = (await server.api('POST', '/api/v1/courses', { token, body: { title: course, category_id: category.id } })).body.data.id;
    const chapter = (await server.api('POST', '/api/v1/chapters', { token, body: { title: unique('Chapter'), course_id: courseId, parent_id: 0, res_type: 'video' } })).body.data;
    const made = await server.api('POST', '/api/v1/chapters', { token, body: { title: section, course_id: courseId, parent_id: chapter.id, res_type: 'video', res_id: video.id } });
    expect(made.status).toBe(200);

    await page.goto(`/video?locale=${locale}`);
    await searchFor(page, title);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: messages.ra.action.delete, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: messages.ra.action.confirm, exact: true }).click();
    // One section uses it: the message's first (singular) form, where a language has two.
    const expected = (messages.app.error.video_in_use as string)
      .split(' |||| ')[0]
      .replace('%{title}', title)
      .replace('%{chapter}', section)
      .replace('%{course}', course)
      .replace('%{smart_count}', '1');
    await expect(page.getByRole('alert')).toHaveText(expected);
    await expect(card).toHaveCount(1);
    expect((await server.api('GET', `/api/v1/videos/${video.id}`, { token })).status).toBe(200);
  }
});

test('the demo video plays in every format from its version screen: mp4, m3u8 and flv', async ({ page, server, signInAs }) => {
  await signInAs();
  const { token } = await server.signIn();
  const videos = (await server.api('GET', `/api/v1/videos/pager?keyword=${encodeURIComponent('Welcome to the platform')}`, { token })).body.data.items;
  await page.goto(`/video/${videos[0].id}/version`);
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Preview' }) });
  await expect(rows).toHaveCount(4);
  for (const format of ['mp4', 'm3u8', 'flv']) {
    await rows.filter({ hasText: format }).first().getByRole('button', { name: 'Preview' }).click();
    const video = page.getByRole('dialog').locator('video');
    await expect(video).toBeVisible();
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play().catch(() => undefined);
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
});
