import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, test, unique } from './fixtures';

/** The texts of one locale, as the console shows them. */
interface Texts {
  locale: string;
  heading: string;
  createTop: string;
  createChild: string;
  name: string;
  submit: string;
  edit: string;
  moveUp: string;
  moveDown: string;
  delete: string;
  confirm: string;
  created: string;
  updated: string;
  deleted: string;
  required: string;
  noChildren: string;
  newHeading: string;
  childHeading: (parent: string) => string;
  editHeading: (title: string) => string;
  holds: (title: string, count: number) => string;
}

const english: Texts = {
  locale: 'en-US',
  heading: 'Categories',
  createTop: 'New top-level category',
  createChild: 'New subcategory',
  name: 'Category name',
  submit: 'Submit',
  edit: 'Edit',
  moveUp: 'Move up',
  moveDown: 'Move down',
  delete: 'Delete',
  confirm: 'Confirm',
  created: 'Create success.',
  updated: 'Edit Success',
  deleted: 'Delete success',
  required: 'Required',
  noChildren: 'no subcategory',
  newHeading: 'New category',
  childHeading: (parent) => `New subcategory of ${parent}`,
  editHeading: (title) => `Edit category: ${title}`,
  holds: (title, count) => `The category "${title}" holds ${count} subcategories and cannot be deleted: delete or move them first`,
};

const chinese: Texts = {
  locale: 'zh-CN',
  heading: '课程分类',
  createTop: '新建一级分类',
  createChild: '新建子分类',
  name: '分类名称',
  submit: '提交',
  edit: '编辑',
  moveUp: '上移',
  moveDown: '下移',
  delete: '删除',
  confirm: '确认',
  created: '创建成功',
  updated: '编辑成功',
  deleted: '删除成功',
  required: '必填',
  noChildren: '暂无子分类',
  newHeading: '新建分类',
  childHeading: (parent) => `新建“${parent}”的子分类`,
  editHeading: (title) => `编辑分类：${title}`,
  holds: (title, count) => `分类“${title}”下有 ${count} 个子分类，无法删除：请先删除或移走子分类`,
};

const category = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** The top-level category's own row (its subcategories have rows of their own below it). */
const topRow = (page: Page, title: string) => category(page, title).getByTestId('category-row').first();
const subRow = (page: Page, parent: string, title: string) =>
  category(page, parent).getByTestId('subcategory').filter({ has: page.getByText(title, { exact: true }) });
const subTitles = (page: Page, parent: string) => category(page, parent).getByTestId('subcategory-title');

/** The top-level titles among `mine`, in screen order (other tests and the demo add their own). */
async function topOrder(page: Page, mine: string[]) {
  const shown = await page.getByTestId('category-title').allTextContents();
  return shown.filter((title) => mine.includes(title));
}

async function createFromTree(page: Page, t: Texts, button: ReturnType<Page['getByRole']>, heading: string, title: string) {
  await button.click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByLabel(t.name).fill(title);
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(t.created);
  await expect(page).toHaveURL(/\/course_category$/);
  await expect(page.getByText(title, { exact: true })).toBeVisible();
}

for (const t of [english, chinese]) {
  test.describe(`category tree (${t.locale})`, () => {
    test('build a tree, reorder it, edit, and delete with the one confirm', async ({ page, signInAs }) => {
      const [first, second] = [unique('Top A'), unique('Top B')];
      const subs = ['one', 'two', 'three'].map((name) => unique(`Sub ${name}`));
      await signInAs();
      await page.goto(`/course_category?locale=${t.locale}`);
      await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();

      // An empty title is refused under the field before anything is sent.
      await page.getByRole('link', { name: t.createTop }).click();
      await expect(page).toHaveURL(/\/course_category\/create\?parent_id=0$/);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('[name="title"]')).toHaveAccessibleDescription(t.required);
      await page.goBack();

      const createTop = page.getByRole('link', { name: t.createTop });
      await createFromTree(page, t, createTop, t.newHeading, first);
      await createFromTree(page, t, createTop, t.newHeading, second);
      await expect(category(page, second)).toContainText(t.noChildren);
      for (const sub of subs) {
        await createFromTree(page, t, topRow(page, first).getByRole('link', { name: t.createChild }), t.childHeading(first), sub);
      }
      await expect(subTitles(page, first)).toHaveText(subs);
      await expect(category(page, first)).not.toContainText(t.noChildren);
      expect(await topOrder(page, [first, second])).toEqual([first, second]);

      // The ends cannot move past themselves.
      await expect(subRow(page, first, subs[0]).getByRole('button', { name: t.moveUp })).toBeDisabled();
      await expect(subRow(page, first, subs[0]).getByRole('button', { name: t.moveDown })).toBeEnabled();
      await expect(subRow(page, first, subs[2]).getByRole('button', { name: t.moveDown })).toBeDisabled();
      await expect(topRow(page, second).getByRole('button', { name: t.moveDown })).toBeDisabled();
      await expect(page.getByTestId('category-row').first().getByRole('button', { name: t.moveUp })).toBeDisabled();

      await subRow(page, first, subs[2]).getByRole('button', { name: t.moveUp }).click();
      await expect(subTitles(page, first)).toHaveText([subs[0], subs[2], subs[1]]);
      await subRow(page, first, subs[0]).getByRole('button', { name: t.moveDown }).click();
      await expect(subTitles(page, first)).toHaveText([subs[2], subs[0], subs[1]]);
      await topRow(page, second).getByRole('button', { name: t.moveUp }).click();
      await expect(page.getByTestId('category-title').filter({ hasText: second })).toBeVisible();
      await expect.poll(() => topOrder(page, [first, second])).toEqual([second, first]);

      await page.reload();
      await expect(subTitles(page, first)).toHaveText([subs[2], subs[0], subs[1]]);
      expect(await topOrder(page, [first, second])).toEqual([second, first]);
      await expect(subRow(page, first, subs[2]).getByRole('button', { name: t.moveUp })).toBeDisabled();
      await expect(subRow(page, first, subs[1]).getByRole('button', { name: t.moveDown })).toBeDisabled();

      // Edit at /course_category/{id}/edit?parent_id=...
      const renamed = `${subs[0]} x`;
      await subRow(page, first, subs[0]).getByRole('link', { name: t.edit }).click();
      await expect(page).toHaveURL(/\/course_category\/\d+\/edit\?parent_id=\d+$/);
      await expect(page.getByRole('heading', { name: t.editHeading(subs[0]) })).toBeVisible();
      await expect(page.getByLabel(t.name)).toHaveValue(subs[0]);
      await page.getByLabel(t.name).fill(renamed);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByRole('alert')).toHaveText(t.updated);
      await expect(subTitles(page, first)).toHaveText([subs[2], renamed, subs[1]]);

      // A category that holds subcategories: the server says why it stays.
      await topRow(page, first).getByRole('button', { name: t.delete }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
      await expect(page.getByRole('alert')).toHaveText(t.holds(first, 3));
      await expect(category(page, first)).toBeVisible();

      // A leaf goes, and its siblings close ranks.
      await subRow(page, first, renamed).getByRole('button', { name: t.delete }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
      await expect(page.getByRole('alert')).toHaveText(t.deleted);
      await expect(subTitles(page, first)).toHaveText([subs[2], subs[1]]);
      await expect(subRow(page, first, subs[1]).getByRole('button', { name: t.moveUp })).toBeEnabled();
    });
  });
}

test.describe('category tree layout', () => {
  test('a long title wraps inside the row at 1440 and 390 px', async ({ page, server, signInAs }, testInfo) => {
    const { token } = await server.signIn();
    // 32 characters (the most a title takes) and no space to break at: the hardest title to lay out.
    const long = `${unique('L')}Appliedmachinelearningcertificate`.slice(0, 32);
    const parent = await server.api('POST', '/api/v1/categories', { token, body: { title: long } });
    await server.api('POST', '/api/v1/categories', { token, body: { title: `${long.slice(0, 28)} sub`, parent_id: parent.body.data.id } });
    await signInAs();
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/course_category?locale=en-US');
      const region = category(page, long);
      await region.scrollIntoViewIfNeeded();
      await expect(region).toBeVisible();
      await expectNoSidewaysScroll(page, { locator: region, width });
      await region.screenshot({ path: testInfo.outputPath(`category-${width}.png`) });
      await page.screenshot({ path: testInfo.outputPath(`categories-page-${width}.png`), fullPage: false });
    }
  });
});
