import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, expectNoSidewaysScroll, screenPairs, searchFor, test, unique, type RunningServer } from './fixtures';

const picture = path.join(process.cwd(), 'test/fixtures/tiny.png');

/** A short name no other test uses (category titles take at most 32 characters). */
const short = (prefix: string) => unique(prefix).slice(0, 24);

type Made = { id: number } & Record<string, unknown>;

/** Records made through the API, so each test stands on its own data. */
async function seed(server: RunningServer) {
  const { token } = await server.signIn();
  const call = async (method: string, apiPath: string, body?: unknown) => {
    const answer = await server.api(method, apiPath, { token, body });
    if (answer.status !== 200) throw new Error(`${apiPath}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data as Made;
  };
  return {
    read: (apiPath: string) => call('GET', apiPath),
    category: (title: string, parent_id = 0) => call('POST', '/api/v1/categories', { title, parent_id }),
    teacher: (name: string, title = 'Lecturer') => call('POST', '/api/v1/teachers', { name, title }),
    course: (body: Record<string, unknown>) => call('POST', '/api/v1/courses', body),
    series: (body: Record<string, unknown>) => call('POST', '/api/v1/sys/series', body),
    publish: (id: number) => call('POST', `/api/v1/sys/series/${id}/publish`),
    addCourses: (id: number, ids: number[]) => call('POST', `/api/v1/sys/series/${id}/courses`, ids),
  };
}

/** The body of the next series write (POST or PUT) the page sends. */
const nextSeriesWrite = (page: Page, method: 'POST' | 'PUT') =>
  page.waitForRequest((request: Request) => request.method() === method && /\/api\/v1\/sys\/series(\/\d+)?$/.test(new URL(request.url()).pathname));

async function chooseCategory(page: Page, label: RegExp, title: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(title);
  await page.getByRole('option', { name: title, exact: true }).click();
}

/** The page is never wider than the window: long titles wrap, tables scroll in their own box. */
test.describe('series', () => {
  test('create with the preset values and the free/paid helper, then publish and unpublish through the switch', async ({ page, server, signInAs }) => {
    const data = await seed(server);
    const top = await data.category(short('Top'));
    const sub = await data.category(short('Sub'), top.id);
    const teacher = await data.teacher(short('Prof'), 'Professor');
    const presetCategory = await data.read('/api/v1/categories/1');
    const title = unique('Series');

    await signInAs();
    await page.goto('/series');
    await expect(page.getByRole('heading', { name: 'Series' })).toBeVisible();
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/series\/create$/);
    await expect(page.getByRole('heading', { name: 'Create Series' })).toBeVisible();

    // SPEC.md's preset values: a sample title, category 1, free at 0.
    const titleInput = page.getByLabel(/^Title/).first();
    await expect(titleInput).toHaveValue('Sample series');
    await expect(page.getByRole('combobox', { name: /^Category/ })).toHaveValue(String(presetCategory.title));
    await expect(page.getByRole('radio', { name: 'Free' })).toBeChecked();
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('0');
    await expect(page.getByLabel('Price', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Original price')).toHaveCount(0);

    // Paid opens both prices; free again sets both to 0 and hides the original price.
    await page.getByRole('radio', { name: 'Paid' }).check();
    await page.getByLabel('Price', { exact: true }).fill('99');
    await page.getByLabel('Original price').fill('149');
    await page.getByRole('radio', { name: 'Free' }).check();
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue('0');
    await expect(page.getByLabel('Original price')).toHaveCount(0);

    await titleInput.fill(title);
    await chooseCategory(page, /^Category/, String(sub.title));
    await page.locator('input[type="file"]').first().setInputFiles(picture);
    await expect(page.getByRole('alert')).toHaveText('Upload Successful');
    await page.getByRole('button', { name: 'Choose', exact: true }).click();
    const teachers = page.getByRole('dialog', { name: 'Select teachers' });
    await teachers.getByRole('searchbox').fill(String(teacher.name));
    await teachers.getByRole('checkbox', { name: `Choose ${teacher.name}` }).check();
    await teachers.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(page.getByTestId('teacher_ids-chosen')).toContainText(String(teacher.name));
    await page.getByLabel('Suitable for').fill('Beginners');
    await page.getByLabel(/^Selling points/).fill('Six courses, one project\nCode review by a mentor');
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await editor.pressSequentially('Take them in this order.');

    const sent = nextSeriesWrite(page, 'POST');
    await page.getByRole('button', { name: 'Submit' }).click();
    const body = (await sent).postDataJSON();
    await expect(page.getByRole('alert')).toHaveText('Create success.');
    await expect(page).toHaveURL(/\/series$/);
    expect(body).toMatchObject({
      title,
      category_id: sub.id,
      price: 0,
      original_price: 0,
      teacher_ids: [teacher.id],
      suit_crowds: 'Beginners',
      features: 'Six courses, one project\nCode review by a mentor',
    });
    expect(body.cover).toMatch(/\.png$/);
    // The free/paid choice is the form's own helper: only the prices go.
    expect(Object.keys(body).filter((key) => /free|fee|charge/i.test(key))).toEqual([]);

    await searchFor(page, title, 'word');
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${top.title} / ${sub.title}`);
    await expect(card).toContainText('Price: Free');
    await expect(card.locator('img[src*="/files/"]')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Course management' })).toHaveAttribute('href', /\/series\/\d+\/course$/);
    await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', /\/series\/\d+\/detail$/);

    // Publish: asked first, then said; the switch and the server agree.
    const toggle = card.getByRole('switch', { name: 'Published' });
    await expect(toggle).not.toBeChecked();
    await expect(card).toContainText('Unpublished');
    await toggle.click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText(`Publish the series "${title}"?`);
    await question.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Series published successfully');
    await expect(toggle).toBeChecked();
    const id = Number(/\/series\/(\d+)\/detail$/.exec((await card.getByRole('link', { name: title }).getAttribute('href'))!)![1]);
    expect((await data.read(`/api/v1/sys/series/${id}`)).available).toBe(true);

    // Cancelling the question changes nothing; confirming takes it off sale.
    await toggle.click();
    await expect(question).toContainText(`Take the series "${title}" off sale?`);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await question.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Series removed successfully');
    await expect(toggle).not.toBeChecked();
    await expect(card).toContainText('Unpublished');
    expect((await data.read(`/api/v1/sys/series/${id}`)).available).toBe(false);
  });

  test('in Japanese: the detail, two courses added at once and one removed, the course screen, edit with a refusal under its field, delete', async ({ page, server, signInAs }) => {
    const data = await seed(server);
    const top = await data.category(short('技術'));
    const sub = await data.category(short('ウェブ'), top.id);
    const word = short('講座');
    const [basics, advanced] = [await data.course({ title: `${word} 入門`, category_id: sub.id, price: 0 }), await data.course({ title: `${word} 応用`, category_id: sub.id, price: 3000 })];
    await data.course({ title: `${word} 実践`, category_id: sub.id, price: 5000 });
    const series = await data.series({ title: `${word} パス`, category_id: sub.id, price: 1200, original_price: 1500, suit_crowds: '初心者' });

    await signInAs();
    await page.goto('/series?locale=ja-JP');
    await expect(page.getByRole('heading', { name: 'シリーズ' })).toBeVisible();
    await searchFor(page, word, 'word');
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await card.getByRole('link', { name: `${word} パス` }).click();
    await expect(page).toHaveURL(new RegExp(`/series/${series.id}/detail$`));

    await expect(page.getByRole('heading', { name: 'シリーズの詳細' })).toBeVisible();
    const details = page.getByTestId('series-details');
    for (const shown of [`${word} パス`, `${top.title} / ${sub.title}`, '初心者', '1,200.00', '1,500.00', '非公開', new Date().getFullYear().toString()]) await expect(details).toContainText(shown);
    await expect(page.getByTestId('no-series-courses')).toHaveText('このシリーズにはまだコースがありません');

    // Two at once through the course picker, in the order they were ticked.
    await page.getByRole('button', { name: 'コースを追加' }).click();
    const picker = page.getByRole('dialog', { name: 'コースを選択' });
    await picker.getByRole('button', { name: '決定' }).click();
    await expect(picker.getByRole('alert')).toHaveText('コースを選択してください');
    await picker.getByRole('searchbox').fill(word);
    await expect(picker.getByRole('row')).toHaveCount(4);
    await picker.getByRole('checkbox', { name: `${word} 応用 を選択` }).check();
    await picker.getByRole('checkbox', { name: `${word} 入門 を選択` }).check();
    const added = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1/sys/series/${series.id}/courses`);
    await picker.getByRole('button', { name: '決定' }).click();
    expect((await added).postDataJSON()).toEqual([advanced.id, basics.id]);
    await expect(page.getByRole('alert')).toHaveText('2 件のコースを追加しました');
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(`${word} 応用`);
    await expect(rows.nth(2)).toContainText('無料');

    // Remove one, confirmed; the course itself stays.
    await rows.filter({ hasText: `${word} 入門` }).getByRole('button', { name: '外す' }).click();
    const question = page.getByRole('dialog');
    await expect(question).toContainText(`コース「${word} 入門」をこのシリーズから外しますか？`);
    await question.getByRole('button', { name: '確認' }).click();
    await expect(page.getByRole('alert')).toHaveText('コースを外しました');
    await expect(rows).toHaveCount(2);
    expect((await data.read(`/api/v1/courses/${basics.id}`)).title).toBe(`${word} 入門`);

    // The course screen shows the same list under the series' name.
    await page.getByRole('link', { name: 'シリーズ一覧に戻る' }).click();
    await searchFor(page, word, 'word');
    await card.getByRole('link', { name: 'コース管理' }).click();
    await expect(page).toHaveURL(new RegExp(`/series/${series.id}/course$`));
    await expect(page.getByRole('heading', { name: 'コース管理' })).toBeVisible();
    await expect(page.getByTestId('series-line')).toHaveText(`シリーズ：${word} パス · カテゴリー：${top.title} / ${sub.title}`);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`${word} 応用`);

    // Edit: the server's 400 shows under the field it names, in the user's language.
    await page.getByRole('link', { name: 'シリーズの詳細' }).click();
    await page.getByRole('link', { name: '編集', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/series/edit/${series.id}$`));
    await expect(page.getByRole('heading', { name: `シリーズの編集：${word} パス` })).toBeVisible();
    await expect(page.getByRole('radio', { name: '有料' })).toBeChecked();
    await page.getByLabel('元の価格').fill('1000');
    await page.getByRole('button', { name: '送信' }).click();
    await expect(page.getByText('価格（1200）より低くできません。表示しない場合は 0 にしてください', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/series/edit/${series.id}$`));
    await page.getByLabel('元の価格').fill('1800');
    await page.getByLabel('サブタイトル').fill('三つのコースで一人前');
    const sent = nextSeriesWrite(page, 'PUT');
    await page.getByRole('button', { name: '送信' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ subtitle: '三つのコースで一人前', price: 1200, original_price: 1800 });
    await expect(page.getByRole('alert')).toHaveText('編集しました');
    await expect(page).toHaveURL(/\/series(\?.*)?$/);

    // Delete, confirmed.
    await searchFor(page, word, 'word');
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: '削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '確認' }).click();
    await expect(page.getByRole('alert')).toHaveText('削除しました');
    await expect(card).toHaveCount(0);
    expect((await server.api('GET', `/api/v1/sys/series/${series.id}`, { token: (await server.signIn()).token })).status).toBe(404);
  });

  test('in Chinese: search by title, a top-level category takes in its subcategories, the state filter, the table', async ({ page, server, signInAs }) => {
    const data = await seed(server);
    const topA = await data.category(short('语言'));
    const a1 = await data.category(short('英语'), topA.id);
    const a2 = await data.category(short('日语'), topA.id);
    const topB = await data.category(short('设计'));
    const b1 = await data.category(short('插画'), topB.id);
    const word = short('系列');
    const english = await data.series({ title: `${word} 商务英语`, category_id: a1.id, price: 359 });
    await data.series({ title: `${word} 日语入门`, category_id: a2.id });
    await data.series({ title: `${word} 插画工作室`, category_id: b1.id, price: 199 });
    await data.publish(english.id);

    await signInAs();
    await page.goto('/series?locale=zh-CN');
    await expect(page.getByRole('heading', { name: '系列课程' })).toBeVisible();
    await searchFor(page, word, 'word');
    const cards = page.getByTestId('record-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: '日语入门' })).toContainText('价格: 免费');

    const filtered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('categoryId') === String(topA.id));
    await chooseCategory(page, /^分类/, String(topA.title));
    await filtered;
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: '插画工作室' })).toHaveCount(0);

    const published = page.waitForResponse((response) => new URL(response.url()).searchParams.get('available') === 'true');
    await page.getByRole('combobox', { name: '状态' }).click();
    await page.getByRole('option', { name: '已发布' }).click();
    await published;
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('商务英语');
    await expect(cards.getByRole('switch', { name: '已发布' })).toBeChecked();

    // The table shows the same series, numbered, with the switch in its status column.
    await page.getByRole('button', { name: '表格视图' }).click();
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('359.00');
    await expect(rows.nth(1).getByRole('switch', { name: '已发布' })).toBeChecked();
    await page.getByRole('button', { name: '卡片视图' }).click();
  });

  test('an unknown series is the not-found page; signed out, a series address leads to the sign-in', async ({ page, signInAs }) => {
    await page.goto('/series/1/detail');
    await expect(page).toHaveURL(/\/login$/);
    await signInAs();
    for (const address of ['/series/999999/detail', '/series/999999/course', '/series/abc/detail', '/series/edit/999999']) {
      await page.goto(address);
      await expect(page.getByTestId('not-found')).toBeVisible();
    }
  });
});

test.describe('series screens at 1440 and 390 px', () => {
  test('list (cards and table), detail, course screen, form, course picker and the publish question, in English and Chinese', async ({ page, server, signInAs }, testInfo) => {
    // Two languages at two widths, each screen drawn and captured.
    test.setTimeout(240_000);
    const data = await seed(server);
    const top = await data.category(short('Programming'));
    const sub = await data.category(short('Web'), top.id);
    const word = short('Shot');
    const courses = [];
    for (const title of ['Modern web development', '前端工程化实践', `${'Supercalifragilistic'.repeat(4)}`, 'はじめてのTypeScript'])
      courses.push(await data.course({ title: `${word} ${title}`, category_id: sub.id, price: title.length * 10 }));
    // A long unbroken title is the hardest one to lay out.
    await data.series({ title: `${word}-${'Supercalifragilistic'.repeat(5)}`, category_id: sub.id, price: 0, suit_crowds: 'Everyone'.repeat(20) });
    await data.series({ title: `${word} 一个很长的系列课程标题用来检查在手机屏幕上的换行效果`, category_id: sub.id, price: 99 });
    const main = await data.series({
      title: `${word} Web engineering path`,
      category_id: sub.id,
      price: 499,
      original_price: 799,
      suit_crowds: 'Beginners with some HTML',
      features: 'Four courses, one project\nCode review by a mentor',
    });
    await data.publish(main.id);
    await data.addCourses(main.id, courses.map((course) => course.id));
    await signInAs();

    for (const { locale, width } of screenPairs()) {
      const english = locale === 'en-US';
      const shot = (name: string) => testInfo.outputPath(`${name}-${locale}-${width}.png`);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/series?locale=${locale}`);
      await searchFor(page, word, 'word');
      const cards = page.getByTestId('record-card');
      await expect(cards).toHaveCount(3);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shot('series-cards'), fullPage: true });

      await cards.filter({ hasText: 'Web engineering path' }).getByRole('switch').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: shot('series-unpublish-question') });
      await page.getByRole('dialog').getByRole('button', { name: english ? 'Cancel' : '取消' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.getByRole('button', { name: english ? 'Table view' : '表格视图' }).click();
      await expect(page.getByRole('row')).toHaveCount(4);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shot('series-table'), fullPage: true });
      await page.getByRole('button', { name: english ? 'Card view' : '卡片视图' }).click();

      await page.goto(`/series/${main.id}/detail`);
      await expect(page.getByRole('row')).toHaveCount(5);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shot('series-detail'), fullPage: true });
      await page.getByRole('button', { name: english ? 'Add courses' : '添加课程' }).click();
      const picker = page.getByRole('dialog');
      await picker.getByRole('searchbox').fill(word);
      await expect(picker.getByRole('row')).toHaveCount(5);
      await picker.getByRole('row').nth(1).click();
      await picker.getByRole('row').nth(3).click();
      await page.screenshot({ path: shot('series-course-picker') });
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();

      await page.goto(`/series/${main.id}/course`);
      await expect(page.getByRole('row')).toHaveCount(5);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shot('series-courses'), fullPage: true });

      await page.goto('/series/create');
      await expect(page.locator('.ProseMirror')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shot('series-form'), fullPage: true });
    }
  });
});
