import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, test, typeDate, unique, type RunningServer } from './fixtures';

const pdf = path.join(process.cwd(), 'test/fixtures/tiny.pdf');

/** The texts of one locale, as the console shows them. */
interface Texts {
  locale: string;
  heading: string;
  newChapter: string;
  newSection: string;
  name: string;
  pdfType: string;
  choose: string;
  change: string;
  pickerTitle: string;
  pickerOk: string;
  submit: string;
  edit: string;
  moveUp: string;
  moveDown: string;
  delete: string;
  confirm: string;
  created: string;
  updated: string;
  deleted: string;
  noChapters: string;
  noSections: string;
  noResource: string;
  freePreview: string;
  back: string;
  chapterPlace: (n: number) => string;
  sectionPlace: (n: number) => string;
  newSectionHeading: (n: number, title: string) => string;
  editSection: (n: number) => string;
  editChapter: (n: number) => string;
  deleteWithSections: (n: number) => RegExp;
  courseLine: (course: string, category: string) => string;
  notFound: string;
  noneChosen: string;
  pdfRefused: string;
  missingRecord: string;
  beginsAt: string;
  dateIncomplete: string;
  videoType: string;
}

const english: Texts = {
  locale: 'en-US',
  heading: 'Chapter management',
  newChapter: 'New chapter',
  newSection: 'New section',
  name: 'Chapter name',
  pdfType: 'PDF',
  choose: 'Choose',
  change: 'Change',
  pickerTitle: 'Select a video',
  pickerOk: 'OK',
  submit: 'Submit',
  edit: 'Edit',
  moveUp: 'Move up',
  moveDown: 'Move down',
  delete: 'Delete',
  confirm: 'Confirm',
  created: 'Create success.',
  updated: 'Edit Success',
  deleted: 'Delete success',
  noChapters: 'This course has no chapters yet',
  noSections: 'No sections in this chapter yet',
  noResource: 'No resource',
  freePreview: 'Free preview',
  back: 'Back to the courses',
  chapterPlace: (n) => `Chapter ${n}`,
  sectionPlace: (n) => `Section ${n}`,
  newSectionHeading: (n, title) => `New section in chapter ${n}: ${title}`,
  editSection: (n) => `Edit section ${n}`,
  editChapter: (n) => `Edit chapter ${n}`,
  deleteWithSections: (n) => new RegExp(`delete this chapter and its ${n} sections`),
  courseLine: (course, category) => `Course: ${course} · Category: ${category}`,
  notFound: 'Page not found',
  noneChosen: 'None chosen',
  pdfRefused: 'Please select PDF file!',
  missingRecord: 'The chosen record does not exist',
  beginsAt: 'Starts at',
  dateIncomplete: 'Not a complete date',
  videoType: 'Video',
};

const chinese: Texts = {
  locale: 'zh-CN',
  heading: '章节管理',
  newChapter: '新建章',
  newSection: '新建节',
  name: '章节名称',
  pdfType: 'PDF',
  choose: '选择',
  change: '更换',
  pickerTitle: '选择视频',
  pickerOk: '确定',
  submit: '提交',
  edit: '编辑',
  moveUp: '上移',
  moveDown: '下移',
  delete: '删除',
  confirm: '确认',
  created: '创建成功',
  updated: '编辑成功',
  deleted: '删除成功',
  noChapters: '该课程暂无章节',
  noSections: '本章暂无小节',
  noResource: '暂无资源',
  freePreview: '免费试看',
  back: '返回课程列表',
  chapterPlace: (n) => `第${n}章`,
  sectionPlace: (n) => `第${n}节`,
  newSectionHeading: (n, title) => `在第${n}章“${title}”下新建节`,
  editSection: (n) => `编辑第${n}节`,
  editChapter: (n) => `编辑第${n}章`,
  deleteWithSections: (n) => new RegExp(`本章及其下的 ${n} 个小节`),
  courseLine: (course, category) => `课程：${course} · 分类：${category}`,
  notFound: '页面不存在',
  noneChosen: '未选择',
  pdfRefused: '请选择 PDF 文件！',
  missingRecord: '所选记录不存在',
  beginsAt: '开始时间',
  dateIncomplete: '日期不完整',
  videoType: '视频',
};

interface Node {
  id: number;
  title: string;
  children: Node[];
}

/** A course of its own (and its category), made through the API. */
async function makeCourse(server: RunningServer, token: string, title: string) {
  const category = unique('Category');
  const made = await server.api('POST', '/api/v1/categories', { token, body: { title: category } });
  const course = await server.api('POST', '/api/v1/courses', { token, body: { title, category_id: made.body.data.id } });
  expect(course.status).toBe(200);
  return { id: course.body.data.id as number, category };
}

const treeOf = async (server: RunningServer, token: string, courseId: number) =>
  (await server.api<{ data: Node[] }>('GET', `/api/v1/courses/${courseId}/chapters/tree`, { token })).body.data;

const chapterSection = (page: Page, title: string) => page.getByRole('region', { name: title });
const chapterRow = (page: Page, title: string) => chapterSection(page, title).getByTestId('chapter-row');
const sectionRow = (page: Page, chapter: string, title: string) =>
  chapterSection(page, chapter).getByTestId('section').filter({ has: page.getByText(title, { exact: true }) });
const sectionTitles = (page: Page, chapter: string) => chapterSection(page, chapter).getByTestId('section-title');

/** Saves the form and waits for the tree to be back. */
async function submit(page: Page, t: Texts, toast: string) {
  await page.getByRole('button', { name: t.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(toast);
  await expect(page).toHaveURL(/\/course\/\d+\/chapter$/);
}

async function newChapter(page: Page, t: Texts, title: string) {
  await page.getByRole('link', { name: t.newChapter }).click();
  await expect(page).toHaveURL(/\/course\/\d+\/chapter\/create$/);
  await page.getByLabel(t.name).fill(title);
  await submit(page, t, t.created);
}

async function openNewSection(page: Page, t: Texts, chapter: string, place: number, title: string) {
  await chapterRow(page, chapter).getByRole('link', { name: t.newSection }).click();
  await expect(page).toHaveURL(/\/course\/\d+\/chapter\/(\d+)\/section\/\1\/create$/);
  await expect(page.getByRole('heading', { name: t.newSectionHeading(place, chapter) })).toBeVisible();
  await page.getByLabel(t.name).fill(title);
}

/** Opens the video picker, finds the video by its title and confirms it. */
async function chooseVideo(page: Page, t: Texts, title: string) {
  await page.getByTestId('res_id-chosen').getByRole('button', { name: new RegExp(`^(${t.choose}|${t.change})$`) }).click();
  const picker = page.getByRole('dialog', { name: t.pickerTitle });
  await picker.getByRole('searchbox').fill(title);
  await expect(picker.getByTestId('picker-table').getByRole('row')).toHaveCount(2);
  await picker.getByRole('radio', { name: new RegExp(title) }).check();
  await picker.getByRole('button', { name: t.pickerOk }).click();
  await expect(page.getByTestId('res_id-chosen')).toContainText(title);
}

for (const t of [english, chinese]) {
  test.describe(`chapters (${t.locale})`, () => {
    test('build chapters and sections with a video and a PDF, reorder, edit by ?idx=, delete', async ({ page, server, signInAs }) => {
      // One story through every screen and action: longer than a single check.
      test.setTimeout(180_000);
      const { token } = await server.signIn();
      const courseTitle = unique('Course');
      const { id: courseId, category } = await makeCourse(server, token, courseTitle);
      const videoTitle = unique('Video');
      expect((await server.api('POST', '/api/v1/videos', { token, body: { title: videoTitle } })).status).toBe(200);
      const [first, second] = [unique('Basics'), unique('Practice')];
      const [withVideo, withPdf, bare] = [unique('Watch'), unique('Read'), unique('Later')];

      await signInAs();
      await page.goto(`/course/${courseId}/chapter?locale=${t.locale}`);
      await expect(page.getByRole('heading', { name: t.heading })).toBeVisible();
      await expect(page.getByTestId('chapter-course')).toHaveText(t.courseLine(courseTitle, category));
      await expect(page.getByText(t.noChapters)).toBeVisible();
      await expect(page.getByRole('link', { name: t.back })).toHaveAttribute('href', '/course');

      await newChapter(page, t, first);
      await newChapter(page, t, second);
      await expect(page.getByText(t.noChapters)).toHaveCount(0);
      await expect(chapterSection(page, first)).toContainText(t.noSections);
      await expect(page.getByTestId('chapter-title')).toHaveText([`${t.chapterPlace(1)} ${first}`, `${t.chapterPlace(2)} ${second}`]);

      // A section with a video chosen in the picker, shown for free.
      await openNewSection(page, t, first, 1, withVideo);
      await page.getByLabel(t.freePreview).check();
      await chooseVideo(page, t, videoTitle);
      // Switching type drops the other type's choice.
      await page.getByRole('radio', { name: t.pdfType, exact: true }).check();
      await expect(page.getByTestId('res_id-chosen')).toHaveCount(0);
      await page.getByRole('radio', { name: t.videoType, exact: true }).check();
      await expect(page.getByTestId('res_id-chosen')).toHaveText(new RegExp(t.noneChosen));
      await chooseVideo(page, t, videoTitle);
      await submit(page, t, t.created);
      await expect(sectionRow(page, first, withVideo)).toContainText(videoTitle);
      await expect(sectionRow(page, first, withVideo)).toContainText(t.freePreview);

      // A section with an uploaded PDF.
      await openNewSection(page, t, first, 1, withPdf);
      await page.getByRole('radio', { name: t.pdfType, exact: true }).check();
      await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expect(page.getByRole('alert')).toHaveText(t.pdfRefused);
      await page.locator('input[type="file"]').setInputFiles(pdf);
      // Named as it was uploaded, not by its stored key.
      await expect(page.getByRole('link', { name: 'tiny.pdf', exact: true })).toBeVisible();
      await submit(page, t, t.created);
      await expect(sectionRow(page, first, withPdf)).toContainText('tiny.pdf');

      // A video deleted after it was chosen: the server's 400 shows under the field.
      const gone = unique('Gone');
      const goneId = (await server.api('POST', '/api/v1/videos', { token, body: { title: gone } })).body.data.id;
      await openNewSection(page, t, first, 1, bare);
      await chooseVideo(page, t, gone);
      expect((await server.api('DELETE', `/api/v1/videos/${goneId}`, { token })).status).toBe(200);
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.getByText(t.missingRecord, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/create$/);

      // A section with nothing yet says so.
      await page.getByTestId('res_id-chosen').getByRole('img', { name: new RegExp(gone) }).click();
      await expect(page.getByTestId('res_id-chosen')).toHaveText(new RegExp(t.noneChosen));
      await submit(page, t, t.created);
      await expect(sectionRow(page, first, bare).getByTestId('no-resource')).toHaveText(t.noResource);
      await expect(sectionRow(page, first, withVideo).getByTestId('no-resource')).toHaveCount(0);
      await expect(sectionTitles(page, first)).toHaveText([1, 2, 3].map((n, i) => `${t.sectionPlace(n)} ${[withVideo, withPdf, bare][i]}`));

      // Reorder: the ends cannot move past themselves.
      await expect(sectionRow(page, first, withVideo).getByRole('button', { name: t.moveUp })).toBeDisabled();
      await expect(sectionRow(page, first, bare).getByRole('button', { name: t.moveDown })).toBeDisabled();
      await expect(chapterRow(page, first).getByRole('button', { name: t.moveUp })).toBeDisabled();
      await expect(chapterRow(page, second).getByRole('button', { name: t.moveDown })).toBeDisabled();
      await sectionRow(page, first, bare).getByRole('button', { name: t.moveUp }).click();
      await expect(sectionTitles(page, first)).toHaveText([withVideo, bare, withPdf].map((title, i) => `${t.sectionPlace(i + 1)} ${title}`));
      await sectionRow(page, first, withVideo).getByRole('button', { name: t.moveDown }).click();
      await expect(sectionTitles(page, first)).toHaveText([bare, withVideo, withPdf].map((title, i) => `${t.sectionPlace(i + 1)} ${title}`));
      await chapterRow(page, second).getByRole('button', { name: t.moveUp }).click();
      await expect(page.getByTestId('chapter-title')).toHaveText([`${t.chapterPlace(1)} ${second}`, `${t.chapterPlace(2)} ${first}`]);
      await page.reload();
      await expect(sectionTitles(page, first)).toHaveText([bare, withVideo, withPdf].map((title, i) => `${t.sectionPlace(i + 1)} ${title}`));
      await expect(sectionRow(page, first, bare).getByRole('button', { name: t.moveUp })).toBeDisabled();
      await expect(chapterRow(page, first).getByRole('button', { name: t.moveDown })).toBeDisabled();

      // Edit through the deep link, signed in: the heading is the place the tree shows.
      const tree = await treeOf(server, token, courseId);
      const firstChapter = tree.find((node) => node.title === first)!;
      const videoSection = firstChapter.children.find((node) => node.title === withVideo)!;
      await page.goto(`/course/${courseId}/chapter/${videoSection.id}/section/${firstChapter.id}/edit?idx=2&locale=${t.locale}`);
      await expect(page.getByRole('heading', { name: t.editSection(2) })).toBeVisible();
      await expect(page.getByLabel(t.name)).toHaveValue(withVideo);
      await expect(page.getByTestId('res_id-chosen')).toContainText(videoTitle);
      const renamed = `${withVideo} 2`;
      await page.getByLabel(t.name).fill(renamed);
      // Its start, typed to the minute: half typed, it is refused under the field and nothing is saved.
      await typeDate(page, t.beginsAt, '2027-03-05 09');
      await page.getByRole('button', { name: t.submit }).click();
      await expect(page.locator('.MuiPickersTextField-root', { has: page.getByRole('group', { name: t.beginsAt }) })).toContainText(t.dateIncomplete);
      expect((await server.api('GET', `/api/v1/chapters/${videoSection.id}`, { token })).body.data.title).toBe(withVideo);
      await typeDate(page, t.beginsAt, '2027-03-05 09:30');
      await submit(page, t, t.updated);
      // A local time (the browser's time zone is UTC here).
      expect((await server.api('GET', `/api/v1/chapters/${videoSection.id}`, { token })).body.data.begin_at).toBe(Date.UTC(2027, 2, 5, 9, 30));
      await expect(sectionRow(page, first, renamed)).toContainText(videoTitle);
      // The link from the tree carries the place; a wrong one still opens the record at its own place.
      await expect(chapterRow(page, first).getByRole('link', { name: t.edit })).toHaveAttribute('href', `/course/${courseId}/chapter/${firstChapter.id}/edit?idx=2`);
      await page.goto(`/course/${courseId}/chapter/${firstChapter.id}/edit?idx=9&locale=${t.locale}`);
      await expect(page.getByRole('heading', { name: t.editChapter(2) })).toBeVisible();
      await page.goto(`/course/${courseId}/chapter/${firstChapter.id}/edit?locale=${t.locale}`);
      await expect(page.getByRole('heading', { name: t.editChapter(2) })).toBeVisible();

      // Deleting a chapter asks first, then takes its sections with it.
      await page.goto(`/course/${courseId}/chapter?locale=${t.locale}`);
      await chapterRow(page, first).getByRole('button', { name: t.delete }).click();
      await expect(page.getByRole('dialog')).toContainText(t.deleteWithSections(3));
      await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
      await expect(page.getByRole('alert')).toHaveText(t.deleted);
      await expect(chapterSection(page, first)).toHaveCount(0);
      await expect(page.getByTestId('chapter-title')).toHaveText([`${t.chapterPlace(1)} ${second}`]);
      expect((await server.api('GET', `/api/v1/chapters/${videoSection.id}`, { token })).status).toBe(404);

      // Addresses that name nothing show the not-found page.
      await page.goto(`/course/${courseId}/chapter/${videoSection.id}/edit?idx=1&locale=${t.locale}`);
      await expect(page.getByRole('heading', { name: t.notFound })).toBeVisible();
      await page.goto(`/course/999999/chapter?locale=${t.locale}`);
      await expect(page.getByRole('heading', { name: t.notFound })).toBeVisible();
    });
  });
}

/** Everything at once, with titles as long as they may be, for the eye at both widths. */
async function fillForScreens(server: RunningServer, token: string, locale: string) {
  const long = locale === 'zh-CN' ? '面向零基础学员的数据分析与可视化实战入门课程第一部分'.repeat(2) : 'Introductionto' + 'dataanalysisandvisualisation'.repeat(4);
  const { id } = await makeCourse(server, token, `${long}`.slice(0, 128));
  const video = await server.api('POST', '/api/v1/videos', { token, body: { title: `${long}`.slice(0, 128) } });
  const chapter = await server.api('POST', '/api/v1/chapters', { token, body: { title: long.slice(0, 128), course_id: id, parent_id: 0, res_type: 'video' } });
  const parent = chapter.body.data.id;
  await server.api('POST', '/api/v1/chapters', {
    token,
    body: { title: long.slice(0, 120), course_id: id, parent_id: parent, res_type: 'video', res_id: video.body.data.id, preview_enabled: true, begin_at: Date.UTC(2026, 11, 1, 9) },
  });
  await server.api('POST', '/api/v1/chapters', { token, body: { title: 'PDF', course_id: id, parent_id: parent, res_type: 'pdf', res_id: 'syllabus-2026.pdf' } });
  await server.api('POST', '/api/v1/chapters', { token, body: { title: 'Q&A', course_id: id, parent_id: parent, res_type: 'video' } });
  await server.api('POST', '/api/v1/chapters', { token, body: { title: 'Wrap-up', course_id: id, parent_id: 0, res_type: 'video' } });
  return { id, parent };
}

test.describe('chapter screens layout', () => {
  for (const locale of ['en-US', 'zh-CN']) {
    test(`long titles wrap at 1440 and 390 px (${locale})`, async ({ page, server, signInAs }, testInfo) => {
      const { token } = await server.signIn();
      const { id, parent } = await fillForScreens(server, token, locale);
      await signInAs();
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/course/${id}/chapter?locale=${locale}`);
        const chapter = page.getByTestId('chapter').first();
        await expect(chapter.getByTestId('section')).toHaveCount(3);
        await expectNoSidewaysScroll(page, { locator: chapter, width });
        await page.screenshot({ path: testInfo.outputPath(`chapters-${locale}-${width}.png`), fullPage: true });
        await page.goto(`/course/${id}/chapter/${parent}/section/${parent}/create?locale=${locale}`);
        await expect(page.getByRole('radio').first()).toBeVisible();
        await expectNoSidewaysScroll(page, { locator: page.locator('form'), width });
        await page.screenshot({ path: testInfo.outputPath(`section-form-${locale}-${width}.png`), fullPage: true });
        // The start's calendar and clock fit the window: beside the field at 1440 px, in a dialog of their own at 390.
        await page.locator('.MuiPickersTextField-root').getByRole('button').last().click();
        const calendar = page.getByRole('dialog');
        await expect(calendar.getByRole('grid')).toBeVisible();
        const box = (await calendar.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await page.keyboard.press('Escape');
        await expect(calendar).toHaveCount(0);
      }
    });
  }
});
