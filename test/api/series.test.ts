import { client, signIn } from './client';
import { ADMIN_PASSWORD, DEMO_PASSWORD, startServer, type TestServer } from './server';

const collection = '/api/v1/sys/series';
const coursesOf = (id: number) => `/api/v1/series/${id}/courses`;
let server: TestServer;
let admin: ReturnType<typeof client>;

interface Node {
  id: number;
  title: string;
  children: Node[];
}
interface Series {
  id: number;
  title: string;
  category_id: number;
  category: { id: number; title: string };
  category_names: string;
  teacher_ids: number[];
  teachers: { id: number; name: string }[];
  price: number;
  original_price: number;
  available: boolean;
  create_at: number;
  [field: string]: unknown;
}

let categoryId: Record<string, number>;
let childrenOf: Record<string, number[]>;
/** Demo course ids, newest first. */
let courseIds: number[];

beforeAll(async () => {
  server = await startServer();
  admin = client(server.url, await signIn(server.url, 'admin', ADMIN_PASSWORD));
  const tree = (await admin.get('/api/v1/categories/tree')).body.data as Node[];
  categoryId = Object.fromEntries(tree.flatMap((top) => [[top.title, top.id], ...top.children.map((child) => [child.title, child.id])]));
  childrenOf = Object.fromEntries(tree.map((top) => [top.title, top.children.map((child) => child.id)]));
  courseIds = (await admin.get('/api/v1/courses/pager', { query: { page_size: 20 } })).body.data.items.map((course: { id: number }) => course.id);
});
afterAll(() => server.stop());

async function create(body: Record<string, unknown>): Promise<Series> {
  const answer = await admin.post(collection, { category_id: categoryId['Web development'], ...body });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function list(query: Record<string, string | number | (string | number)[]>) {
  const answer = await admin.get(collection, { query });
  expect(answer.status).toBe(200);
  return answer.body.data as { items: Series[]; total: number };
}

async function courseList(id: number, query: Record<string, number> = { page_size: 100 }) {
  const answer = await admin.get(coursesOf(id), { query });
  expect(answer.status).toBe(200);
  return answer.body.data as { items: { id: number; title: string; category: { id: number; title: string }; teachers: { id: number; name: string }[]; price: number; cover: string }[]; total: number };
}

describe('the demo series', () => {
  test('eight series of three to eight courses, some published; the front-end path starts with the well-known course', async () => {
    const { items, total } = await list({ page_size: 100 });
    const demo = items.filter((item) => String(item.cover).startsWith('demo/'));
    expect(total).toBe(8);
    expect(demo).toHaveLength(8);
    expect(demo.filter((item) => item.available).length).toBe(5);
    for (const item of demo) {
      const { total: courses, items: inSeries } = await courseList(item.id);
      expect([item.title, courses >= 3 && courses <= 8]).toEqual([item.title, true]);
      // Each holds courses of its own subcategory.
      expect(inSeries.every((course) => course.category.id === item.category_id)).toBe(true);
    }
    const frontEnd = demo.find((item) => item.title === 'Front-end engineer path')!;
    expect(frontEnd).toMatchObject({ category_names: 'Programming / Web development', teachers: [{ name: 'Lin Qiao' }], available: true });
    expect((await courseList(frontEnd.id)).items[0].title).toBe('React from first principles');
  });
});

describe('create, read, list, update, delete', () => {
  test('a series is created unpublished with every field, its category path and creation time, and read back', async () => {
    const teacher = (await admin.post('/api/v1/teachers', { name: 'Ada Series' })).body.data.id;
    const before = Date.now();
    const created = await create({
      title: '  Full-stack in a season  ',
      cover: 'demo/cover-2.jpg',
      teacher_ids: [teacher],
      subtitle: 'From the browser to the database',
      price: 299,
      original_price: 499,
      brief: 'Four courses, one project.',
      suit_crowds: 'Developers who know one side',
      introduction: '<p>Hello <script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">there</a></p>',
      features: 'Project based\nCode review',
      available: true,
      create_at: 5,
    });
    expect(created).toMatchObject({
      title: 'Full-stack in a season',
      category: { id: categoryId['Web development'], title: 'Web development' },
      category_names: 'Programming / Web development',
      teachers: [{ id: teacher, name: 'Ada Series' }],
      price: 299,
      original_price: 499,
      features: 'Project based\nCode review',
      // Publishing has its own calls, and the creation time is the server's.
      available: false,
    });
    expect(created.create_at).toBeGreaterThanOrEqual(before - 5_000);
    expect(created.create_at).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(created.introduction).not.toMatch(/script|javascript|onclick/);
    expect((await admin.get(`${collection}/${created.id}`)).body.data).toEqual(created);
  });

  test('a series filed under a top-level category is named by that category alone', async () => {
    const created = await create({ title: 'Everything programming', category_id: categoryId.Programming });
    expect(created.category_names).toBe('Programming');
  });

  test('the list: title search with `word`, the category filter with subcategories, published or not', async () => {
    const marker = `Zebra${Date.now()}`;
    const web = await create({ title: `${marker} web`, category_id: categoryId['Web development'] });
    const top = await create({ title: `${marker} top`, category_id: categoryId.Programming });
    const design = await create({ title: `${marker} design`, category_id: categoryId.Design });
    expect((await admin.post(`${collection}/${design.id}/publish`)).status).toBe(200);

    const found = await list({ word: marker });
    expect(found.total).toBe(3);
    expect(found.items.map((item) => item.id)).toEqual([design.id, top.id, web.id]);
    // `keyword` is not the series' search name: it narrows nothing.
    expect((await list({ keyword: marker })).total).toBeGreaterThan(3);

    const programming = await list({ word: marker, categoryId: categoryId.Programming });
    expect(programming.items.map((item) => item.id).sort()).toEqual([top.id, web.id].sort());
    expect((await list({ word: marker, categoryId: categoryId['Web development'] })).items.map((item) => item.id)).toEqual([web.id]);
    expect((await list({ categoryId: 999_999 })).total).toBe(0);
    for (const item of (await list({ categoryId: categoryId.Programming, page_size: 100 })).items)
      expect([categoryId.Programming, ...childrenOf.Programming]).toContain(item.category_id);

    expect((await list({ word: marker, available: 'true' })).items.map((item) => item.id)).toEqual([design.id]);
    expect((await list({ word: marker, available: 'false' })).total).toBe(2);
    expect((await list({ word: marker, sort_by: 'title', order: 'asc' })).items.map((item) => item.title)).toEqual([
      `${marker} design`,
      `${marker} top`,
      `${marker} web`,
    ]);
  });

  test('an update changes what it names and keeps the rest; the published state is not the update\'s', async () => {
    const created = await create({ title: 'Before', brief: 'kept', price: 10, original_price: 20 });
    const updated = await admin.put(`${collection}/${created.id}`, { title: 'After', category_id: categoryId.Design, available: true });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ title: 'After', brief: 'kept', price: 10, category_names: 'Design', available: false });
    expect(updated.body.data.create_at).toBe(created.create_at);
  });

  test('deleting a series deletes its course list, not the courses', async () => {
    const created = await create({ title: 'Short lived' });
    await admin.post(`${collection}/${created.id}/courses`, courseIds.slice(0, 2));
    expect((await admin.delete(`${collection}/${created.id}`)).body).toEqual({ success: true, data: null });
    expect((await admin.get(`${collection}/${created.id}`)).status).toBe(404);
    expect((await admin.get(coursesOf(created.id))).status).toBe(404);
    expect((await admin.get(`/api/v1/courses/${courseIds[0]}`)).status).toBe(200);
    expect((await admin.delete(`${collection}/${created.id}`)).status).toBe(404);
  });
});

describe('publish and unpublish', () => {
  test('publishing twice is harmless, as is unpublishing twice', async () => {
    const created = await create({ title: 'On and off' });
    for (let time = 0; time < 2; time++) {
      const published = await admin.post(`${collection}/${created.id}/publish`);
      expect(published.status).toBe(200);
      expect(published.body.data).toMatchObject({ id: created.id, available: true, title: 'On and off' });
    }
    expect((await admin.get(`${collection}/${created.id}`)).body.data.available).toBe(true);
    for (let time = 0; time < 2; time++) expect((await admin.post(`${collection}/${created.id}/unpublish`)).body.data.available).toBe(false);
    expect((await admin.post(`${collection}/999999/publish`)).status).toBe(404);
    expect((await admin.post(`${collection}/999999/unpublish`)).status).toBe(404);
  });
});

describe("a series' courses", () => {
  test('added in the order given after those already in, ignoring ones already in; listed a page at a time', async () => {
    const created = await create({ title: 'Course bundle' });
    const [a, b, c, d] = courseIds;
    const first = await admin.post(`${collection}/${created.id}/courses`, [b, a]);
    expect(first.body).toEqual({ success: true, data: { added: 2, total: 2 } });
    const second = await admin.post(`${collection}/${created.id}/courses`, [a, d, c, d]);
    expect(second.body.data).toEqual({ added: 2, total: 4 });

    const all = await courseList(created.id);
    expect(all.total).toBe(4);
    expect(all.items.map((item) => item.id)).toEqual([b, a, d, c]);
    for (const item of all.items) {
      expect(item.category).toEqual({ id: expect.any(Number), title: expect.any(String) });
      expect(item.teachers.length).toBeGreaterThan(0);
      for (const teacher of item.teachers) expect(teacher).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      expect(item.cover).toMatch(/^demo\/cover-\d\.jpg$/);
      expect(typeof item.price).toBe('number');
      expect(item).not.toHaveProperty('introduction');
    }
    const second_page = await courseList(created.id, { page: 2, page_size: 3 });
    expect(second_page).toMatchObject({ total: 4, items: [{ id: c }] });
    expect((await courseList(created.id, { page: 3, page_size: 3 })).items).toEqual([]);
  });

  test('removing a course keeps the others in order; removing one that is not in the series is a 404 that says so', async () => {
    const created = await create({ title: 'Shrinking bundle' });
    const [a, b, c] = courseIds;
    await admin.post(`${collection}/${created.id}/courses`, [a, b, c]);
    const removed = await admin.post(`${collection}/${created.id}/courses/${b}`);
    expect(removed.body).toEqual({ success: true, data: null });
    expect((await courseList(created.id)).items.map((item) => item.id)).toEqual([a, c]);

    const again = await admin.post(`${collection}/${created.id}/courses/${b}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(`Course ${b} is not in the series "Shrinking bundle"`);
    const chinese = await admin.post(`${collection}/${created.id}/courses/${b}`, undefined, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.body.message).toBe(`课程 ${b} 不在系列课程“Shrinking bundle”中`);
    expect((await admin.post(`${collection}/${created.id}/courses/999999`)).status).toBe(404);
    expect((await admin.post(`${collection}/999999/courses/${a}`)).status).toBe(404);
    // Added again, it goes last.
    await admin.post(`${collection}/${created.id}/courses`, [b]);
    expect((await courseList(created.id)).items.map((item) => item.id)).toEqual([a, c, b]);
  });

  test('unknown course ids, an empty or malformed body: 400 naming the field, and nothing added', async () => {
    const created = await create({ title: 'Strict bundle' });
    const unknown = await admin.post(`${collection}/${created.id}/courses`, [courseIds[0], 999_999, 999_998]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ course_ids: 'These ids name no course: 999999, 999998' });
    expect(unknown.body.message).toContain('Courses');
    const japanese = await admin.post(`${collection}/${created.id}/courses`, [999_999], { headers: { 'accept-language': 'ja-JP' } });
    expect(japanese.body.message).toContain('コース');
    expect((await courseList(created.id)).total).toBe(0);

    for (const body of [[], { course_ids: [1] }, ['x'], [0], [1.5]]) expect((await admin.post(`${collection}/${created.id}/courses`, body)).status).toBe(400);
    expect((await admin.post(`${collection}/999999/courses`, [courseIds[0]])).status).toBe(404);
    expect((await admin.get(coursesOf(999_999))).status).toBe(404);
  });

  test('a deleted course leaves every series it was in', async () => {
    const course = (await admin.post('/api/v1/courses', { title: 'Soon gone', category_id: categoryId.Design })).body.data.id as number;
    const one = await create({ title: 'Holds the doomed course' });
    const other = await create({ title: 'Also holds it' });
    await admin.post(`${collection}/${one.id}/courses`, [courseIds[0], course]);
    await admin.post(`${collection}/${other.id}/courses`, [course]);
    expect((await admin.delete(`/api/v1/courses/${course}`)).status).toBe(200);
    expect((await courseList(one.id)).items.map((item) => item.id)).toEqual([courseIds[0]]);
    expect((await courseList(other.id)).total).toBe(0);
  });
});

describe('bad input and guards', () => {
  test('missing title and category, unknown references, prices: 400 naming the fields in the caller\'s language', async () => {
    const before = (await list({})).total;
    const chinese = await admin.post(collection, {}, { headers: { 'accept-language': 'zh-CN' } });
    expect(chinese.status).toBe(400);
    expect(Object.keys(chinese.body.errors).sort()).toEqual(['category_id', 'title']);
    expect(chinese.body.message).toContain('标题');

    const unknown = await admin.post(collection, { title: 'Orphan', category_id: 999_999, teacher_ids: [999_998] });
    expect(unknown.body.errors).toEqual({ category_id: 'The chosen record does not exist', teacher_ids: 'The chosen record does not exist' });

    const below = await admin.post(collection, { title: 'Cheap', category_id: categoryId.Design, price: 100, original_price: 80 });
    expect(below.body.errors).toEqual({ original_price: 'Cannot be below the price (100); leave it at 0 to show none' });
    expect((await list({})).total).toBe(before);

    const created = await create({ title: 'Priced', price: 100, original_price: 100 });
    expect((await admin.put(`${collection}/${created.id}`, { price: 120 })).body.errors).toHaveProperty('original_price');
    expect((await admin.put(`${collection}/${created.id}`, { title: '' })).body.errors).toEqual({ title: 'Required' });
    expect((await admin.put(`${collection}/999999`, { title: 'Nobody' })).status).toBe(404);
    expect((await admin.get(`${collection}/abc`)).status).toBe(400);
    expect((await admin.get(collection, { query: { categoryId: 'web' } })).status).toBe(400);
  });

  test('a category that holds series and a teacher named on one cannot be deleted: 409 naming them and the count', async () => {
    const category = (await admin.post('/api/v1/categories', { title: 'Series only', parent_id: 0 })).body.data.id as number;
    const teacher = (await admin.post('/api/v1/teachers', { name: 'Only on series' })).body.data.id as number;
    const created = await create({ title: 'Holds both', category_id: category, teacher_ids: [teacher] });

    const categoryRefused = await admin.delete(`/api/v1/categories/${category}`);
    expect(categoryRefused.status).toBe(409);
    expect(categoryRefused.body.message).toBe('The category "Series only" holds one series and cannot be deleted: move or delete the series first');
    const teacherRefused = await admin.delete(`/api/v1/teachers/${teacher}`, { headers: { 'accept-language': 'zh-CN' } });
    expect(teacherRefused.status).toBe(409);
    expect(teacherRefused.body.message).toBe('讲师“Only on series”是 1 个系列课程的主讲老师，无法删除：请先从这些系列课程中移除该讲师');

    expect((await admin.delete(`${collection}/${created.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/categories/${category}`)).status).toBe(200);
    expect((await admin.delete(`/api/v1/teachers/${teacher}`)).status).toBe(200);
  });
});

describe('who may', () => {
  const everyCall = (id: number, courseId: number) =>
    [
      ['get', collection],
      ['get', `${collection}/${id}`],
      ['post', collection],
      ['put', `${collection}/${id}`],
      ['delete', `${collection}/${id}`],
      ['post', `${collection}/${id}/publish`],
      ['post', `${collection}/${id}/unpublish`],
      ['post', `${collection}/${id}/courses`],
      ['post', `${collection}/${id}/courses/${courseId}`],
      ['get', coursesOf(id)],
    ] as const;

  test('anonymous: 401 on every call; a tenant administrator and a learner: 403, and nothing changes', async () => {
    const created = await create({ title: 'Guarded series' });
    await admin.post(`${collection}/${created.id}/courses`, [courseIds[0]]);
    const callers = [
      [client(server.url), 401],
      [client(server.url, await signIn(server.url, 'demo_tenant_admin', DEMO_PASSWORD)), 403],
      [client(server.url, await signIn(server.url, 'demo_learner', DEMO_PASSWORD, { platform: true })), 403],
    ] as const;
    for (const [caller, status] of callers)
      for (const [method, path] of everyCall(created.id, courseIds[0])) {
        const body = path.endsWith('/courses') ? [courseIds[1]] : { title: 'Taken over', category_id: categoryId.Design };
        const answer = method === 'post' || method === 'put' ? await caller[method](path, body) : await caller[method](path);
        expect([method, path, answer.status]).toEqual([method, path, status]);
      }
    expect((await admin.get(`${collection}/${created.id}`)).body.data).toEqual(created);
    expect((await courseList(created.id)).items.map((item) => item.id)).toEqual([courseIds[0]]);
  });

  test('the OpenAPI documents word and categoryId on the list', async () => {
    const docs = (await client(server.url).get('/api/docs/json')).body;
    const parameters = (docs.paths[collection].get.parameters as { name: string }[]).map((parameter) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(['word', 'categoryId', 'available']));
    expect(docs.paths[`${collection}/{id}/courses/{courseId}`].post).toBeDefined();
  });
});
