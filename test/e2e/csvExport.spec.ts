import { readFile } from 'node:fs/promises';
import { catalogues } from '../../i18n/catalogues';
import type { ConsoleLocale } from '../../i18n/locales';
import { expect, searchFor, test, unique } from './fixtures';

const message = (locale: ConsoleLocale, key: string) => key.split('.').reduce((node: any, part) => node[part], catalogues[locale]) as string;

test.describe('CSV export', () => {
  test('the list toolbar downloads every row of the search, in each language, safe for a spreadsheet', async ({ page, server, signInAs }) => {
    // Three languages, each a visit, a search and a download.
    test.slow();
    const { token } = await server.signIn();
    const prefix = unique('Exported');
    // More than a page: the file holds them all. One name a spreadsheet would take for a formula.
    for (let n = 0; n < 12; n++) await server.api('POST', '/api/v1/teachers', { token, body: { name: `${prefix} ${String(n).padStart(2, '0')}`, title: n === 0 ? '=1+1' : 'Lecturer' } });
    await signInAs();

    for (const locale of ['zh-CN', 'en-US', 'ja-JP'] as const) {
      await page.goto(`/teacher?locale=${locale}`);
      await searchFor(page, prefix);
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: message(locale, 'app.export.button'), exact: true }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toBe(`${message(locale, 'resources.teacher.name').split(' |||| ').pop()}.csv`);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
      const fields = (name: string) => message(locale, `resources.teacher.fields.${name}`);
      expect(lines[0]).toBe([message(locale, 'app.export.id'), fields('name'), fields('title'), fields('photo')].join(','));
      // Every row of the search (not only the page shown), in the list's order: newest first.
      expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(Array.from({ length: 12 }, (_, n) => `${prefix} ${String(11 - n).padStart(2, '0')}`));
      expect(lines.at(-1)).toMatch(/,'=1\+1,$/);
    }
  });
});
