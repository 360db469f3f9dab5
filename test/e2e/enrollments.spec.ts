import type { Page } from '@playwright/test';
import { ADMIN_PASSWORD, expect, shoot, shootAtWidths, test, typeDate, type RunningServer } from './fixtures';

/** The chart's bars move to a new width in a short transition: shoot them where they end. */
const CHART_SETTLE_MS = 1_000;

/** The demo's most popular course (server/db/demoEnrollments.ts): enrolments to filter, disable and enable. */
const COURSE = 'React from first principles';

/** The course's enabled enrolments as the statistic counts them for this caller. */
async function countOf(server: RunningServer, token: string, title: string) {
  const answer = await server.api('GET', `/api/v1/enrollments/statistic?keyword=${encodeURIComponent(title)}`, { token });
  const row = answer.body.data.items.find((item: { target: { title: string } }) => item.target.title === title);
  return (row?.enrollment_count ?? 0) as number;
}

/** Waits for the list's next answer from the pager. */
const nextPage = (page: Page) => page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/enrollments/pager');

test.describe.configure({ mode: 'serial' });

test.describe('enrolments', () => {
  test('an operator reads the statistic and its chart, filters the details by course through the picker, disables an enrolment and sees the count drop, then enables it again', async ({ page, server, signInAs }, testInfo) => {
    const { token } = await server.signIn();
    const before = await countOf(server, token, COURSE);
    expect(before).toBeGreaterThan(10);
    const statisticRow = (await server.api('GET', '/api/v1/enrollments/statistic?page_size=1', { token })).body.data.items[0];
    expect(statisticRow).toEqual({ target: { id: expect.any(Number), title: COURSE }, enrollment_count: before });

    await signInAs();
    await page.goto('/enroll_statis');
    await expect(page.getByRole('heading', { name: 'Enrolment statistics' })).toBeVisible();
    await expect(page.getByText('Enabled enrolments only')).toBeVisible();
    // The most enrolled course first, in the list and in the chart of the page.
    const cards = page.getByTestId('record-card');
    await expect(cards.first()).toContainText(COURSE);
    await expect(cards.first()).toContainText(`Enrolments: ${before}`);
    const chart = page.getByTestId('enrollment-chart');
    await expect(chart).toContainText('Enrolments of the courses on this page');
    await expect(chart.locator('svg').first()).toBeVisible();
    await expect(chart).toContainText(COURSE);
    await expect(chart).toContainText(String(before));
    await shootAtWidths(page, testInfo, 'enroll_statis-en', CHART_SETTLE_MS);

    // The details, filtered by course through the course picker.
    await page.goto('/enroll_detail');
    await expect(page.getByRole('heading', { name: 'Enrolments' })).toBeVisible();
    await page.getByTestId('target_id-chosen').getByRole('button', { name: 'Choose' }).click();
    const picker = page.getByRole('dialog', { name: 'Select a course' });
    await picker.getByRole('searchbox').fill(COURSE);
    await picker.getByRole('radio', { name: `Choose ${COURSE}` }).check();
    let answered = nextPage(page);
    await picker.getByRole('button', { name: 'OK' }).click();
    await answered;
    await expect(page.getByTestId('target_id-chosen')).toContainText(COURSE);
    await expect(cards.first()).toContainText(COURSE);
    for (const card of await cards.all()) await expect(card).toContainText(COURSE);
    const totalOfCourse = (await server.api('GET', `/api/v1/enrollments/pager?page_size=1&target_id=${statisticRow.target.id}`, { token })).body.data.total;
    await expect(page.getByText(new RegExp(`Total ${totalOfCourse}$`))).toBeVisible();

    // Only the enabled ones: each offers to disable.
    answered = nextPage(page);
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Enabled' }).click();
    await answered;
    await expect(page.getByText(new RegExp(`Total ${before}$`))).toBeVisible();
    const first = cards.first();
    await expect(first).toContainText('Enabled');
    const learner = ((await first.textContent()) ?? '').match(/Learner:\s*(\S+?)Status/)?.[1];
    expect(learner).toBeTruthy();
    await first.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Disable the enrolment of ${learner} in "${COURSE}"? The learner can no longer study the course.`);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enrolment disabled');
    // It leaves the enabled ones.
    await expect(page.getByText(new RegExp(`Total ${before - 1}$`))).toBeVisible();
    expect(await countOf(server, token, COURSE)).toBe(before - 1);

    // The statistic has one fewer for the course.
    await page.goto('/enroll_statis');
    await expect(cards.filter({ hasText: COURSE })).toContainText(`Enrolments: ${before - 1}`);

    // Among the disabled ones it offers to enable; enabling brings the count back.
    await page.goto('/enroll_detail');
    await page.getByTestId('target_id-chosen').getByRole('button', { name: 'Choose' }).click();
    await picker.getByRole('searchbox').fill(COURSE);
    await picker.getByRole('radio', { name: `Choose ${COURSE}` }).check();
    await picker.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Disabled' }).click();
    const again = cards.filter({ hasText: `Learner: ${learner}` });
    await expect(again).toHaveCount(1);
    await expect(again).toContainText('Disabled');
    await again.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Enable the enrolment of ${learner} in "${COURSE}"?`);
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enrolment enabled');
    await expect(again).toHaveCount(0);
    expect(await countOf(server, token, COURSE)).toBe(before);
    await page.goto('/enroll_statis');
    await expect(cards.first()).toContainText(`Enrolments: ${before}`);

    // From the statistic to the course's enrolments.
    await cards.first().getByRole('link', { name: 'Show the enrolments' }).click();
    await expect(page).toHaveURL(/\/enroll_detail/);
    await expect(page.getByTestId('target_id-chosen')).toContainText(COURSE);
    for (const card of await cards.all()) await expect(card).toContainText(COURSE);
    // The address keeps the chosen course: opened afresh, the filter still names it.
    await page.reload();
    await expect(page.getByTestId('target_id-chosen')).toContainText(COURSE);
    await expect(page.getByText(new RegExp(`Total ${totalOfCourse}$`))).toBeVisible();
    await shootAtWidths(page, testInfo, 'enroll_detail-en', CHART_SETTLE_MS);
  });

  test('the days enrolled narrow the details; a last day before the first is refused under it', async ({ page, server, signInAs }) => {
    const { token } = await server.signIn();
    const all = (await server.api('GET', '/api/v1/enrollments/pager?page_size=1', { token })).body.data.total as number;
    // The newest enrolment's day: the list from that day on holds it, and fewer than all.
    const newest = (await server.api('GET', '/api/v1/enrollments/pager?page_size=1', { token })).body.data.items[0];
    const day = new Date(newest.create_at);
    const iso = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const start = new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
    const fromThatDay = (await server.api('GET', `/api/v1/enrollments/pager?page_size=1&start_time=${start}`, { token })).body.data.total as number;
    expect(fromThatDay).toBeLessThan(all);

    await signInAs();
    await page.goto('/enroll_detail?locale=en-US');
    await expect(page.getByText(new RegExp(`Total ${all}$`))).toBeVisible();
    await typeDate(page, 'Enrolled from', iso(day));
    await expect(page.getByText(new RegExp(`Total ${fromThatDay}$`))).toBeVisible();
    await expect(page.getByTestId('record-card').first()).toContainText(newest.target_title);
    // The last day the day before the first: said under it, and the list stays as it was.
    const dayBefore = new Date(day.getFullYear(), day.getMonth(), day.getDate() - 1);
    await typeDate(page, 'Enrolled until', iso(dayBefore));
    await expect(page.getByText('Cannot be before the start')).toBeVisible();
    await expect(page.getByText(new RegExp(`Total ${fromThatDay}$`))).toBeVisible();
    // Both on the same day: that one day.
    await typeDate(page, 'Enrolled until', iso(day));
    await expect(page.getByText('Cannot be before the start')).toHaveCount(0);
    await expect(page.getByText(new RegExp(`Total ${fromThatDay}$`))).toBeVisible();
  });

  test('in Japanese, in an English browser, a day is written 2026-03-01 and chosen from a Japanese calendar', async ({ page, server, signInAs }, testInfo) => {
    const { token } = await server.signIn();
    const newest = (await server.api('GET', '/api/v1/enrollments/pager?page_size=1', { token })).body.data.items[0];
    const day = new Date(newest.create_at);
    const start = new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
    const fromThatDay = (await server.api('GET', `/api/v1/enrollments/pager?page_size=1&start_time=${start}`, { token })).body.data.total as number;

    await signInAs();
    await page.goto('/enroll_detail?locale=ja-JP');
    const from = page.locator('.MuiPickersTextField-root', { has: page.getByRole('group', { name: '登録日（から）' }) });
    await from.getByRole('button', { name: /日付を選択/ }).click();
    const calendar = page.getByRole('dialog', { name: '登録日（から）' });
    // An empty field's calendar opens at this month; the newest enrolment may be last month's, just after midnight on the 1st.
    if (day.getMonth() !== new Date().getMonth()) await calendar.getByRole('button', { name: '先月' }).click();
    await expect(calendar).toContainText(`${day.getFullYear()}年${day.getMonth() + 1}月`);
    // Japanese weeks start on Sunday.
    await expect(calendar.getByRole('columnheader').first()).toHaveText('日');
    // Shot once it has grown in, not through it.
    await expect(calendar.locator('.MuiPickerPopper-paper')).toHaveCSS('opacity', '1');
    await shoot(page, testInfo, 'enroll_detail-ja-1440-calendar');
    await calendar.getByRole('gridcell', { name: String(day.getDate()), exact: true }).click();
    await expect(calendar).toHaveCount(0);
    const two = (n: number) => String(n).padStart(2, '0');
    await expect(from.getByRole('spinbutton')).toHaveText([String(day.getFullYear()), two(day.getMonth() + 1), two(day.getDate())]);
    await expect(page.getByText(new RegExp(`全 ${fromThatDay} 件`))).toBeVisible();
    // Cleared, the filter goes.
    await from.getByRole('button', { name: 'クリア' }).click();
    await expect(page).not.toHaveURL(/start_time/);
  });

  test("an organisation's administrator, in Chinese, sees its own learners' enrolments and counts only", async ({ page, server, signInAs }, testInfo) => {
    const { token: adminToken } = await server.signIn();
    const { token } = await server.signIn('riverside_admin', ADMIN_PASSWORD);
    const own = (await server.api('GET', '/api/v1/enrollments/pager?page_size=100', { token })).body.data;
    const everyone = (await server.api('GET', '/api/v1/enrollments/pager?page_size=1', { token: adminToken })).body.data.total as number;
    expect(own.total).toBeGreaterThan(0);
    expect(own.total).toBeLessThan(everyone);
    const ownStatistic = (await server.api('GET', '/api/v1/enrollments/statistic?page_size=1', { token })).body.data.items[0];
    expect(ownStatistic.enrollment_count).toBeLessThan(await countOf(server, adminToken, ownStatistic.target.title));

    await signInAs('riverside_admin', ADMIN_PASSWORD);
    await page.goto('/enroll_statis?locale=zh-CN');
    await expect(page.getByRole('heading', { name: '报名统计' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '报名明细' })).toBeVisible();
    const cards = page.getByTestId('record-card');
    await expect(cards.first()).toContainText(ownStatistic.target.title);
    await expect(cards.first()).toContainText(`报名人数: ${ownStatistic.enrollment_count}`);
    await expect(page.getByTestId('enrollment-chart')).toContainText('本页课程的报名人数');
    // No course list for an organisation's administrator: no link to a course's enrolments.
    await expect(page.getByRole('link', { name: '查看报名明细' })).toHaveCount(0);
    await shootAtWidths(page, testInfo, 'enroll_statis-riverside-zh', CHART_SETTLE_MS);

    await page.getByRole('menuitem', { name: '报名明细' }).click();
    await expect(page.getByRole('heading', { name: '报名明细' })).toBeVisible();
    await expect(page.getByText(new RegExp(`共 ?${own.total} ?条`))).toBeVisible();
    // Learners and their organisation: every one on the page is the college's.
    const learners = new Set(own.items.map((item: { learner_name: string }) => item.learner_name));
    for (const card of await cards.all()) {
      const name = ((await card.textContent()) ?? '').match(/学员:\s*(\S+?)状态/)?.[1];
      expect(learners.has(name)).toBe(true);
    }
    // Filters by learner and state, not by course (it has no course list).
    await expect(page.getByTestId('target_id-chosen')).toHaveCount(0);
    await expect(page.getByTestId('learner_id-chosen').getByRole('button', { name: '选择' })).toBeVisible();
    await shootAtWidths(page, testInfo, 'enroll_detail-riverside-zh', CHART_SETTLE_MS);
  });
});
