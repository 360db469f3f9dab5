import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, screenPairs, searchFor, shoot, startServer, storeSession, test, unique, type RunningServer } from './fixtures';

const picture = path.join(process.cwd(), 'test/fixtures/tiny.png');
const WELL_KNOWN_COURSE = 'React from first principles';

/** The texts the tests click and read, in the two languages they run in (typed here, not read from the catalogues). */
const texts = {
  'en-US': {
    heading: 'Carousels',
    group: 'Carousel group',
    create: 'Create',
    submit: 'Submit',
    cancel: 'Cancel',
    edit: 'Edit',
    delete: 'Delete',
    confirm: 'Confirm',
    title: 'Title',
    description: 'Description',
    choose: 'Choose',
    coursePicker: 'Select a course',
    ok: 'OK',
    colour: 'Background colour',
    link: 'Custom link',
    uploaded: 'Upload Successful',
    created: 'Create success.',
    updated: 'Edit Success',
    deleted: 'Delete success',
    empty: 'No data',
    badColour: 'A colour such as #FFF or #1A2B3C',
    badLink: 'A web address starting with http:// or https://',
    required: 'Required',
    missing: 'The chosen record does not exist',
    tableView: 'Table view',
  },
  'zh-CN': {
    heading: '轮播图',
    group: '轮播图分组',
    create: '新建',
    submit: '提交',
    cancel: '取消',
    edit: '编辑',
    delete: '删除',
    confirm: '确认',
    title: '标题',
    description: '描述',
    choose: '选择',
    coursePicker: '选择课程',
    ok: '确定',
    colour: '背景颜色',
    link: '自定义链接',
    uploaded: '上传成功',
    created: '创建成功',
    updated: '编辑成功',
    deleted: '删除成功',
    empty: '暂无数据',
    badColour: '请填写颜色，如 #FFF 或 #1A2B3C',
    badLink: '请填写以 http:// 或 https:// 开头的网址',
    required: '必填',
    missing: '所选记录不存在',
    tableView: '表格视图',
  },
} as const;
type Locale = keyof typeof texts;

interface Group {
  id: number;
  ucode: string;
  name: string;
}

/** Calls the API as the administrator, failing loudly on anything but success. */
async function adminApi(server: RunningServer) {
  const { token } = await server.signIn();
  const call = async <T = any>(method: string, apiPath: string, body?: unknown): Promise<T> => {
    const answer = await server.api(method, apiPath, { token, body });
    if (answer.status !== 200) throw new Error(`${method} ${apiPath}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  return {
    call,
    status: async (method: string, apiPath: string) => (await server.api(method, apiPath, { token })).status,
    /** The groups oldest first: the list opens on the first. */
    groups: async () => (await call<{ items: Group[] }>('GET', '/api/v1/carousel_groups?page_size=100&sort_by=id&order=asc')).items,
    group: (name: string) => call<Group>('POST', '/api/v1/carousel_groups', { ucode: unique('cg').replace(/[^A-Za-z0-9_-]/g, '_'), name }),
    carousel: (body: Record<string, unknown>) => call<{ id: number }>('POST', '/api/v1/carousels', { image_link: 'demo/cover-1.jpg', ...body }),
  };
}

/** Resolves once the list has answered for this group. */
const listAnswered = (page: Page, groupId: number) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/v1/carousels/pager' && url.searchParams.get('carousel_group_id') === String(groupId);
  });

/** Chooses a group in the list's filter and waits for its carousels. */
async function showGroup(page: Page, locale: Locale, group: Group) {
  const answered = listAnswered(page, group.id);
  const field = page.getByRole('combobox', { name: texts[locale].group });
  // The group shown comes a moment after the page draws, and then takes the field's text: typed
  // before it, the name was run together with it ("Home pageSidebar-...") and matched nothing.
  await expect(field).not.toHaveValue('');
  // The group is searched among every group: typing finds it, however many there are.
  await field.fill(group.name);
  await page.getByRole('option', { name: group.name, exact: true }).click();
  const { data } = await (await answered).json();
  await expect(field).toHaveValue(group.name);
  // The answer arrives a moment before it is drawn: until then the cards are the last group's.
  await expect(page.getByTestId('record-card')).toHaveCount(data.items.length);
}

/** A browser signed in as the administrator, with nothing else in its storage (no Store, no remembered group). */
async function freshBrowser(browser: Browser, server: RunningServer, locale: Locale, width = 1440) {
  const session = await server.signIn();
  const context = await browser.newContext({ locale, viewport: { width, height: 900 }, baseURL: server.url });
  await storeSession(context, session);
  return { context, page: await context.newPage() };
}

test.describe('carousels', () => {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const t = texts[locale];

    test(`${locale}: create in the second group with an uploaded image, find it by the group filter, edit (a bad colour changes nothing), delete`, async ({ page, server, signInAs }) => {
      const api = await adminApi(server);
      const [first, second] = await api.groups();
      const title = unique(locale === 'en-US' ? 'Spring banner' : '春季横幅');
      await signInAs();

      // The list opens on the first group.
      const firstAnswered = listAnswered(page, first.id);
      await page.goto(`/carousel?locale=${locale}`);
      await firstAnswered;
      await expect(page.getByRole('heading', { name: t.heading, exact: true })).toBeVisible();
      await expect(page.getByRole('combobox', { name: t.group })).toHaveValue(first.name);

      // Create, opened on the first group: the form starts in it; the carousel goes to the second.
      await page.getByRole('link', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL(/\/carousel\/create$/);
      const groupInput = page.getByRole('combobox', { name: new RegExp(`^${t.group}`) });
      await expect(groupInput).toHaveValue(first.name);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('[name="title"]')).toHaveAccessibleDescription(new RegExp(`^${t.required}`));

      await page.getByLabel(t.title, { exact: false }).first().fill(title);
      await page.getByLabel(t.description).fill('Shown at the top in spring');
      await groupInput.fill(second.name);
      await page.getByRole('option', { name: second.name, exact: true }).click();
      await expect(groupInput).toHaveValue(second.name);

      await page.getByRole('button', { name: t.choose, exact: true }).click();
      const picker = page.getByRole('dialog', { name: t.coursePicker });
      await picker.getByRole('searchbox').fill(WELL_KNOWN_COURSE);
      await picker.getByRole('row').filter({ hasText: WELL_KNOWN_COURSE }).first().click();
      await picker.getByRole('button', { name: t.ok }).click();
      await expect(page.getByTestId('target_id-chosen')).toContainText(WELL_KNOWN_COURSE);

      await page.locator('input[type="file"]').setInputFiles(picture);
      await expect(page.getByRole('alert')).toHaveText(t.uploaded);
      // The preview shows the uploaded image on the colour typed.
      await page.getByLabel(t.colour).fill('#0a0');
      const preview = page.getByTestId('carousel-banner');
      await expect(preview.locator('img')).toHaveJSProperty('complete', true);
      await expect(preview).toHaveCSS('background-color', 'rgb(0, 170, 0)');

      await page.getByLabel(t.link).fill('not a link');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('[name="customized_link"]')).toHaveAccessibleDescription(new RegExp(`^${t.badLink}`));
      await page.getByLabel(t.link).fill('https://example.com/spring');

      const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v1/carousels');
      await page.getByRole('button', { name: t.submit }).click();
      const record = (await (await created).json()).data;
      await expect(page.getByRole('alert')).toHaveText(t.created);
      expect(record).toMatchObject({ title, carousel_group_id: second.id, target_type: 'course', image_background_color: '#0a0', customized_link: 'https://example.com/spring' });
      expect(record.image_link).toMatch(/\.png$/);
      expect(record.target.title).toBe(WELL_KNOWN_COURSE);

      // Back on the group the list showed: not there; the second group's filter finds it.
      await expect(page).toHaveURL(/\/carousel(\?.*)?$/);
      await expect(page.getByRole('combobox', { name: t.group })).toHaveValue(first.name);
      await searchFor(page, title);
      await expect(page.getByText(t.empty)).toBeVisible();
      await showGroup(page, locale, second);
      const card = page.getByTestId('record-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(title);
      await expect(card).toContainText(WELL_KNOWN_COURSE);
      await expect(card).toContainText('#0a0');
      await expect(card.getByRole('link', { name: 'https://example.com/spring' })).toHaveAttribute('target', '_blank');
      const image = card.getByTestId('carousel-banner').locator('img');
      await expect(image).toHaveJSProperty('complete', true);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const shown = (await image.boundingBox())!;
      expect(shown.width).toBeLessThanOrEqual(200);
      expect(shown.height).toBeLessThanOrEqual(200);

      // A create opened from the second group starts in it.
      await page.getByRole('link', { name: t.create, exact: true }).click();
      await expect(page.getByRole('combobox', { name: new RegExp(`^${t.group}`) })).toHaveValue(second.name);
      // Cancel: back to the list as it was, the search included.
      await page.getByRole('button', { name: t.cancel }).click();
      await expect(page.getByRole('combobox', { name: t.group })).toHaveValue(second.name);
      await expect(card).toHaveCount(1);

      // Edit: a bad colour shows under the field and sends nothing.
      await card.getByRole('link', { name: t.edit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/carousel/edit/${record.id}$`));
      await expect(page.getByLabel(t.colour)).toHaveValue('#0a0');
      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT') writes.push(request.url());
      });
      await page.getByLabel(t.colour).fill('#12345G');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('[name="image_background_color"]')).toHaveAccessibleDescription(t.badColour);
      await expect(page).toHaveURL(new RegExp(`/carousel/edit/${record.id}$`));
      expect(writes).toEqual([]);
      expect((await api.call('GET', `/api/v1/carousels/${record.id}`)).image_background_color).toBe('#0a0');

      await page.getByLabel(t.colour).fill('#1E3A5F');
      await page.getByLabel(t.title, { exact: false }).first().fill(`${title} v2`);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('alert')).toHaveText(t.updated);
      // The list comes back on the group it showed.
      await expect(page.getByRole('combobox', { name: t.group })).toHaveValue(second.name);
      await searchFor(page, `${title} v2`);
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('#1E3A5F');
      await expect(card.getByTestId('carousel-banner')).toHaveCSS('background-color', 'rgb(30, 58, 95)');
      expect(await api.call('GET', `/api/v1/carousels/${record.id}`)).toMatchObject({ title: `${title} v2`, image_background_color: '#1E3A5F', carousel_group_id: second.id });

      // Delete, confirmed.
      await card.getByRole('button', { name: t.delete, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
      await expect(page.getByRole('alert')).toHaveText(t.deleted);
      await expect(page.getByText(t.empty)).toBeVisible();
      expect(await api.status('GET', `/api/v1/carousels/${record.id}`)).toBe(404);
    });
  }

  test('a fresh browser opens on the first group after a spinner; the group shown is remembered, and a deleted one falls back to the first', async ({ browser, server }) => {
    const api = await adminApi(server);
    const [first, second] = await api.groups();
    // Made before the page loads the groups; deleted later, while the list shows it.
    const gone = await api.group(unique('Gone'));
    const { context, page } = await freshBrowser(browser, server, 'en-US');

    // The groups are held back a moment: the spinner shows until they come.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const groupsCall = (url: URL) => url.pathname === '/api/v1/carousel_groups';
    await page.route(groupsCall, async (route) => {
      await held;
      await route.continue();
    });
    const firstAnswered = listAnswered(page, first.id);
    await page.goto('/carousel');
    await expect(page.getByRole('progressbar', { name: 'Loading the carousel groups' })).toBeVisible();
    await expect(page.getByTestId('record-card')).toHaveCount(0);
    release();
    await firstAnswered;
    await expect(page.getByRole('progressbar', { name: 'Loading the carousel groups' })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Carousel group' })).toHaveValue(first.name);
    const firstTitles = (await api.call<{ items: { title: string }[] }>('GET', `/api/v1/carousels/pager?carousel_group_id=${first.id}&page_size=10`)).items;
    await expect(page.getByTestId('record-card')).toHaveCount(firstTitles.length);
    await page.unroute(groupsCall);

    // Chosen once, the group is where the list opens next time.
    await showGroup(page, 'en-US', second);
    const secondAnswered = listAnswered(page, second.id);
    await page.goto('/carousel');
    await secondAnswered;
    await expect(page.getByRole('combobox', { name: 'Carousel group' })).toHaveValue(second.name);

    // A group deleted meanwhile (an old link too) leads back to the first.
    await showGroup(page, 'en-US', gone);
    await api.call('DELETE', `/api/v1/carousel_groups/${gone.id}`);
    const backToFirst = listAnswered(page, first.id);
    await page.goto('/carousel');
    await backToFirst;
    await expect(page.getByRole('combobox', { name: 'Carousel group' })).toHaveValue(first.name);
    await page.goto(`/carousel?filter=${encodeURIComponent(JSON.stringify({ carousel_group_id: 999999 }))}`);
    await expect(page.getByRole('combobox', { name: 'Carousel group' })).toHaveValue(first.name);
    await context.close();

    // Signed out, the address leads to the sign-in page.
    const signedOut = await browser.newPage({ baseURL: server.url });
    await signedOut.goto('/carousel/create');
    await expect(signedOut).toHaveURL(/\/login/);
    await signedOut.close();
  });

  test('a group holding carousels is not deleted, in the user\'s language; once its last carousel is gone it is', async ({ page, server, signInAs }, testInfo) => {
    const api = await adminApi(server);
    const group = await api.group(unique('Sidebar'));
    const carousel = await api.carousel({ title: unique('Last one'), carousel_group_id: group.id });
    await signInAs();

    // On a phone, where the refusal has the least room.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/carousel_group?locale=zh-CN');
    await searchFor(page, group.ucode);
    const groupCard = page.getByTestId('record-card');
    await expect(groupCard).toHaveCount(1);
    await groupCard.getByRole('button', { name: '删除', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect(page.getByRole('alert')).toHaveText(`轮播图分组“${group.name}”下有 1 张轮播图，无法删除：请先移走或删除这些轮播图`);
    await expect(groupCard).toHaveCount(1);
    await page.screenshot({ path: testInfo.outputPath('carousel-group-refused-zh-CN-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/carousel');
    await showGroup(page, 'zh-CN', group);
    await page.getByTestId('record-card').getByRole('button', { name: '删除', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect(page.getByRole('alert')).toHaveText('删除成功');
    expect(await api.status('GET', `/api/v1/carousels/${carousel.id}`)).toBe(404);

    await page.goto('/carousel_group');
    await searchFor(page, group.ucode);
    await expect(groupCard).toHaveCount(1);
    await groupCard.getByRole('button', { name: '删除', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();
    await expect(page.getByRole('alert')).toHaveText('删除成功');
    expect(await api.status('GET', `/api/v1/carousel_groups/${group.id}`)).toBe(404);

    // The same refusal in English and Japanese, as the server words it for the console's language.
    const held = await api.group(unique('Held'));
    await api.carousel({ title: unique('One'), carousel_group_id: held.id });
    await api.carousel({ title: unique('Two'), carousel_group_id: held.id });
    for (const [locale, message] of [
      ['en-US', `The carousel group "${held.name}" holds 2 carousels and cannot be deleted: move or delete them first`],
      ['ja-JP', `カルーセルグループ「${held.name}」には 2 件のカルーセルがあるため削除できません。先にカルーセルを移動または削除してください`],
    ]) {
      await page.goto(`/carousel_group?locale=${locale}`);
      await searchFor(page, held.ucode);
      // The answer has come; the cards drawn before it may still be on screen for a moment.
      await expect(groupCard).toHaveCount(1);
      await groupCard.getByRole('button', { name: locale === 'en-US' ? 'Delete' : '削除', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: locale === 'en-US' ? 'Confirm' : '確認' }).click();
      await expect(page.getByRole('alert')).toHaveText(message);
      await page.screenshot({ path: testInfo.outputPath(`carousel-group-refused-${locale}-1440.png`) });
    }
  });

  test('the server\'s 400 shows under its field: a group deleted while the form was open', async ({ page, server, signInAs }) => {
    const api = await adminApi(server);
    const group = await api.group(unique('Short-lived'));
    await signInAs();
    await page.goto('/carousel');
    await showGroup(page, 'en-US', group);
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('combobox', { name: /^Carousel group/ })).toHaveValue(group.name);
    await page.getByLabel('Title', { exact: false }).first().fill(unique('Orphan'));
    await page.locator('input[type="file"]').setInputFiles(picture);
    await expect(page.getByRole('alert')).toHaveText('Upload Successful');
    await api.call('DELETE', `/api/v1/carousel_groups/${group.id}`);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('combobox', { name: /^Carousel group/ })).toHaveAccessibleDescription('The chosen record does not exist');
    await expect(page).toHaveURL(/\/carousel\/create$/);
    const left = await api.call<{ total: number }>('GET', `/api/v1/carousels/pager?carousel_group_id=${group.id}`);
    expect(left.total).toBe(0);
  });

  test('with no group yet: the list says so and leads to creating one, then opens on it', async ({ browser }, testInfo) => {
    // A server of its own, without the demo: its start counts against the test's time.
    test.setTimeout(120_000);
    const { server, stop } = await startServer({ SEED_DEMO: 'false' });
    try {
      const { context, page } = await freshBrowser(browser, server, 'en-US');
      await page.goto('/carousel');
      const empty = page.getByTestId('no-carousel-groups');
      await expect(empty).toContainText('No carousel groups yet');
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await shoot(page, testInfo, `carousel-no-groups-en-US-${width}`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect(page.getByRole('link', { name: 'Create', exact: true })).toHaveCount(0);
      await page.getByRole('link', { name: 'Create a carousel group' }).click();
      await expect(page).toHaveURL(/\/carousel_group\/create$/);
      await page.getByLabel('Code (ucode)').fill('hero');
      await page.getByLabel('Name').fill('Hero banners');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toHaveText('Create success.');

      await page.goto('/carousel');
      await expect(page.getByRole('combobox', { name: 'Carousel group' })).toHaveValue('Hero banners');
      await expect(page.getByText('No data')).toBeVisible();
      await context.close();
    } finally {
      await stop();
    }
  });

  test('screens at 1440 and 390 px, in English and Chinese', async ({ browser, server }, testInfo) => {
    // Sixteen captures in two languages: past the default minute on a busy machine, as the other screen tests.
    test.setTimeout(180_000);
    const api = await adminApi(server);
    const [first] = await api.groups();
    // A carousel whose texts do not break: the list must still keep its width.
    await api.carousel({
      title: `Unbroken-${'x'.repeat(55)}`,
      description: 'y'.repeat(300),
      carousel_group_id: first.id,
      customized_link: `https://example.com/${'z'.repeat(200)}`,
      image_background_color: '#FFF',
    });
    for (const { locale, width } of screenPairs()) {
      const { context, page } = await freshBrowser(browser, server, locale, width);
      const shot = (name: string) => shoot(page, testInfo, `${name}-${locale}-${width}`);
      await page.goto('/carousel');
      await expect(page.getByTestId('record-card').first()).toBeVisible();
      await expect(page.getByTestId('carousel-banner').first().locator('img')).toHaveJSProperty('complete', true);
      await expectNoSidewaysScroll(page);
      await shot('carousel-cards');

      await page.getByRole('button', { name: texts[locale].tableView }).click();
      await expect(page.locator('tbody tr').first()).toBeVisible();
      for (const img of await page.locator('tbody img').all()) {
        const box = (await img.boundingBox())!;
        expect(box.width).toBeLessThanOrEqual(200);
        expect(box.height).toBeLessThanOrEqual(200);
      }
      await expectNoSidewaysScroll(page);
      await shot('carousel-table');

      await page.getByRole('button', { name: 'Learn React from first principles' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('carousel-detail');
      await page.keyboard.press('Escape');

      await page.goto('/carousel/edit/1');
      await expect(page.getByLabel(texts[locale].colour)).toHaveValue('#1E3A5F');
      await page.getByLabel(texts[locale].colour).fill('#GGG');
      await page.getByRole('button', { name: texts[locale].submit }).click();
      await expect(page.locator('[name="image_background_color"]')).toHaveAccessibleDescription(texts[locale].badColour);
      await expectNoSidewaysScroll(page);
      // What the user sees there: the field and its message above the toolbar that sticks to the bottom on a phone.
      await page.getByLabel(texts[locale].colour).evaluate((input) => input.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: testInfo.outputPath(`carousel-form-bad-colour-${locale}-${width}.png`) });
      await context.close();
    }
  });
});
