import { expect, test, unique } from './fixtures';

test('probe', async ({ page, server, signInAs }) => {
  const { token } = await server.signIn();
  const cat = await server.api('POST', '/api/v1/categories', { token, body: { title: unique('Cat') } });
  const course = await server.api('POST', '/api/v1/courses', { token, body: { title: unique('Course'), category_id: cat.body.data.id } });
  const id = course.body.data.id;
  const ch = await server.api('POST', '/api/v1/chapters', { token, body: { title: 'Intro', course_id: id, parent_id: 0, res_type: 'video' } });
  await server.api('POST', '/api/v1/chapters', { token, body: { title: 'Welcome', course_id: id, parent_id: ch.body.data.id, res_type: 'pdf', res_id: 'x.pdf', preview_enabled: true, begin_at: Date.now() } });
  await server.api('POST', '/api/v1/chapters', { token, body: { title: 'Empty', course_id: id, parent_id: 0, res_type: 'video' } });
  await signInAs();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/course/${id}/chapter?locale=en-US`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/cc/probe-${width}.png`, fullPage: true });
  }
  await page.goto(`/course/${id}/chapter/${ch.body.data.id}/edit?idx=1&locale=en-US`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/cc/probe-edit.png`, fullPage: true });
  await page.goto(`/course/999/chapter?locale=en-US`);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/cc/probe-404.png`, fullPage: true });
});
