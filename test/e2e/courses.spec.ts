import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, expectNoSidewaysScroll, screenPairs, searchFor, test, unique, type RunningServer } from './fixtures';

const picture = path.join(process.cwd(), 'test/fixtures/tiny.png');

/** A short name no other test uses (category titles take at most 32 characters). */
const short = (prefix: string) => unique(prefix).slice(0, 24);

/** Records made through the API, so each test stands on its own data. */
async function seed(server: RunningServer) {
  const { token } = await server.signIn();
  const post = async (apiPath: string, body: unknown) => {
    const answer = await server.api('POST', apiPath, { token, body });
    if (answer.status !== 200) throw new Error(`${apiPath}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data as { id: number } & Record<string, unknown>;
  };
  return {
    token,
    category: (title: string, parent_id = 0) => post('/api/v1/categories', { title, parent_id }),
    teacher: (name: string, title = 'Lecturer') => post('/api/v1/teachers', { name, title }),
    course: (body: Record<string, unknown>) => post('/api/v1/courses', body),
  };
}

/** The body of the next course write (POST or PUT) the page sends. */
const nextCourseWrite = (page: Page, method: 'POST' | 'PUT') =>
  page.waitForRequest((request: Request) => request.method() === method && /\/api\/v1\/courses(\/\d+)?$/.test(new URL(request.url()).pathname));

async function chooseCategory(page: Page, label: RegExp, title: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(title);
  await page.getByRole('option', { name: title, exact: true }).click();
}

test.describe('courses', () => {
  test('create a course with a cover, two teachers from the picker and rich text with a picture; see it listed and in detail', async ({ page, server, signInAs }) => {
    const data = await seed(server);
    const top = await data.category(short('Top'));
    const sub = await data.category(short('Sub'), top.id);
    const group = short('Prof');
    await data.teacher(`${group} Ada`, 'Professor');
    await data.teacher(`${group} Grace`, 'Engineer');
    await data.teacher(short('Other'));
    const title = unique('Course');

    await signInAs();
    await page.goto('/');
    await expect(page).toHaveURL(/\/course$/);
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/course\/create$/);
    await expect(page.getByRole('heading', { name: 'Create Course' })).toBeVisible();

    await page.getByLabel('Title', { exact: false }).first().fill(title);
    await chooseCategory(page, /^Category/, sub.title as string);
    await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue(`${top.title} / ${sub.title}`);

    await page.locator('input[type="file"]').first().setInputFiles(picture);
    await expect(page.getByRole('alert')).toHaveText('Upload Successful');

    // The teacher picker: confirming nothing asks for a teacher; the search narrows; two are ticked.
    await page.getByRole('button', { name: 'Choose', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Select teachers' });
    await expect(picker).toBeVisible();
    expect((await picker.boundingBox())!.width).toBe(800);
    await picker.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(picker.getByRole('alert')).toHaveText('Please select a teacher');
    await picker.getByRole('searchbox').fill(group);
    await expect(picker.getByRole('row')).toHaveCount(3);
    await picker.getByRole('checkbox', { name: `Choose ${group} Ada` }).check();
    await picker.getByRole('checkbox', { name: `Choose ${group} Grace` }).check();
    await expect(picker.getByTestId('picker-chosen')).toContainText(`${group} Ada`);
    await expect(picker.getByRole('alert')).toHaveCount(0);
    await picker.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('teacher_ids-chosen')).toContainText(`${group} Ada`);
    await expect(page.getByTestId('teacher_ids-chosen')).toContainText(`${group} Grace`);

    await page.getByLabel('Subtitle').fill('From zero to shipped');
    await page.getByRole('radio', { name: 'Paid' }).check();
    await page.getByLabel('Price', { exact: true }).fill('99.5');
    await page.getByLabel('Original price').fill('199');
    await page.getByLabel('Brief').fill('A practical course.');
    await page.getByLabel('Suitable for').fill('Beginners');
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await editor.pressSequentially('Week one: the basics.');
    await page.locator('input[type="file"][accept*="image"]').last().setInputFiles(picture);
    await expect(editor.locator('img[src*="/files/"]')).toBeVisible();

    const sent = nextCourseWrite(page, 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    const body = (await sent).postDataJSON();
    await expect(page.getByRole('alert')).toHaveText('Create success.');
    await expect(page).toHaveURL(/\/course$/);
    expect(body).toMatchObject({ title, category_id: sub.id, price: 99.5, original_price: 199, brief: 'A practical course.', suit_crowds: 'Beginners' });
    expect(body.teacher_ids).toHaveLength(2);
    expect(body.cover).toMatch(/\.png$/);

    await searchFor(page, title);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(String(sub.title));
    await expect(card).toContainText('99.50');
    await expect(card.locator('img[src*="/files/"]')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Chapter management' })).toHaveAttribute('href', /\/course\/\d+\/chapter$/);

    await card.getByRole('button', { name: title }).click();
    const detail = page.getByRole('dialog', { name: `Details: ${title}` });
    await expect(detail).toContainText(`${group} Ada, ${group} Grace`);
    await expect(detail).toContainText('From zero to shipped');
    await expect(detail).toContainText('199.00');
    await expect(detail.getByText('Week one: the basics.')).toBeVisible();
    await expect(detail.locator('img[src*="/files/"]').last()).toBeVisible();
  });

  test('free or paid, in Chinese: free sends 0s, hides the original price, and the course opens as free again', async ({ page, server, signInAs }) => {
    const data = await seed(server);
    const top = await data.category(short('顶级'));
    const sub = await data.category(short('子类'), top.id);
    const title = unique('收费课程');
    const created = await data.course({ title, category_id: sub.id, price: 50, original_price: 80 });

    await signInAs();
    await page.goto(`/course/edit/${created.id}?locale=zh-CN`);
    await expect(page.getByRole('heading', { name: `编辑课程：${title}` })).toBeVisible();
    await expect(page.getByRole('radio', { name: '收费' })).toBeChecked();
    await expect(page.getByLabel('原价')).toHaveValue('80');

    await page.getByRole('radio', { name: '免费' }).check();
    await expect(page.getByLabel('原价')).toHaveCount(0);
    await expect(page.getByLabel('价格')).toHaveValue('0');
    await expect(page.getByLabel('价格')).toHaveAttribute('readonly', '');

    const sent = nextCourseWrite(page, 'PUT');
    await page.getByRole('button', { name: '提交' }).click();
    const body = (await sent).postDataJSON();
    await expect(page.getByRole('alert')).toHaveText('编辑成功');
    // The free/paid choice is the form's own helper: only the prices go.
    expect(body).toMatchObject({ price: 0, original_price: 0 });
    expect(Object.keys(body).filter((key) => /free|fee|charge/i.test(key))).toEqual([]);

    await searchFor(page, title);
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('价格: 免费');

    await page.goto(`/course/edit/${created.id}?locale=zh-CN`);
    await expect(page.getByRole('radio', { name: '免费' })).toBeChecked();
    await expect(page.getByLabel('原价')).toHaveCount(0);
    // Paid again: the original price comes back, to be filled in.
    await page.getByRole('radio', { name: '收费' }).check();
    await expect(page.getByLabel('原价')).toBeVisible();
    await expect(page.getByLabel('价格')).not.toHaveAttribute('readonly', '');
  });

  test('the list in Japanese: keyword search, a top-level category takes in its subcategories, edit and delete', async ({ page, server, signInAs }) => {
    const data = await seed(server);
    const topA = await data.category(short('言語'));
    const a1 = await data.category(short('英語'), topA.id);
    const a2 = await data.category(short('中国語'), topA.id);
    const topB = await data.category(short('技術'));
    const b1 = await data.category(short('ウェブ'), topB.id);
    const word = short('講座');
    await data.course({ title: `${word} 英会話`, category_id: a1.id, price: 0 });
    await data.course({ title: `${word} 中国語入門`, category_id: a2.id, price: 1200 });
    await data.course({ title: `${word} ウェブ開発`, category_id: b1.id, price: 3000 });

    await signInAs();
    await page.goto('/course?locale=ja-JP');
    await expect(page.getByRole('heading', { name: 'コース' })).toBeVisible();
    await searchFor(page, word);
    const cards = page.getByTestId('record-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: '英会話' })).toContainText('価格: 無料');

    const filtered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('categoryId') === String(topA.id));
    await chooseCategory(page, /^カテゴリー/, String(topA.title));
    await filtered;
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'ウェブ開発' })).toHaveCount(0);
    await expect(cards.filter({ hasText: '中国語入門' })).toContainText(String(a2.title));

    // The table shows the same courses, numbered.
    await page.getByRole('button', { name: 'テーブル表示' }).click();
    await expect(page.getByRole('row')).toHaveCount(3);

    await page.getByRole('button', { name: 'カード表示' }).click();
    await cards.filter({ hasText: '中国語入門' }).getByRole('link', { name: '編集', exact: true }).click();
    await expect(page).toHaveURL(/\/course\/edit\/\d+$/);
    await expect(page.getByRole('radio', { name: '有料' })).toBeChecked();
    await expect(page.getByRole('heading', { name: `コースの編集：${word} 中国語入門` })).toBeVisible();
    await page.getByLabel('サブタイトル').fill('はじめての中国語');
    // The server's 400 shows under the field it names, in the user's language.
    await page.getByLabel('元の価格').fill('1000');
    await page.getByRole('button', { name: '送信' }).click();
    await expect(page.getByText('価格（1200）より低くできません。表示しない場合は 0 にしてください', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/course\/edit\/\d+$/);
    await page.getByLabel('元の価格').fill('1500');
    const sent = nextCourseWrite(page, 'PUT');
    await page.getByRole('button', { name: '送信' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ subtitle: 'はじめての中国語', price: 1200, original_price: 1500 });
    await expect(page).toHaveURL(/\/course(\?.*)?$/);

    await searchFor(page, word);
    await expect(cards).toHaveCount(3);
    await cards.filter({ hasText: '英会話' }).getByRole('button', { name: '削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: '英会話' })).toHaveCount(0);
  });
});

test.describe('course screens at 1440 and 390 px', () => {
  test('list (cards and table), form and teacher picker, in English and Chinese', async ({ page, server, signInAs }, testInfo) => {
    // Two languages at two widths, each screen drawn and captured.
    test.setTimeout(180_000);
    const data = await seed(server);
    const top = await data.category(short('Programming'));
    const sub = await data.category(short('Web'), top.id);
    const word = short('Shot');
    for (let index = 1; index <= 5; index++) await data.teacher(`${word} Teacher ${index}`, 'Senior lecturer');
    // A long unbroken title is the hardest one to lay out.
    await data.course({ title: `${word}-${'Supercalifragilistic'.repeat(5)}`, category_id: sub.id, price: 0, subtitle: 'Long' });
    const teacher = await data.teacher(`${word} Mei Chen`, 'Senior front-end engineer');
    await data.course({
      title: `${word} Modern web development`,
      category_id: sub.id,
      price: 129.9,
      original_price: 199,
      teacher_ids: [teacher.id],
      subtitle: 'From zero to shipped',
      brief: 'Build and ship a real web application, one step a week.',
      suit_crowds: 'Beginners with some HTML',
      introduction: '<h2>What you will learn</h2><p>Components, state and <strong>testing</strong>.</p><ul><li>Week 1: the basics</li><li>Week 2: data</li></ul>',
    });
    await data.course({ title: `${word} 数据分析入门`, category_id: sub.id, price: 59 });
    await signInAs();

    // The first screen an operator sees: the demo catalogue with its covers.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/?locale=en-US');
    await expect(page.getByTestId('record-card').locator('img').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('course-home-en-US-1440.png') });

    for (const { locale, width } of screenPairs()) {
      const shot = (name: string) => testInfo.outputPath(`${name}-${locale}-${width}.png`);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/course?locale=${locale}`);
      await searchFor(page, word);
      await expect(page.getByTestId('record-card')).toHaveCount(3);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shot('course-cards'), fullPage: true });
      await page.getByRole('button', { name: `${word} Modern web development` }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: shot('course-detail') });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByRole('button', { name: locale === 'en-US' ? 'Table view' : '表格视图' }).click();
      await expect(page.getByRole('row')).toHaveCount(4);
      await page.screenshot({ path: shot('course-table'), fullPage: true });
      await page.getByRole('button', { name: locale === 'en-US' ? 'Card view' : '卡片视图' }).click();

      await page.goto(`/course/create?locale=${locale}`);
      await expect(page.locator('.ProseMirror')).toBeVisible();
      await page.screenshot({ path: shot('course-form'), fullPage: true });
      await page.getByRole('button', { name: locale === 'en-US' ? 'Choose' : '选择', exact: true }).click();
      const picker = page.getByRole('dialog');
      await picker.getByRole('searchbox').fill(word);
      await expect(picker.getByRole('row')).toHaveCount(7);
      await picker.getByRole('row').nth(1).click();
      await picker.getByRole('row').nth(3).click();
      await page.screenshot({ path: shot('teacher-picker') });
    }
  });
});
