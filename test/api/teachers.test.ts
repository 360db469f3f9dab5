import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const collection = '/api/v1/teachers';
const pager = '/api/v1/teachers/pager';
let server: TestServer;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
});
afterAll(() => server.stop());

const names = (answer: { body: { data: { items: { name: string }[] } } }) => answer.body.data.items.map((teacher) => teacher.name);

test('the demo teachers are listed at SPEC.md\'s pager address, with their photo key and introduction', async () => {
  const answer = await admin.get(pager, { query: { page_size: 50 } });
  expect(answer.status).toBe(200);
  expect(answer.body.data.total).toBeGreaterThanOrEqual(3);
  expect(answer.body.data.items.find((teacher: { name: string }) => teacher.name === 'Lin Qiao')).toMatchObject({
    title: 'Senior front-end engineer',
    photo: 'demo/teacher.jpg',
  });
});

test('create, search by name, read, partial update and delete', async () => {
  const created = await admin.post(collection, { name: 'Ada Byron', title: 'Mathematician', photo: 'images/1716200000-ab12cd.png', introduction: '<p>Notes on the engine</p>' });
  expect(created.status).toBe(200);
  const { id } = created.body.data;
  expect(created.body.data).toEqual({ id, name: 'Ada Byron', title: 'Mathematician', photo: 'images/1716200000-ab12cd.png', introduction: '<p>Notes on the engine</p>' });

  expect(names(await admin.get(pager, { query: { keyword: 'byron' } }))).toEqual(['Ada Byron']);
  expect((await admin.get(`${collection}/${id}`)).body.data.name).toBe('Ada Byron');

  const retitled = await admin.put(`${collection}/${id}`, { title: 'Analyst' });
  expect(retitled.body.data).toMatchObject({ name: 'Ada Byron', title: 'Analyst', photo: 'images/1716200000-ab12cd.png', introduction: '<p>Notes on the engine</p>' });

  expect((await admin.delete(`${collection}/${id}`)).status).toBe(200);
  expect((await admin.get(`${collection}/${id}`)).status).toBe(404);
});

test('the introduction is sanitised before it is stored: no script, handler or javascript: link survives', async () => {
  const hostile =
    '<p onclick="steal()">Hello <strong>world</strong></p><script>alert(1)</script>' +
    '<a href="javascript:alert(2)">click</a><img src="x" onerror="alert(3)"><iframe src="https://evil.example"></iframe>';
  const created = await admin.post(collection, { name: 'Mallory', introduction: hostile });
  expect(created.status).toBe(200);
  const stored = (await admin.get(`${collection}/${created.body.data.id}`)).body.data.introduction as string;
  expect(stored).toContain('<strong>world</strong>');
  for (const banned of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', 'alert(']) expect(stored).not.toContain(banned);
  // An update is sanitised the same way.
  const updated = await admin.put(`${collection}/${created.body.data.id}`, { introduction: '<p>ok</p><script>x()</script>' });
  expect(updated.body.data.introduction).toBe('<p>ok</p>');
});

test('bad input is refused, named in the caller\'s language, and writes nothing', async () => {
  const before = (await admin.get(pager)).body.data.total;
  const missing = await admin.post(collection, { title: 'No name' }, { headers: { 'accept-language': 'ja-JP' } });
  expect(missing.status).toBe(400);
  expect(missing.body.errors).toEqual({ name: '必須項目です' });
  expect(missing.body.message).toContain('氏名');

  const wrong = await admin.post(collection, { name: ['x'], photo: '../../etc/passwd', introduction: 42 });
  expect(wrong.status).toBe(400);
  expect(Object.keys(wrong.body.errors).sort()).toEqual(['introduction', 'name', 'photo']);
  for (const photo of ['/etc/passwd', 'a/../b.png', 'a\\b.png', 'x'.repeat(300)]) {
    expect((await admin.post(collection, { name: 'Key test', photo })).body.errors).toHaveProperty('photo');
  }
  expect((await admin.post(collection, { name: 'x'.repeat(65) })).body.errors).toEqual({ name: 'Must be 64 characters or less' });
  expect((await admin.get(pager)).body.data.total).toBe(before);

  const teacher = (await admin.get(pager)).body.data.items[0];
  expect((await admin.put(`${collection}/${teacher.id}`, { name: '' })).status).toBe(400);
  expect((await admin.get(`${collection}/${teacher.id}`)).body.data.name).toBe(teacher.name);
});

test('only operators may read or change teachers', async () => {
  const tenantAdmin = client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD));
  expect((await tenantAdmin.get(pager)).status).toBe(403);
  expect((await tenantAdmin.post(collection, { name: 'Nope' })).status).toBe(403);
  const anonymous = client(server.url);
  expect((await anonymous.get(pager)).status).toBe(401);
  expect((await anonymous.delete(`${collection}/1`)).status).toBe(401);
});

test('a teacher named on courses cannot be deleted: 409 naming the teacher and how many courses, in the caller\'s language', async () => {
  const { id } = (await admin.post(collection, { name: 'Edsger Dijkstra' })).body.data;
  const [categoryId] = (await admin.get('/api/v1/categories/tree')).body.data[0].children.map((child: { id: number }) => child.id);
  const courses = [];
  for (const title of ['Structured programming', 'Shortest paths'])
    courses.push((await admin.post('/api/v1/courses', { title, category_id: categoryId, teacher_ids: [id] })).body.data.id);

  const refused = await admin.delete(`${collection}/${id}`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('The teacher "Edsger Dijkstra" is named on 2 courses and cannot be deleted: remove them from those courses first');
  const chinese = await admin.delete(`${collection}/${id}`, { headers: { 'accept-language': 'zh-CN' } });
  expect(chinese.body.message).toBe('讲师“Edsger Dijkstra”是 2 门课程的主讲老师，无法删除：请先从这些课程中移除该讲师');
  const japanese = await admin.delete(`${collection}/${id}`, { headers: { 'accept-language': 'ja-JP' } });
  expect(japanese.body.message).toContain('講師「Edsger Dijkstra」は 2 件のコース');

  expect((await admin.put(`/api/v1/courses/${courses[0]}`, { teacher_ids: [] })).status).toBe(200);
  expect((await admin.delete(`${collection}/${id}`)).body.message).toBe(
    'The teacher "Edsger Dijkstra" is named on one course and cannot be deleted: remove them from that course first',
  );
  expect((await admin.get(`${collection}/${id}`)).status).toBe(200);
  expect((await admin.delete(`/api/v1/courses/${courses[1]}`)).status).toBe(200);
  expect((await admin.delete(`${collection}/${id}`)).body).toEqual({ success: true, data: null });
});

test('a course saved while its teacher is being deleted: either the delete is refused or the course is, never a course naming a teacher that is gone', async () => {
  const [categoryId] = (await admin.get('/api/v1/categories/tree')).body.data[0].children.map((child: { id: number }) => child.id);
  for (let round = 0; round < 5; round++) {
    const { id } = (await admin.post(collection, { name: `Racing teacher ${round}` })).body.data;
    const [course, removal] = await Promise.all([
      admin.post('/api/v1/courses', { title: `Racing course ${round}`, category_id: categoryId, teacher_ids: [id] }),
      admin.delete(`${collection}/${id}`),
    ]);
    // One of the two wins; the other is refused with a client error, never a 500.
    expect([course.status, removal.status].sort()).toEqual(course.status === 200 ? [200, 409] : [200, 400]);
    if (course.status === 200) expect((await admin.get(`${collection}/${id}`)).status).toBe(200);
    else expect(course.body.errors).toEqual({ teacher_ids: 'The chosen record does not exist' });
  }
});
