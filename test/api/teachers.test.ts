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
