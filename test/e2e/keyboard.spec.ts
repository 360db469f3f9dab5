import { catalogues } from '../../i18n/catalogues';
import type { ConsoleLocale } from '../../i18n/locales';
import { courseWithChapters, expect, pageBackground, test, unique } from './fixtures';

test.describe('dark mode and the keyboard', () => {
  test('the theme is switched from the header and kept; / focuses the search; Alt+Arrow moves chapters, sections and categories', async ({ page, server, signInAs }) => {
    test.setTimeout(240_000);
    const { token } = await server.signIn();
    // A course of our own with two chapters, the first with two sections: nothing else moves them.
    const category = await server.api('POST', '/api/v1/categories', { token, body: { title: unique('kbd-top') } });
    const course = (await server.api('POST', '/api/v1/courses', { token, body: { title: unique('kbd-course'), category_id: category.body.data.id } })).body.data;
    const chapter = async (title: string, parent_id = 0) =>
      (await server.api('POST', '/api/v1/chapters', { token, body: { title, course_id: course.id, parent_id, res_type: 'video' } })).body.data;
    const first = await chapter('Alpha');
    await chapter('Beta');
    await chapter('Alpha one', first.id);
    await chapter('Alpha two', first.id);

    await signInAs();
    await page.goto('/course');
    await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();

    // Dark mode from the header, remembered across a reload (react-admin's Store, under `theme`).
    const light = await pageBackground(page);
    await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
    await expect.poll(() => pageBackground(page)).not.toBe(light);
    const dark = await pageBackground(page);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Courses' })).toBeVisible();
    expect(await pageBackground(page)).toBe(dark);

    // `/` focuses the list's search, but types a slash where one is being typed.
    const search = page.getByPlaceholder('Search');
    await expect(search).toHaveAttribute('aria-keyshortcuts', '/');
    await page.locator('body').press('/');
    await expect(search).toBeFocused();
    await expect(search).toHaveValue('');
    await page.keyboard.type('a/b');
    await expect(search).toHaveValue('a/b');
    await search.fill('');

    // Chapters: Tab to a chapter's move button, then Alt+ArrowDown from the keyboard alone.
    await page.goto(`/course/${course.id}/chapter`);
    const chapterTitles = page.getByTestId('chapter-title').locator('span:not([data-testid])');
    await expect(chapterTitles).toHaveText(['Alpha', 'Beta']);
    const alpha = page.getByTestId('chapter').filter({ has: page.getByText('Alpha', { exact: true }) });
    const alphaDown = alpha.getByTestId('chapter-row').getByRole('button', { name: 'Move down' });
    await expect(alphaDown).toHaveAttribute('aria-keyshortcuts', 'Alt+ArrowDown');
    await alphaDown.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(chapterTitles).toHaveText(['Beta', 'Alpha']);
    // Announced (the toast is an alert), and the focus stays with the moved chapter: down is now
    // disabled at the bottom, so it is on its move-up button.
    await expect(page.getByRole('alert')).toContainText('"Alpha" is now 2 of 2');
    await expect(alpha.getByTestId('chapter-row').getByRole('button', { name: 'Move up' })).toBeFocused();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(chapterTitles).toHaveText(['Alpha', 'Beta']);
    await expect(page.getByRole('alert')).toContainText('"Alpha" is now 1 of 2');

    // Sections move among their chapter's sections, from any focused control in the row (its edit link).
    const sectionTitles = alpha.getByTestId('section-title').locator('span:not([data-testid])');
    await expect(sectionTitles).toHaveText(['Alpha one', 'Alpha two']);
    await alpha.getByTestId('section-row').first().getByRole('link', { name: 'Edit' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(sectionTitles).toHaveText(['Alpha two', 'Alpha one']);
    await expect(page.getByRole('alert')).toContainText('"Alpha one" is now 2 of 2');
    await expect(alpha.getByTestId('section-row').nth(1).getByRole('link', { name: 'Edit' })).toBeFocused();
    const stored = (await server.api('GET', `/api/v1/courses/${course.id}/chapters/tree`, { token })).body.data;
    expect(stored.map((node: { title: string }) => node.title)).toEqual(['Alpha', 'Beta']);
    expect(stored[0].children.map((node: { title: string }) => node.title)).toEqual(['Alpha two', 'Alpha one']);

    // Categories: the same keys on a top-level category (ours was made last, so it is the last one).
    await page.goto('/course_category');
    const topTitles = page.getByTestId('category-title');
    await expect(topTitles.last()).toHaveText(category.body.data.title);
    const count = await topTitles.count();
    const ours = page.getByTestId('category').filter({ has: page.getByText(category.body.data.title, { exact: true }) });
    await ours.getByTestId('category-row').first().getByRole('button', { name: 'Move up' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(topTitles.nth(count - 2)).toHaveText(category.body.data.title);
    await expect(page.getByRole('alert')).toContainText(`"${category.body.data.title}" is now ${count - 1} of ${count}`);
    await expect(ours.getByTestId('category-row').first().getByRole('button', { name: 'Move up' })).toBeFocused();
  });

  test('in Chinese and Japanese: the theme button, / on the search, and a chapter moved by Alt+Arrow and announced in the language', async ({ page, server, signInAs }) => {
    const { token } = await server.signIn();
    const course = await courseWithChapters(server, token, 'kbd-lang', ['Eins', 'Zwei']);
    await signInAs();
    for (const locale of ['zh-CN', 'ja-JP'] as ConsoleLocale[]) {
      const messages = catalogues[locale] as any;
      await page.goto(`/course?locale=${locale}`);
      await expect(page.locator('header').getByRole('button', { name: messages.ra.action.toggle_theme })).toBeVisible();
      const search = page.getByPlaceholder(messages.ra.action.search);
      await expect(search).toHaveAttribute('aria-keyshortcuts', '/');
      await page.locator('body').press('/');
      await expect(search).toBeFocused();

      await page.goto(`/course/${course.id}/chapter`);
      const titles = page.getByTestId('chapter-title').locator('span:not([data-testid])');
      await expect(titles).toHaveText(['Eins', 'Zwei']);
      const eins = page.getByTestId('chapter').filter({ has: page.getByText('Eins', { exact: true }) });
      await eins.getByTestId('chapter-row').getByRole('button', { name: messages.app.tree.move_down }).focus();
      await page.keyboard.press('Alt+ArrowDown');
      await expect(titles).toHaveText(['Zwei', 'Eins']);
      const moved = (place: number) => (messages.app.tree.moved as string).replace('%{title}', 'Eins').replace('%{place}', String(place)).replace('%{count}', '2');
      await expect(page.getByRole('alert')).toContainText(moved(2));
      await expect(eins.getByTestId('chapter-row').getByRole('button', { name: messages.app.tree.move_up })).toBeFocused();
      await page.keyboard.press('Alt+ArrowUp');
      await expect(titles).toHaveText(['Eins', 'Zwei']);
      await expect(page.getByRole('alert')).toContainText(moved(1));
    }
  });
});
