import path from 'node:path';
import { expect, searchFor, test, unique } from './fixtures';

const picture = path.join(process.cwd(), 'test/fixtures/tiny.png');

test.describe('teachers', () => {
  test('create a teacher with a photo and an introduction holding an uploaded picture', async ({ page, server, signInAs }) => {
    await signInAs();
    const name = unique('Teacher');
    await page.goto('/teacher/create');
    await page.getByLabel('Name', { exact: false }).first().fill(name);
    await page.getByLabel('Title').fill('Guest lecturer');

    // The photo goes through the one upload path: token, multipart form, key back.
    await page.locator('input[type="file"]').first().setInputFiles(picture);
    await expect(page.getByRole('alert')).toHaveText('Upload Successful');
    await expect(page.locator('img[src*="/files/"]').first()).toBeVisible();

    // The editor is loaded lazily; its picture button uploads through the same path.
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await editor.pressSequentially('Teaches with pictures.');
    await page.locator('input[type="file"][accept*="image"]').last().setInputFiles(picture);
    await expect(editor.locator('img[src*="/files/"]')).toBeVisible();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('Create success.');
    await expect(page).toHaveURL(/\/teacher$/);

    const { token } = await server.signIn();
    const listed = await server.api('GET', `/api/v1/teachers/pager?keyword=${encodeURIComponent(name)}`, { token });
    const teacher = listed.body.data.items[0];
    expect(teacher.title).toBe('Guest lecturer');
    expect(teacher.photo).toMatch(/\.png$/);
    expect(teacher.introduction).toContain('Teaches with pictures.');
    expect(teacher.introduction).toMatch(/<img src="[^"]*\/files\/[^"]+\.png"/);
    // The stored photo is served back as the image it is.
    const photo = await fetch(`${server.url}/files/${teacher.photo}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
  });

  test('a wrong file type is refused before any upload, in the user\'s language', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/teacher/create?locale=zh-CN');
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByRole('alert')).toHaveText('请选择 JPG、PNG 格式的图片！');
    await expect(page.locator('img[src*="/files/"]')).toHaveCount(0);
  });

  test('the list in Japanese: demo teachers, search by name, edit keeps the photo', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/teacher?locale=ja-JP');
    await expect(page.getByRole('heading', { name: '講師' })).toBeVisible();
    await searchFor(page, 'Lin Qiao');
    const card = page.getByTestId('record-card').filter({ hasText: 'Lin Qiao' });
    await expect(card).toHaveCount(1);
    // SPEC.md's list shows the name, title and description (the introduction's words).
    await expect(card).toContainText('Senior front-end engineer');
    await expect(card).toContainText('Lin has built web applications');
    await card.getByRole('link', { name: '編集', exact: true }).click();
    await expect(page).toHaveURL(/\/teacher\/edit\/\d+$/);
    await expect(page.locator('img[src*="/files/demo/teacher.jpg"]')).toBeVisible();
    await expect(page.locator('.ProseMirror')).toContainText('Lin has built web applications');
  });
});
