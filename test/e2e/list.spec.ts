import type { Page } from '@playwright/test';
import { expect, searchFor, test, unique, type RunningServer } from './fixtures';

/** Carousel groups of this test's own, found again through the search box. */
async function seedGroups(server: RunningServer, prefix: string, count: number) {
  const { token } = await server.signIn();
  for (let n = 1; n <= count; n++) {
    const ucode = `${prefix}-${String(n).padStart(2, '0')}`;
    const answer = await server.api('POST', '/api/v1/carousel_groups', { token, body: { ucode, name: `Group ${ucode}` } });
    expect(answer.status).toBe(200);
  }
}

async function openList(page: Page, prefix: string) {
  await page.goto('/carousel_group');
  await searchFor(page, prefix);
}

test.describe('the list machinery', () => {
  test('cards by default, four to a row; table on request; the choice survives a reload', async ({ page, server, signInAs }) => {
    const prefix = unique('view');
    await seedGroups(server, prefix, 5);
    await signInAs();
    await openList(page, prefix);
    await expect(page.getByTestId('record-card')).toHaveCount(5);
    const tops = await page.getByTestId('record-card').evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
    expect(tops.slice(0, 4).every((top) => top === tops[0])).toBe(true);
    expect(tops[4]).toBeGreaterThan(tops[0]);

    await page.getByRole('button', { name: 'Table view' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByTestId('record-card')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('tabType'))).toBe('table');
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByRole('button', { name: 'Card view' }).click();
    await expect(page.getByTestId('record-card').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('tabType'))).toBe('card');
  });

  test('a cold visit draws each card whole: its actions come with its title, and the card keeps its size', async ({ page, signInAs }) => {
    await signInAs();
    // The first card as the page first holds it: what it offers and how tall it is.
    await page.addInitScript(() => {
      const held = window as unknown as { firstCard?: { actions: string[]; height: number } };
      new MutationObserver(() => {
        const card = document.querySelector('[data-testid="record-card"]');
        if (!card || held.firstCard) return;
        const actions = [...card.querySelectorAll('a, button, input[type="checkbox"]')].map((element) => element.getAttribute('aria-label') ?? element.textContent!.trim());
        held.firstCard = { actions, height: Math.round(card.getBoundingClientRect().height) };
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/course');
    const card = page.getByTestId('record-card').first();
    await expect(card.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(page.getByTestId('list-results')).toHaveAttribute('aria-busy', 'false');
    const first = await page.evaluate(() => (window as unknown as { firstCard: { actions: string[]; height: number } }).firstCard);
    expect(first.actions).toEqual(expect.arrayContaining(['Select', 'Chapter management', 'Edit', 'Delete']));
    expect(first.height).toBe(Math.round((await card.boundingBox())!.height));
  });

  test('at 600 px, the side menu open, the toolbar\'s buttons wrap rather than overlap, in every language', async ({ page, signInAs }) => {
    await signInAs();
    await page.setViewportSize({ width: 600, height: 900 });
    for (const [locale, heading] of [['en-US', 'Teachers'], ['zh-CN', '讲师'], ['ja-JP', '講師']] as const) {
      await page.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale);
      await page.goto('/teacher');
      await expect(page.getByTestId('record-card').first()).toBeVisible();
      const boxes = await page.locator('[data-testid="list-results"]').evaluate((results) => {
        const toolbar = results.parentElement!.querySelector('.MuiToolbar-root')!;
        return [...toolbar.querySelectorAll('a, button')].map((element) => {
          const { left, right, top, bottom } = element.getBoundingClientRect();
          // A button squeezed narrower than its words lets them run over its neighbour.
          const fits = element.scrollWidth <= element.clientWidth + 1;
          return { name: element.textContent!.trim() || element.getAttribute('aria-label'), left, right, top, bottom, fits };
        });
      });
      expect(boxes.length, heading).toBeGreaterThanOrEqual(4);
      for (const box of boxes) expect(box.fits, `${locale}: "${box.name}" holds its words`).toBe(true);
      for (const [i, a] of boxes.entries())
        for (const b of boxes.slice(i + 1)) {
          const overlap = a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
          expect(overlap, `${locale}: "${a.name}" and "${b.name}"`).toBe(false);
        }
    }
  });

  test('the cards follow the list\'s width: four to a row at most, none narrower than 13rem', async ({ page, signInAs }) => {
    await signInAs();
    await page.goto('/teacher');
    await expect(page.getByTestId('record-card').nth(4)).toBeVisible();
    const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    // The side menu stays open down to a phone's width (a drawer there): on a tablet it leaves the list 300-700 px.
    for (const [width, columns] of [[1920, 4], [1366, 4], [1024, 3], [800, 2], [600, 1], [390, 1]] as const) {
      await page.setViewportSize({ width, height: 900 });
      // The layout follows the window after a render, and the side menu eases to its new width (at
      // 390 px it becomes a drawer): a card measured before that was 62 px wide. The figures are read
      // until they hold.
      const narrowest = Math.min(13 * rem, width - 48);
      await expect
        .poll(
          () =>
            page.getByTestId('record-card').evaluateAll(
              (all, narrowest) => {
                const boxes = all.slice(0, 5).map((card) => card.getBoundingClientRect());
                return {
                  columns: new Set(boxes.map((box) => Math.round(box.left))).size,
                  tooNarrow: boxes.filter((box) => box.width < narrowest).length,
                  pastTheWindow: boxes.filter((box) => box.right > window.innerWidth).length,
                };
              },
              narrowest,
            ),
          { message: `${width} px` },
        )
        .toEqual({ columns, tooNarrow: 0, pastTheWindow: 0 });
    }
  });

  test('the total label, the page size (remembered) and the quick jump', async ({ page, server, signInAs }) => {
    const prefix = unique('pages');
    await seedGroups(server, prefix, 23);
    await signInAs();
    await openList(page, prefix);
    await expect(page.getByTestId('list-range')).toHaveText('Show: 1-10, Total 23');

    await page.getByRole('textbox', { name: 'Go to' }).fill('3');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page.getByTestId('list-range')).toHaveText('Show: 21-23, Total 23');
    await expect(page.getByTestId('record-card')).toHaveCount(3);

    await page.getByRole('textbox', { name: 'Go to' }).fill('99');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page.getByTestId('list-range')).toHaveText('Show: 21-23, Total 23');

    await page.getByRole('combobox', { name: /\/ page/ }).click();
    await page.getByRole('option', { name: '20 / page' }).click();
    await expect(page.getByTestId('list-range')).toHaveText(/Show: \d+-\d+, Total 23/);
    expect(await page.evaluate(() => localStorage.getItem('pageSize'))).toBe('20');

    await page.goto('/carousel_group');
    await searchFor(page, prefix);
    await expect(page.getByTestId('list-range')).toHaveText('Show: 1-20, Total 23');
    await expect(page.getByTestId('record-card')).toHaveCount(20);
  });

  test('a delete asks first; a page it empties steps back one page', async ({ page, server, signInAs }) => {
    const prefix = unique('step');
    await seedGroups(server, prefix, 11);
    await signInAs();
    await openList(page, prefix);
    await expect(page.getByTestId('list-range')).toHaveText('Show: 1-10, Total 11');
    await page.getByRole('button', { name: 'page 2' }).click();
    await expect(page.getByTestId('list-range')).toHaveText('Show: 11-11, Total 11');
    // The label follows the page at once; the cards follow when page 2 has arrived.
    const card = page.getByTestId('record-card');
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Do you want to delete this item?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('list-range')).toHaveText('Show: 11-11, Total 11');

    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Delete success');
    await expect(page.getByTestId('list-range')).toHaveText('Show: 1-10, Total 10');
    await expect(page.getByTestId('record-card')).toHaveCount(10);
  });

  test('batch delete of the selected records, in both views', async ({ page, server, signInAs }) => {
    const prefix = unique('many');
    await seedGroups(server, prefix, 4);
    await signInAs();
    await openList(page, prefix);
    await expect(page.getByTestId('record-card')).toHaveCount(4);
    const checkboxes = page.getByTestId('record-card').getByRole('checkbox', { name: 'Select' });
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await page.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('Do you want to delete the 2 selected items?');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Delete success');
    await expect(page.getByTestId('list-range')).toHaveText('Show: 1-2, Total 2');

    await page.getByRole('button', { name: 'Table view' }).click();
    await page.getByRole('table').getByRole('checkbox').first().check();
    await page.locator('.RaBulkActionsToolbar-toolbar').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('No data')).toBeVisible();
    expect((await server.api('GET', `/api/v1/carousel_groups?keyword=${prefix}`, { token: (await server.signIn()).token })).body.data.total).toBe(0);
  });

  test('refresh shows what changed elsewhere; the title opens the details', async ({ page, server, signInAs }) => {
    const prefix = unique('again');
    await seedGroups(server, prefix, 1);
    await signInAs();
    await openList(page, prefix);
    await expect(page.getByTestId('list-range')).toHaveText('Show: 1-1, Total 1');
    await seedGroups(server, `${prefix}-more`, 1);
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page.getByTestId('list-range')).toHaveText('Show: 1-2, Total 2');

    await page.getByRole('button', { name: `Group ${prefix}-01` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Details: Group ${prefix}-01`);
    await expect(dialog).toContainText(`Code (ucode)${prefix}-01`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a search word longer than the server takes is refused under the box, in the user\'s language, and the list keeps its records', async ({ page, server, signInAs }) => {
    const prefix = unique('long');
    await seedGroups(server, prefix, 3);
    await signInAs();
    await page.addInitScript(() => localStorage.setItem('locale', 'ja-JP'));
    await openList(page, prefix);
    await expect(page.getByTestId('list-range')).toHaveText('表示：1-3、全 3 件');
    const keywordsAsked: (string | null)[] = [];
    page.on('request', (request) => keywordsAsked.push(new URL(request.url()).searchParams.get('keyword')));

    const searchBox = page.getByPlaceholder('検索');
    await searchBox.fill(`${prefix}${'x'.repeat(101)}`);
    await expect(page.getByText('100 文字以内で入力してください')).toBeVisible();
    await expect(searchBox).toHaveAttribute('aria-invalid', 'true');
    // Past the search box's pause before it asks (500 ms), nothing was asked and nothing changed.
    await page.waitForTimeout(1_000);
    expect(keywordsAsked.filter((keyword) => keyword?.endsWith('x'))).toEqual([]);
    await expect(page.getByTestId('record-card')).toHaveCount(3);
    await expect(page.getByTestId('list-range')).toHaveText('表示：1-3、全 3 件');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
